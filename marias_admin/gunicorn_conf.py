"""gunicorn settings of ``make run`` and ``make loadtest``.

Used as ``gunicorn -c python:marias_admin.gunicorn_conf``.

A tournament day's traffic is many cheap requests (spectators' cached pages, control-room
polls) between heavier ones (a table's page and its hand, a standings render after a confirmed
sheet). The cheap ones must never queue behind the heavy ones: a process takes a connection
only while it has a free thread (the worker class below), threads are many because most of a
write is waiting for the database, and a short GIL switch interval lets a cheap request in
soon when it shares a process with a render. Everything can be overridden by the environment
(``GUNICORN_WORKERS``, ``GUNICORN_THREADS``, ``GUNICORN_SWITCH_MS``, ``GUNICORN_KEEPALIVE``,
``PORT``).
"""

import os
import sys

bind = os.environ.get("GUNICORN_BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("GUNICORN_WORKERS", "4"))
# Eight threads each: a thread waiting for the database (SQLite's write lock, PostgreSQL) holds
# no core, and with the worker below a cheap page takes any free one of the 32 at once
# (`make loadtest`: standings p95 41 → 16 ms, projector 71 → 19 ms against 4 × 2 gthread).
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
# gthread that accepts a connection only while one of its threads is free
# (marias_admin/gunicorn_worker.py): a cheap cached page waits in the one queue of the server,
# never behind a standings render or a write in a busy process.
worker_class = "marias_admin.gunicorn_worker.FairThreadWorker"
timeout = 120
# No keep-alive: every answer says "Connection: close", so a phone never sends its POST on a
# connection the server is closing at that moment (with a keep-alive of a few seconds a hand
# typed that long after the page loaded could meet exactly that, and be reset). A new
# connection per request costs a round trip on the hall's Wi-Fi, nothing next to the page;
# it also sends every request through the shared queue above instead of pinning a phone to a
# busy process. Behind nginx (`make cluster`) the phones keep their connection to the proxy.
# (A connection that sends nothing for 5 s, a browser's speculative one, is closed then.)
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "0"))


# The application is loaded and warmed up (templates compiled, URLs and translations loaded)
# once in the master, before the workers fork: no process pays for it on the day's first hands.
preload_app = True


def when_ready(server):  # after the app is loaded (preload), before the workers are forked
    from marias_admin.core.warmup import freeze_boot_objects, warm_up

    server.log.info("warm-up: %d templates compiled", warm_up())
    freeze_boot_objects()


def post_fork(server, worker):  # gunicorn's hook signature
    sys.setswitchinterval(float(os.environ.get("GUNICORN_SWITCH_MS", "1")) / 1000)
