"""Ratings: Elo per game kind (and language), the history of every change, leaderboards, and the
rebuild of every rating from the finished games.  Above the games core: it reads finished games and
is told of results by events; nothing below imports it."""
