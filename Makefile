# GNU make. `make run` starts the site locally, `make test` runs everything CI runs.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py
LANGS := cs sk en
PORT ?= 8000
# Where this machine reaches the site: `make dev` serves here, and bootstrap prints its links with it.
HOST := 127.0.0.1:$(PORT)
# gunicorn for `make run` (see marias_admin/gunicorn_conf.py): 4 processes × 2 threads on a
# 2-core laptop (SQLite in WAL mode), measured with `make loadtest`.
GUNICORN_WORKERS ?= 4
GUNICORN_THREADS ?= 2
# `make run` on SQLite copies the database to var/backups this often (manage.py backup).
BACKUP_MINUTES ?= 5

.PHONY: help venv run dev static migrate bootstrap test test-sqlite test-postgres bench loadtest lint messages clean

help:
	@echo "make run      - install, migrate, create the admin login and serve for real (gunicorn,"
	@echo "               DEBUG off) on port $(PORT) of every address, for the phones on the LAN"
	@echo "make dev      - the same with Django's development server and DEBUG on ($(HOST))"
	@echo "make test     - lint, full test suite on SQLite (incl. browser), web tests on PostgreSQL"
	@echo "make bench    - rules engine and seating benchmarks"
	@echo "make loadtest - a tournament day on loopback: 80 tables, 300 spectators (≤ 3 min)"
	@echo "make lint     - ruff check, mypy strict on scoring/ and the seating generator, then"
	@echo "               mypy with django-stubs on the apps (mypy-django.toml)"
	@echo "make messages - update and compile translations ($(LANGS))"

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

venv: $(VENV)/.installed

migrate: venv
	$(MANAGE) migrate --noinput
	$(MANAGE) createcachetable  # only does something with DJANGO_CACHE_URL=db://…

bootstrap: migrate
	$(MANAGE) bootstrap --site-url http://$(HOST)

# Collected once and again whenever a static file changed (hashed names + manifest for DEBUG off).
static: venv
	@if [[ ! -f var/static/.collected || ! -f var/static/staticfiles.json ]] || [[ -n "$$(find marias_admin templates -path '*/static/*' -newer var/static/.collected -print -quit)" ]]; then \
		$(MANAGE) collectstatic --noinput --verbosity 0 && touch var/static/.collected; \
	fi

# Serve for real: DEBUG off, gunicorn + WhiteNoise on 0.0.0.0:$(PORT). Phones reach the laptop
# at its LAN address, which must be an allowed host (unless DJANGO_ALLOWED_HOSTS is set).
# Beside it, on SQLite, the backup loop; the trap stops it when gunicorn ends (Ctrl+C).
run: bootstrap static
	@lan="$$($(PY) scripts/lan-address.py)"; \
	export DJANGO_ALLOWED_HOSTS="$${DJANGO_ALLOWED_HOSTS:-localhost,127.0.0.1,[::1],$$lan}"; \
	export DJANGO_PUBLIC_URL="$${DJANGO_PUBLIC_URL:-http://$$lan:$(PORT)}"; \
	echo "Phones: $$DJANGO_PUBLIC_URL/ (printed QR codes and table links use this address)"; \
	echo "Serving on http://127.0.0.1:$(PORT)/ (Ctrl+C stops)"; \
	case "$${DATABASE_URL:-sqlite}" in sqlite*) \
		$(MANAGE) backup --every $(BACKUP_MINUTES) & backup_pid=$$!; \
		trap 'kill $$backup_pid 2>/dev/null || true' EXIT INT TERM;; \
	esac; \
	GUNICORN_WORKERS=$(GUNICORN_WORKERS) GUNICORN_THREADS=$(GUNICORN_THREADS) PORT=$(PORT) \
		$(VENV)/bin/gunicorn -c python:marias_admin.gunicorn_conf marias_admin.wsgi:application \
		--access-logfile -

# Development: runserver with DEBUG on (technical error pages, files served from the apps).
dev: bootstrap
	DJANGO_DEBUG=1 $(MANAGE) runserver $(HOST)

# A bounded tournament day against the real server on 127.0.0.1 (fresh temporary database;
# PostgreSQL with `bash scripts/with-postgres.sh make loadtest`). Prints errors, integrity, p50/p95.
loadtest: venv
	$(PY) scripts/loadtest.py

# ruff on everything (complexity budget included), mypy strict on the pure parts (files in
# pyproject.toml's [tool.mypy]), then mypy with django-stubs on the apps (mypy-django.toml).
lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/mypy --config-file mypy-django.toml

# The SQLite suite (with the browser tests) and the PostgreSQL web suite run side by side.
test: lint
	bash scripts/ensure-chromium.sh
	bash scripts/test-both.sh

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
	@echo "== requests: a hand POST and the organiser's live standings render =="
	$(PY) scripts/bench_requests.py

messages: venv
	$(MANAGE) makemessages $(addprefix -l ,$(LANGS)) --ignore='.venv/*' --ignore='var/*' --ignore='tests/*'
	$(MANAGE) compilemessages --ignore='.venv/*'

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .ruff_cache .hypothesis var/static var/test-db.sqlite3*
