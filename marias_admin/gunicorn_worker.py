"""gunicorn's threaded worker that takes a connection only while one of its threads is free.

gunicorn's ``gthread`` worker accepts every connection it is offered and queues the request
for its thread pool. On a tournament day that is the spectators' enemy: a worker whose two
threads are busy — a standings render after a confirmed sheet, a hand POST waiting for the
database's write lock — still accepts the next connection, and a cached standings page that
costs 2 ms waits there for hundreds of milliseconds while another process sits idle.

This worker stops listening while all its threads are busy and listens again when one is done.
A new connection then waits in the kernel's accept queue, shared by every process, and the
first free thread of any process takes it: the request queue is one queue for the server, not
one per process. (Used as ``worker_class`` in ``marias_admin/gunicorn_conf.py``; this module
imports no Django.)
"""

from __future__ import annotations

from typing import Any

from gunicorn.workers.gthread import ThreadWorker  # type: ignore[import-untyped]


class FairThreadWorker(ThreadWorker):
    """``gthread`` with accepting gated by free threads (see the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.busy = 0

    def _has_free_thread(self) -> bool:
        return self.busy < self.cfg.threads

    def set_accept_enabled(self, enabled: bool) -> None:
        # The main loop asks to accept whenever it is under worker_connections; accept only
        # while a thread is free as well.
        super().set_accept_enabled(enabled and self._has_free_thread())

    def enqueue_req(self, conn: Any) -> None:
        self.busy += 1
        if not self._has_free_thread() and self._accepting:
            super().set_accept_enabled(False)
        future = self.tpool.submit(self.handle, conn)
        future.add_done_callback(
            lambda done: self.method_queue.defer(self._finished, conn, done))

    def _finished(self, conn: Any, future: Any) -> None:
        """Runs in the main loop (like gthread's own ``finish_request``): a thread is free."""
        self.busy -= 1
        try:
            self.finish_request(conn, future)
        finally:
            if self.alive and self.nr_conns < self.worker_connections:
                self.set_accept_enabled(True)
