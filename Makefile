# GNU make. `make run` starts the site locally, `make test` runs everything CI runs.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py
LANGS := cs sk en
HOST := 127.0.0.1:8000
PORT ?= 8000
# gunicorn for `make run`: 2 processes × 4 threads suit a 2-core laptop (SQLite in WAL mode).
GUNICORN_WORKERS ?= 2
GUNICORN_THREADS ?= 4

.PHONY: help venv run dev static migrate bootstrap test test-sqlite test-postgres bench lint messages clean

help:
	@echo "make run      - install, migrate, create the admin login and serve for real (gunicorn,"
	@echo "               DEBUG off) on port $(PORT) of every address, for the phones on the LAN"
	@echo "make dev      - the same with Django's development server and DEBUG on ($(HOST))"
	@echo "make test     - lint, full test suite on SQLite (incl. browser), web tests on PostgreSQL"
	@echo "make bench    - rules engine and seating benchmarks"
	@echo "make lint     - ruff check"
	@echo "make messages - update and compile translations ($(LANGS))"

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

venv: $(VENV)/.installed

migrate: venv
	$(MANAGE) migrate --noinput

bootstrap: migrate
	$(MANAGE) bootstrap

# Collected once and again whenever a static file changed (hashed names + manifest for DEBUG off).
static: venv
	@if [[ ! -f var/static/.collected || ! -f var/static/staticfiles.json ]] || [[ -n "$$(find marias_admin templates -path '*/static/*' -newer var/static/.collected -print -quit)" ]]; then \
		$(MANAGE) collectstatic --noinput --verbosity 0 && touch var/static/.collected; \
	fi

# Serve for real: DEBUG off, gunicorn + WhiteNoise on 0.0.0.0:$(PORT). Phones reach the laptop
# at its LAN address, which must be an allowed host (unless DJANGO_ALLOWED_HOSTS is set).
run: bootstrap static
	@lan="$$($(PY) scripts/lan-address.py)"; \
	export DJANGO_ALLOWED_HOSTS="$${DJANGO_ALLOWED_HOSTS:-localhost,127.0.0.1,[::1],$$lan}"; \
	echo "Phones: http://$$lan:$(PORT)/"; \
	echo "Serving on http://127.0.0.1:$(PORT)/ (Ctrl+C stops)"; \
	exec $(VENV)/bin/gunicorn marias_admin.wsgi:application --bind 0.0.0.0:$(PORT) \
		--workers $(GUNICORN_WORKERS) --threads $(GUNICORN_THREADS) --timeout 120 \
		--access-logfile -

# Development: runserver with DEBUG on (technical error pages, files served from the apps).
dev: bootstrap
	DJANGO_DEBUG=1 $(MANAGE) runserver $(HOST)

lint: venv
	$(VENV)/bin/ruff check .

test: lint
	bash scripts/ensure-chromium.sh
	$(MAKE) --no-print-directory test-sqlite
	$(MAKE) --no-print-directory test-postgres

test-sqlite: venv
	@echo "== pytest (SQLite, whole suite) =="
	env -u DATABASE_URL $(PY) -m pytest

test-postgres: venv
	@echo "== pytest tests/web (PostgreSQL 15) =="
	bash scripts/with-postgres.sh $(PY) -m pytest tests/web

bench: venv
	@echo "== rules engine =="
	$(PY) -m scoring.bench
	@echo "== seating: repeats found vs lower bound, seconds per round =="
	$(PY) -m marias_admin.seating.generator.bench
	@echo "== standings: computation and page times, queries per page =="
	$(PY) -m marias_admin.standings.bench

messages: venv
	$(MANAGE) makemessages $(addprefix -l ,$(LANGS)) --ignore='.venv/*' --ignore='var/*' --ignore='tests/*'
	$(MANAGE) compilemessages --ignore='.venv/*'

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .ruff_cache .hypothesis var/static var/test-db.sqlite3*
