# Letterpost: `make run` serves the site, `make test` runs the whole suite.
# Both create the virtualenv and install the pinned requirements on first use.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=
# Test processes (pytest-xdist): one per core; PYTEST_WORKERS=0 runs the suite in this one process.
PYTEST_WORKERS ?= auto

.PHONY: install native run test bench lint migrate starter prod

$(BIN)/.installed: requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

# axe-core for the browser suite's accessibility checks (tests/e2e/helpers.py): the pinned npm package in a
# git-ignored node_modules/.  Without npm those checks skip (CI installs npm, and fails without axe-core).
AXE_CORE_VERSION ?= 4.14.1
node_modules/.axe-core-$(AXE_CORE_VERSION):
	@if command -v npm >/dev/null 2>&1; then \
	  npm install --no-save --no-audit --no-fund --silent axe-core@$(AXE_CORE_VERSION) && touch $@; \
	else echo "npm not found: the accessibility checks (axe-core) will be skipped"; fi

# The compiled Crossword move generator (engines/crossword/_movegen.c), rebuilt when its source
# changes.  Without a C compiler or the Python headers it says so and succeeds: the Python generator is used.
native: $(BIN)/.installed
	$(BIN)/python engines/crossword/build_native.py

install: $(BIN)/.installed native node_modules/.axe-core-$(AXE_CORE_VERSION)

migrate: install
	$(BIN)/python manage.py migrate --noinput

starter: migrate
	$(BIN)/python manage.py load_starter_data

# Links in e-mails point at this server (SITE_URL), unless SITE_URL is already set in the environment.
# The scheduler (manage.py run_scheduler: beat's schedule, in-process) runs beside the web server, so
# deadlines, reminders and digests happen as in production; it stops when the web server does.
run: starter
	export SITE_URL=$${SITE_URL:-http://$(HOST):$(PORT)}; \
	$(BIN)/python manage.py run_scheduler & scheduler=$$!; \
	trap 'kill $$scheduler 2>/dev/null; wait $$scheduler 2>/dev/null' EXIT INT TERM; \
	$(BIN)/uvicorn config.asgi:application --host $(HOST) --port $(PORT) --no-server-header

# The connection pool is off in tests: pooled connections would outlive the test database.
# In parallel (pytest-xdist) each worker has its own test database and Redis keys (tests/conftest.py).
test: install
	DATABASE_POOL=$${DATABASE_POOL:-false} $(BIN)/pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS)

bench: install
	$(BIN)/python bench/move_submission.py
	$(BIN)/python bench/lexicon_bench.py
	$(BIN)/python bench/crossword_bench.py
	$(BIN)/python bench/league_bench.py
	$(BIN)/python bench/sweep_bench.py
	$(BIN)/python bench/movegen_bench.py
	$(BIN)/python bench/analysis_bench.py
	$(BIN)/python bench/bot_strength.py --jobs 2
	$(BIN)/python bench/scale_bench.py
	$(BIN)/python bench/socket_bench.py
	$(BIN)/python bench/memory_bench.py

lint: install
	$(BIN)/ruff check .
	$(BIN)/lint-imports

# mypy with django-stubs on the core packages ([tool.mypy] in pyproject.toml says which); CI runs it too.
.PHONY: typecheck
typecheck: install
	$(BIN)/mypy

# Production-like: web + worker + beat together (needs DATABASE_URL, REDIS_URL and SECRET_KEY set).
prod: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput
	$(BIN)/python manage.py load_starter_data
	$(BIN)/honcho start
