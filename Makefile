# The two commands a newcomer needs: `make run` and `make test` (see README.md).
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
MANAGE := $(PY) manage.py

.PHONY: client-tools typescript-client run serve test setup data bench lint messages static offline-odds system-deps browser-deps apt-install

run: setup data
	DJANGO_DEBUG=1 $(MANAGE) runserver 127.0.0.1:8000

# The production server (docs/deploy.md): gunicorn, DEBUG off, hashed compressed static files.
# WEB_CONCURRENCY (default 2 x cores + 1) threaded workers on $(BIND), the site loaded once
# before they fork (gunicorn.conf.py); without DJANGO_SECRET_KEY the key generated once into
# var/secret_key is used (set DJANGO_REQUIRE_SECRET_KEY=1 to forbid that).
BIND ?= 127.0.0.1:8000
serve: setup
	DJANGO_HASHED_STATIC=1 $(MANAGE) collectstatic --noinput -v 0
	DJANGO_HASHED_STATIC=1 $(MAKE) --no-print-directory data
	BIND=$(BIND) DJANGO_DEBUG=0 DJANGO_HASHED_STATIC=1 $(BIN)/gunicorn -c gunicorn.conf.py adjudicator.wsgi

test: setup browser-deps client-tools
	$(BIN)/ruff check .
	$(BIN)/pylint --score=n adjudicator cards_db rules_corpus
	$(BIN)/xenon --max-absolute C adjudicator cards_db rules_corpus
	$(MANAGE) spectacular --validate --fail-on-warn --file /dev/null
	@command -v redis-server >/dev/null || $(MAKE) --no-print-directory apt-install PKGS=redis-server
	$(BIN)/pytest -n 2 --dist loadgroup
	@ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1 || $(MAKE) --no-print-directory apt-install PKGS=postgresql
	scripts/test-postgres $(PG_TESTS)

# The database-touching, non-browser tests that also run against a real PostgreSQL server: the
# hostile corpus and concurrent saves, schemathesis, the card database, decks, rulebooks, search,
# shared links and the Wojna tables the players store.
PG_TESTS ?= tests/hostile tests/test_api_schemathesis.py tests/cards_db tests/rules_corpus \
	tests/web/links tests/web/test_api_errors.py tests/web/test_api_integrators.py tests/web/wojna

bench: setup data
	@command -v wrk >/dev/null || $(MAKE) --no-print-directory apt-install PKGS=wrk
	$(PY) bench/run_all.py

lint: setup
	$(BIN)/ruff check .
	$(BIN)/pylint --score=n adjudicator cards_db rules_corpus
	$(BIN)/xenon --max-absolute C adjudicator cards_db rules_corpus
	$(BIN)/ruff format --check .

setup: $(VENV)/.installed system-deps messages static

$(VENV)/.installed: pyproject.toml
	@command -v $(PYTHON) >/dev/null || { echo "Python 3.11 is required ($(PYTHON) not found)"; exit 1; }
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $@

# gettext compiles the interface translations; Debian's chromium drives the browser tests.
system-deps:
	@command -v msgfmt >/dev/null || $(MAKE) --no-print-directory apt-install PKGS=gettext

browser-deps:
	@command -v chromium >/dev/null || $(MAKE) --no-print-directory apt-install PKGS=chromium

apt-install:
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(PKGS) >/dev/null

messages: $(VENV)/.installed system-deps
	$(MANAGE) compilemessages --ignore=.venv -v 0

static: $(VENV)/.installed offline-odds
	$(MANAGE) collectstatic --noinput -v 0

# The offline battle and hunt odds (docs/wotr.md): Pyodide from npm (pinned) and the
# engines' zip built from this checkout, under static/offline/odds/.
offline-odds: $(VENV)/.installed
	@command -v npm >/dev/null || $(MAKE) --no-print-directory apt-install PKGS="nodejs npm"
	$(MANAGE) build_offline_odds

data: setup
	$(MANAGE) migrate --noinput -v 0
	$(MANAGE) load_rulebooks
	$(MANAGE) import_cards
	$(MANAGE) build_search_index
	$(MANAGE) build_offline_search

# Clients generated from the schema (docs/api.md): the pinned generators live apart from the
# project's own environment (.venv-tools, clients/node_modules), so their pins never clash.
client-tools: .venv-tools/.installed clients/node_modules/.installed

.venv-tools/.installed:
	test -x .venv-tools/bin/python || $(PYTHON) -m venv .venv-tools
	.venv-tools/bin/python -m pip install --quiet openapi-python-client==0.29.1
	touch $@

clients/node_modules/.installed: clients/package.json clients/package-lock.json
	cd clients && npm ci --no-audit --no-fund --silent
	touch $@

# Both clients generated from the schema, compiled, type-checked and driven: the checks of
# tests/test_api_clients.py (which `make test` runs with the rest of the suite).
typescript-client: setup client-tools
	$(BIN)/pytest -n 0 -p no:cacheprovider tests/test_api_clients.py
