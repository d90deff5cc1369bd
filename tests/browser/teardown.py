"""What the browser tests' teardown waits for (``conftest.pytest_runtest_teardown``)."""

from __future__ import annotations

import threading
import time

# The live server (Django's ThreadedWSGIServer) answers each connection in a thread of this
# name; it ends when the browser has closed the connection and the answer is written.
REQUEST_THREAD = "(process_request_thread)"


def wait_for_requests_in_flight(seconds: float = 10.0) -> list[str]:
    """Let the live server finish what the closed pages had asked (returns the threads still
    busy after ``seconds``). Closing a context does not stop a request already sent: the
    table page's offline heartbeat posted at the last moment was answered after the test's
    database was flushed, "Not Found: …/sync/", logged into a capture already closed (CI's
    "--- Logging error ---")."""
    deadline = time.monotonic() + seconds
    for thread in threading.enumerate():
        if thread.name.endswith(REQUEST_THREAD) and thread is not threading.current_thread():
            thread.join(max(0.0, deadline - time.monotonic()))
    return [t.name for t in threading.enumerate()
            if t.name.endswith(REQUEST_THREAD) and t.is_alive()]
