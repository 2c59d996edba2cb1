"""JSON API for ratings: a leaderboard, and a player's ratings with their history."""

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import UNKNOWN_PLAYER, AppError
from web.api_errors import ErrorSerializer

from . import selectors

ERROR = ErrorSerializer


def _user(username: str):
    return get_user_model().objects.filter(username=username).first()


RATING = inline_serializer("Rating", {
    "key": serializers.CharField(), "username": serializers.CharField(), "rating": serializers.FloatField(),
    "games": serializers.IntegerField(),
}, many=True)


class LeaderboardApi(APIView):
    @extend_schema(responses={200: RATING})
    def get(self, request, key: str):
        """The best 100 ratings for a key such as ``crossword:en``."""
        return Response([
            {"key": r.key, "username": r.user.username, "rating": r.rating, "games": r.games}
            for r in selectors.leaderboard(key=key)
        ])


class PlayerRatingsApi(APIView):
    @extend_schema(responses={200: inline_serializer("PlayerRatings", {
        "key": serializers.CharField(), "rating": serializers.FloatField(), "games": serializers.IntegerField(),
        "history": serializers.ListField(child=serializers.DictField()),
    }, many=True), 404: ERROR})
    def get(self, request, username: str):
        """A player's ratings with the change each rated game made."""
        user = _user(username)
        if user is None:
            raise AppError(UNKNOWN_PLAYER, "No such player.", 404)
        history = selectors.rating_history(user=user)
        return Response([
            {"key": r.key, "rating": r.rating, "games": r.games,
             "history": [{"game": c.game_id, "before": c.before, "after": c.after, "at": c.created_at}
                         for c in history.get(r.key, [])]}
            for r in selectors.player_ratings(user=user)
        ])
