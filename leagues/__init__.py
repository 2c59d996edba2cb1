"""Leagues: seasons, divisions, fixtures, standings and ratings (filled in by the leagues issue)."""
