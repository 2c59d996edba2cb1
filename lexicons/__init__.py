"""Word lists for the word games: rule-8 filters, source loaders and the compact in-memory index.

This package must not import Django, so engines, benchmarks and scripts can use it directly.  The
database models, the ``import_lexicon`` command and the admin live elsewhere and call in here.
"""
