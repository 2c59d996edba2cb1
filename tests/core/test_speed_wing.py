"""The speed wing (``core.speed``): one switch, the plain path the reference, and the only place the code
touches a library's private attributes, each touch pinned against the installed library."""

import ast
import functools
import importlib
import inspect
import io
import textwrap
from pathlib import Path

import pytest
from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.base import BaseHandler
from django.core.management.base import OutputWrapper
from django.db import connection, transaction
from django.http import HttpRequest
from drf_spectacular.openapi import AutoSchema
from psycopg_pool import ConnectionPool
from rest_framework.request import Request

from core import speed
from games import services, store
from games.models import Game, Move, Seat

ROOT = Path(__file__).resolve().parents[2]
NOT_OURS = {".venv", "tests", "bench", "node_modules", "staticfiles", "migrations", ".git"}
OUR_PACKAGES = {p.name for p in ROOT.iterdir() if (p / "__init__.py").exists()}
WING = Path("core", "speed.py")
# Django's documented model API, though its names begin with an underscore (``_state``: "Model._state" in
# the model instance reference, its ``adding`` and ``db``).
DOCUMENTED = {"_meta", "_default_manager", "_base_manager", "_state"}


def our_files() -> list[Path]:
    return [p for p in ROOT.rglob("*.py") if not NOT_OURS.intersection(p.relative_to(ROOT).parts)]


def names_we_define(trees) -> set[str]:
    """The names our own code defines: functions, classes, assigned names and attributes, imports."""
    names = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and (
                    isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                names.add(node.attr)
            elif isinstance(node, ast.alias):
                names.add((node.asname or node.name).split(".")[0])
    return names


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


@functools.cache
def library_class_privates(cls: type) -> frozenset[str]:
    """The private names the library classes among ``cls``'s bases define or use on ``self``."""
    names = set()
    for base in cls.__mro__:
        if base is object or base.__module__.split(".")[0] in OUR_PACKAGES:
            continue
        names.update(name for name in vars(base) if _private(name))
        try:
            source = textwrap.dedent(inspect.getsource(base))
        except (OSError, TypeError):
            continue
        names.update(node.attr for node in ast.walk(ast.parse(source))
                     if isinstance(node, ast.Attribute) and _private(node.attr))
    return frozenset(names)


def library_subclasses(trees: dict) -> dict:
    """For each top-level class of ours with a base from a library: that library's private names."""
    found = {}
    for path, tree in trees.items():
        classes = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.bases]
        if not classes:
            continue
        try:
            module = importlib.import_module(".".join(path.with_suffix("").parts))
        except Exception:  # noqa: BLE001 - a module this process cannot load is left to the first rule
            continue
        for node in classes:
            obj = getattr(module, node.name, None)
            if isinstance(obj, type):
                found[path, node.name] = library_class_privates(obj)
    return found


def private_touches(trees: dict, ours: set[str], classes: dict) -> list[str]:
    """``x._name`` on another object (``x`` not ``self``/``cls``) where no code of ours defines ``_name``;
    and in a class of ours built on a library's (``classes``), any private name of that library's class
    used or overridden."""
    touches = set()
    for path, tree in trees.items():
        for cls in tree.body:
            inherited = classes.get((path, getattr(cls, "name", None)), frozenset())
            for node in ast.walk(cls) if inherited else ():
                name = node.attr if isinstance(node, ast.Attribute) else (
                    node.name if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None)
                if name in inherited and name not in DOCUMENTED:
                    touches.add(f"{path}:{node.lineno} .{name}")
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute) or not _private(node.attr) or node.attr in DOCUMENTED:
                continue
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                continue
            if node.attr not in ours:
                touches.add(f"{path}:{node.lineno} .{node.attr}")
    return sorted(touches)


def test_no_code_outside_the_wing_touches_a_private_attribute_of_a_library():
    trees = {path.relative_to(ROOT): ast.parse(path.read_text("utf-8"), str(path)) for path in our_files()}
    ours = names_we_define(trees.values())
    outside = {path: tree for path, tree in trees.items() if path != WING}
    touches = private_touches(outside, ours, library_subclasses(outside))
    assert touches == [], "private attributes of libraries belong in core/speed.py: " + ", ".join(touches)


def test_the_scan_sees_a_touch():
    tree = ast.parse("pool._check = check\nclass Handler(BaseHandler):\n    def f(self):\n"
                     "        self._middleware_chain = h\n        self._mine = 1\n")
    found = private_touches({Path("x.py"): tree}, names_we_define([tree]),
                            {(Path("x.py"), "Handler"): library_class_privates(BaseHandler)})
    assert sorted(touch.rsplit(" ", 1)[1] for touch in found) == ["._check", "._middleware_chain"]


def test_every_touch_is_listed_once():
    names = [attribute for _, attribute, _ in speed.LIBRARY_TOUCHES]
    assert len(names) == len(set(names))
    source = (ROOT / "core" / "speed.py").read_text("utf-8")
    for attribute in names:
        assert "." + attribute.split(".")[1] in source


