"""Leaderboard pages: every rating key with rated games, and the best players for one key."""

from django.shortcuts import render

from . import selectors


def leaderboards(request):
    return render(request, "ratings/leaderboards.html", {"rating_keys": selectors.rating_keys()})


def leaderboard(request, key: str):
    return render(request, "ratings/leaderboard.html", {"key": key, "ratings": selectors.leaderboard(key=key)})
