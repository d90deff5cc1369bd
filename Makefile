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
# gunicorn for `make run` (see marias_admin/gunicorn_conf.py): 4 processes × 8 threads on a
# 2-core laptop (SQLite in WAL mode), measured with `make loadtest`.
GUNICORN_WORKERS ?= 4
GUNICORN_THREADS ?= 8
# `make run` on SQLite copies the database to var/backups this often (manage.py backup).
BACKUP_MINUTES ?= 5

.PHONY: help venv run dev static migrate bootstrap test test-sqlite test-postgres bench loadtest cluster cluster-test lint messages clean

help:
	@echo "make run      - install, migrate, create the admin login and serve for real (gunicorn,"
	@echo "               DEBUG off) on port $(PORT) of every address, for the phones on the LAN"
	@echo "make dev      - the same with Django's development server and DEBUG on ($(HOST))"
	@echo "make test     - lint, full test suite on SQLite (incl. browser), web tests on PostgreSQL"
	@echo "make bench    - rules engine and seating benchmarks"
	@echo "make loadtest - a tournament day on loopback: 80 tables, 300 spectators (≤ 3 min)"
	@echo "               (CLUSTER=1: against make cluster, three tournaments at once)"
	@echo "make cluster  - PostgreSQL, Redis, two nodes (reader and writer gunicorn pools) and nginx on loopback"
	@echo "               (http://127.0.0.1:$(CLUSTER_PORT)/); make cluster-test kills a node mid-round"
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
# CLUSTER=1: the same against `make cluster`'s pieces (nginx, two gunicorn nodes, Redis,
# PostgreSQL 15), with three tournaments of 80 tables at once.
loadtest: venv
ifdef CLUSTER
	bash scripts/ensure-cluster.sh
	bash scripts/with-postgres.sh $(PY) scripts/loadtest.py --cluster
else
	$(PY) scripts/loadtest.py
endif

# A federation server's pieces on loopback (scripts/cluster.py): PostgreSQL 15, Redis, two
# nodes (each a reader and a writer gunicorn pool) and nginx serving the static files, on
# http://127.0.0.1:$(CLUSTER_PORT)/.
CLUSTER_PORT ?= 8080
cluster: venv
	bash scripts/ensure-cluster.sh
	bash scripts/with-postgres.sh $(PY) scripts/cluster.py --port $(CLUSTER_PORT)

# A node killed mid-round: nothing lost, the phones carry on through the other node
# (scripts/cluster_test.py; CI runs it after `make test`, see README "Cluster").
cluster-test: venv
	bash scripts/ensure-cluster.sh
	bash scripts/with-postgres.sh $(PY) scripts/cluster_test.py

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
	@echo "== standings: computation, page renders (cache cleared) and hits, queries per page =="
	$(PY) -m marias_admin.standings.bench
	@echo "== requests: a hand POST and the organiser's live standings, render and hit =="
	$(PY) scripts/bench_requests.py
	@echo "== issue 27 goals: renders, round page, resettle, exports, memory (320 players) =="
	$(PY) scripts/bench_goals.py
	@echo "== seasons: 9 tournaments of 320 players, season pages cold and cached =="
	$(PY) -m marias_admin.seasons.bench

messages: venv
	$(MANAGE) makemessages $(addprefix -l ,$(LANGS)) --ignore='.venv/*' --ignore='var/*' --ignore='tests/*'
	$(MANAGE) compilemessages --ignore='.venv/*'

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .ruff_cache .hypothesis var/static var/test-db.sqlite3*
