"""Games: the pure engines, the models that persist them, and the move path that connects the two."""
