"""The browser tests' teardown lets the live server finish the requests the closed pages had
sent (``tests/browser/teardown.py``), so nothing is answered, and logged, after a test."""

from __future__ import annotations

import threading
import time

from tests.browser.teardown import REQUEST_THREAD, wait_for_requests_in_flight


def _request(seconds: float, done: list[str]) -> threading.Thread:
    """A stand-in for the live server's thread answering one connection."""
    def answer() -> None:
        time.sleep(seconds)
        done.append("answered")

    thread = threading.Thread(target=answer, name=f"Thread-99 {REQUEST_THREAD}", daemon=True)
    thread.start()
    return thread


def test_a_request_in_flight_is_answered_before_the_teardown_goes_on():
    done: list[str] = []
    _request(0.3, done)
    assert wait_for_requests_in_flight() == []
    assert done == ["answered"]


def test_the_wait_is_bounded():
    done: list[str] = []
    thread = _request(0.4, done)
    assert wait_for_requests_in_flight(0.05) == [thread.name]
    thread.join()
    assert done == ["answered"]
