# GNU make. `make run` starts the site locally, `make test` runs everything CI runs.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py
LANGS := cs sk en
HOST := 127.0.0.1:8000

.PHONY: help venv run migrate bootstrap test test-sqlite test-postgres bench lint messages clean

help:
	@echo "make run      - install, migrate, create the admin login and serve on http://$(HOST)/"
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

run: bootstrap
	@if [[ ! -f var/static/.collected ]] || [[ -n "$$(find marias_admin templates -path '*/static/*' -newer var/static/.collected -print -quit)" ]]; then \
		$(MANAGE) collectstatic --noinput --verbosity 0 && touch var/static/.collected; \
	fi
	$(MANAGE) runserver $(HOST)

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
