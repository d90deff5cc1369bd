"""gunicorn settings of ``make run`` and ``make loadtest``.

Used as ``gunicorn -c python:marias_admin.gunicorn_conf``.

A tournament day's traffic is many cheap requests (spectators' cached pages, control-room
polls) between heavier ones (a table's page and its hand, a standings render after a confirmed
sheet). Threads of one process share the GIL, so a cheap request waits behind a heavy one in
the same process; more processes with fewer threads let the kernel share the two cores
fairly, and a shorter GIL switch interval lets the cheap request in sooner when it does share
a process. Everything can be overridden by the environment (``GUNICORN_WORKERS``,
``GUNICORN_THREADS``, ``GUNICORN_SWITCH_MS``, ``PORT``).
"""

import os
import sys

bind = os.environ.get("GUNICORN_BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("GUNICORN_WORKERS", "4"))
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
worker_class = "gthread"
timeout = 120
# Phones on a hall's Wi-Fi come and go; a short keep-alive frees threads for the next table.
keepalive = 2


# The application is loaded and warmed up (templates compiled, URLs and translations loaded)
# once in the master, before the workers fork: no process pays for it on the day's first hands.
preload_app = True


def when_ready(server):  # after the app is loaded (preload), before the workers are forked
    from marias_admin.core.warmup import warm_up

    server.log.info("warm-up: %d templates compiled", warm_up())


def post_fork(server, worker):  # gunicorn's hook signature
    sys.setswitchinterval(float(os.environ.get("GUNICORN_SWITCH_MS", "1")) / 1000)
