"""ASGI entry point for the benchmark server: the real ``config.asgi.application`` with the toy engine
(``tests/games/toy_engine.py``, kind "toy") registered, so that ``bench/move_submission.py`` can play
games that never end without any change to the application code.

Run by the benchmark as ``uvicorn bench.asgi_bench:application`` from the repository root.
"""

from engines import registry
from tests.games.toy_engine import ENGINE as TOY

registry.register(TOY)

from config.asgi import application  # noqa: E402  (after the engine is registered)

__all__ = ["application"]
