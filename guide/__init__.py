"""How to play: a rules page per game, with example pictures drawn from the engines' own scoring."""
