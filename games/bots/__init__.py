"""Bots on the site: their accounts (``accounts``), what they do through the services (``play``) and the
common words the Crossword beginner keeps to (``common_words``).  How a bot chooses a move is pure and
belongs to each engine (``Engine.bot_levels``, ``Engine.bot_move``).
"""
