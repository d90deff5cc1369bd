"""The server's worker takes a connection only while a thread is free
(marias_admin/gunicorn_worker.py): otherwise a cheap page waits behind a busy process's work."""

from __future__ import annotations

from types import SimpleNamespace

from marias_admin.gunicorn_worker import FairThreadWorker


class Poller:
    def __init__(self) -> None:
        self.listening: list[object] = []

    def register(self, sock: object, _events: int, _callback: object) -> None:
        self.listening.append(sock)

    def unregister(self, sock: object) -> None:
        self.listening.remove(sock)


class Pool:
    """Runs nothing: the test finishes each request by hand."""

    def __init__(self) -> None:
        self.futures: list[SimpleNamespace] = []

    def submit(self, _fn: object, conn: object) -> SimpleNamespace:
        future = SimpleNamespace(conn=conn, callbacks=[])
        future.add_done_callback = future.callbacks.append
        self.futures.append(future)
        return future


def worker(threads: int) -> tuple[FairThreadWorker, object, Pool]:
    listener = SimpleNamespace(setblocking=lambda _flag: None)
    pool = Pool()
    deferred: list = []
    w = FairThreadWorker.__new__(FairThreadWorker)  # no gunicorn arbiter in a unit test
    w.cfg = SimpleNamespace(threads=threads)
    w.busy, w._accepting, w.alive = 0, False, True
    w.nr_conns, w.worker_connections = 0, 1000
    w.sockets, w.poller, w.tpool = [listener], Poller(), pool
    w.method_queue = SimpleNamespace(defer=lambda fn, *args: deferred.append((fn, args)))
    w.finish_request = lambda conn, fut: None
    w.deferred = deferred
    return w, listener, pool


def finish(w: FairThreadWorker, pool: Pool) -> None:
    future = pool.futures.pop(0)
    for callback in future.callbacks:
        callback(future)
    fn, args = w.deferred.pop(0)
    fn(*args)


def test_stops_listening_while_every_thread_is_busy_and_listens_again_when_one_is_free():
    w, listener, pool = worker(threads=2)
    w.set_accept_enabled(True)
    assert listener in w.poller.listening
    w.enqueue_req("first")
    assert listener in w.poller.listening  # one thread still free
    w.enqueue_req("second")
    assert listener not in w.poller.listening  # the next connection waits for any process
    w.set_accept_enabled(True)  # gunicorn's main loop asks again on every turn
    assert listener not in w.poller.listening
    finish(w, pool)
    assert w.busy == 1 and listener in w.poller.listening
    finish(w, pool)
    assert w.busy == 0 and listener in w.poller.listening


def test_a_stopping_worker_does_not_listen_again():
    w, listener, pool = worker(threads=1)
    w.set_accept_enabled(True)
    w.enqueue_req("only")
    assert listener not in w.poller.listening
    w.alive = False
    finish(w, pool)
    assert listener not in w.poller.listening
