"""League pages."""

from django.shortcuts import render


def index(request):
    return render(request, "leagues/index.html")
