"""Letterpost's bottom layer: what every app shares and nothing above it may be needed for.

The one application error type (``errors``), the one DRF exception handler (``api_errors``), how
pages show a refusal (``pages``), the on-commit event bus with its outbox (``events``), the registry
of policies the core asks before a write (``policies``) and the time-zone fallback (``timezones``).
Nothing here imports another Letterpost app.
"""
