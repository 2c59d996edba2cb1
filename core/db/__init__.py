"""Database backends of our own (see ``core.db.postgresql``)."""
