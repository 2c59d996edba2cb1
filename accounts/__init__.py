"""Accounts: the custom User, profile and preferences, and allauth glue."""