# --- each touch pinned against the installed library ---------------------------------------------

@pytest.mark.django_db
def test_pin_model_state_marks_a_row_saved_as_the_orm_does(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    queried = Game.objects.get(pk=game.pk)
    built = Game.__new__(Game)
    built.__dict__.update({f.attname: getattr(queried, f.attname) for f in Game._meta.concrete_fields})
    speed.saved_state(built, "default")
    assert (built._state.adding, built._state.db) == (queried._state.adding, queried._state.db) == (False, "default")
    built.save(update_fields=["version"])  # an update of a saved row, not an insert


@pytest.mark.django_db
def test_pin_prefetched_seats_answer_without_a_query(alice, bob, django_assert_num_queries):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    fresh = Game.objects.get(pk=game.pk)
    seats = list(Seat.objects.filter(game=fresh).order_by("index"))
    speed.keep_prefetched(fresh, "seats", seats)
    with django_assert_num_queries(0):
        assert list(fresh.seats.all()) == seats


def test_pin_the_pool_keeps_its_check_where_the_wing_reads_it():
    def check(conn):
        return None

    pool = ConnectionPool("", check=check, open=False)
    assert speed.pool_check(pool) is check
    speed.set_pool_check(pool, ConnectionPool.check_connection)
    assert speed.pool_check(pool) is ConnectionPool.check_connection


def test_pin_drf_keeps_djangos_request_under_its_own():
    django_request = HttpRequest()
    assert speed.django_request(Request(django_request)) is django_request


def test_pin_spectacular_builds_responses_where_the_wing_hooks_in():
    bodies = inspect.signature(AutoSchema._get_response_bodies).parameters
    for_code = inspect.signature(AutoSchema._get_response_for_code).parameters
    assert list(bodies)[:2] == ["self", "direction"]
    assert list(for_code)[:3] == ["self", "serializer", "status_code"] and "direction" in for_code


def test_pin_djangos_handlers_mark_their_responses():
    assert "response._handler_class = self.__class__" in inspect.getsource(ASGIHandler.run_get_response)


def test_pin_djangos_handler_builds_its_chain_where_the_short_chain_does():
    source = inspect.getsource(BaseHandler.load_middleware)
    for name in ("_middleware_chain", "_view_middleware", "_template_response_middleware",
                 "_exception_middleware", "_get_response"):
        assert f"self.{name}" in source
    assert callable(BaseHandler._get_response)


def test_pin_a_new_password_is_kept_where_the_wing_reads_it(django_user_model):
    user = django_user_model(username="pin")
    assert not speed.password_being_set(user)
    user.set_password("a new one")
    assert speed.password_being_set(user)


def test_pin_channels_redis_names_a_groups_key():
    from channels_redis.core import RedisChannelLayer

    layer = RedisChannelLayer(hosts=["redis://127.0.0.1:1/0"], prefix="pin")
    key = speed.group_key(layer, "game-1")
    assert key.startswith(b"pin") and b"game-1" in key


def test_pin_django_csp_keeps_the_nonce_and_its_guard_where_the_wing_reads_them():
    from csp.middleware import CSPMiddleware

    request = HttpRequest()
    assert not speed.csp_nonce_asked(request)
    middleware = CSPMiddleware(lambda r: None)
    middleware.process_request(request)
    str(request.csp_nonce)  # a page asks for the nonce
    assert speed.csp_nonce_asked(request)
    assert callable(speed.csp_late_nonce(middleware))


def test_pin_a_commands_stream_is_under_its_wrapper():
    stream = io.StringIO()
    assert speed.raw_stream(OutputWrapper(stream)) is stream


# --- the switch: the plain path is the reference ----------------------------------------------------

def test_the_switch_turns_the_wing_off(settings):
    settings.SPEED_WING = True
    assert speed.on(connection) is (connection.vendor == "postgresql")
    settings.SPEED_WING = False
    assert speed.on(connection) is False and speed.switched_on() is False


@pytest.mark.django_db
@pytest.mark.parametrize("wing", [True, False])
def test_the_store_reads_locks_and_writes_the_same_either_way(wing, settings, alice, bob):
    settings.SPEED_WING = wing
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=3)
    read = store.read(game.pk)
    assert [s.user_id for s in read.seats.all()] == [alice.pk, bob.pk]
    with transaction.atomic():
        locked = store.lock(game.pk)
        seats = list(locked.seats.all())
        locked.version += 1
        seats[0].score = 7
        row = Move(game=locked, seq=locked.version, seat=0, source="player", payload={"n": 1},
                   idempotency_key="wing-test", request_hash="x")
        store.write_move(row, locked, seats)
    assert row.pk is not None and not row._state.adding
    assert Game.objects.get(pk=game.pk).version == locked.version
    assert Seat.objects.get(game=game, index=0).score == 7
    assert Move.objects.filter(pk=row.pk, idempotency_key="wing-test").exists()
