"""Per-player rate limits counted atomically in the shared cache (Redis in production), for actions
the API and the pages both reach through one service (issuing challenges): a throttle on one
interface would leave the other open.

``rate_limit_consume`` counts in fixed windows with ``cache.add`` then ``cache.incr`` — both atomic
in Redis (and under a lock in the local-memory cache), so parallel requests can never all pass the
limit the way a read-then-write count could.
"""

from __future__ import annotations

import time

from django.core.cache import cache

KEY_PREFIX = "ratelimit"


def rate_limit_consume(*, scope: str, key: object, limit: int, window: int, now: float | None = None) -> bool:
    """Count one use of ``scope`` by ``key``; False when this use is over ``limit`` per ``window``
    seconds (it is counted all the same: hammering does not help)."""
    now = time.time() if now is None else now
    bucket = f"{KEY_PREFIX}:{scope}:{key}:{int(now // window)}"
    cache.add(bucket, 0, timeout=window + 1)
    try:
        count = cache.incr(bucket)
    except ValueError:  # expired between add and incr
        cache.add(bucket, 1, timeout=window + 1)
        count = 1
    return count <= limit
