# Two commands for a fresh machine with Python 3.11 and make: `make run` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
STAMP := $(VENV)/.installed
RUN_STAMP := $(VENV)/.installed-run

.PHONY: install install-run run test test-fast test-production bench loadtest lint format migrate tick clean makemessages compilemessages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# What the site needs to run; the test and lint tools come on top for everything else.
$(RUN_STAMP): $(BIN)/python requirements.txt
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $(RUN_STAMP)

$(STAMP): $(RUN_STAMP) requirements-dev.txt
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

install-run: $(RUN_STAMP)

migrate: install-run
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py migrate --noinput

## Serve the site on http://127.0.0.1:$(PORT)/ with one task worker beside it (bots, deadlines);
## SQLite + in-memory channel layer by default. Ctrl-C stops both.
run: migrate
	@echo "Expedition is starting on http://127.0.0.1:$(PORT)/"
	DEBUG=$${DEBUG:-1} $(BIN)/python scripts/run.py --port $(PORT)

## The whole test suite (browser tests in a run of their own: Playwright keeps an event loop).
test: install
	$(BIN)/python -m pytest -m "not browser"
	$(BIN)/python -m pytest -m browser

## Everything but the browser tests.
test-fast: install
	$(BIN)/python -m pytest -m "not browser"

## The web and storage tests against PostgreSQL and Redis (set DATABASE_URL and REDIS_URL);
## the rules, bots, board renderers, rules help and bench tools check what does not depend on the
## database or channel layer, and run once, in `test`.
test-production: install
	$(BIN)/python -m pytest -m "not browser" tests --ignore=tests/engines --ignore=tests/bots \
		--ignore=tests/presenters --ignore=tests/help --ignore=tests/bench

## Benchmarks (not tests): engines, bots, ratings. BASE=<commit or folder>: instead, this tree
## side by side with that one (engines, bots, the site's move path), PASS/FAIL per bound.
bench: install
ifdef BASE
	$(BIN)/python -m bench.compare $(BASE) $(ARGS)
else
	$(BIN)/python -m bench
endif

## Live fan-out and page throughput under load, on servers it starts itself (127.0.0.1 only):
## one worker on SQLite, two on PostgreSQL + Redis when they answer. ARGS="--m 10,50 ..."
loadtest: install
	$(BIN)/python -m bench.loadtest $(ARGS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

## Gather the translatable strings of templates, Python and JavaScript into locale/*/LC_MESSAGES
## (needs GNU gettext's xgettext: a translator's tool, never needed to run or test the site).
makemessages: install
	DEBUG=1 $(BIN)/python manage.py makemessages -l ja -l en --no-obsolete \
		--ignore=.venv --ignore=staticfiles --ignore=tests --ignore=bench
	DEBUG=1 $(BIN)/python manage.py makemessages -d djangojs -l ja -l en --no-obsolete \
		--ignore=.venv --ignore=staticfiles --ignore=tests --ignore=bench

## Compile the catalogues to the .mo files that are checked in (Python, no gettext needed).
compilemessages: install
	$(BIN)/python scripts/compile_messages.py

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
