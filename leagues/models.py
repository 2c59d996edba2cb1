"""League models arrive with the leagues issue; the app exists so that URLs and migrations have a home."""
