"""The solver pool shares its solvers out by client, not first come (api/pool.py).

Two clients that keep heavy solves waiting cannot hold a third client's solve behind
all of theirs, and a queue they fill still lets the third in.  The turns are checked
with gevent's own greenlets and events: no process, no clock.
"""

from __future__ import annotations

import gevent
import pytest

from api.errors import Overloaded
from api.pool import SolverPool


def pool_of(solvers=1, queue=8):
    pool = SolverPool(app=None, solvers=solvers, queue=queue, wait_limit=30)
    for n in range(solvers):
        pool._release((n, None))
    return pool


def test_a_third_client_is_served_before_the_two_busy_ones_are_done():
    """A and B keep three solves each waiting; C's one arrives last and is served third,
    not seventh: the turns go round the clients."""
    pool = pool_of(queue=8)
    held = pool._acquire("A")  # the one solver, busy
    served = []

    def wait_for(client):
        child = pool._acquire(client)
        served.append(client)
        return child

    waiting = [gevent.spawn(wait_for, c) for c in ("A", "A", "B", "B", "B")]
    gevent.sleep(0)  # all five wait now
    waiting.append(gevent.spawn(wait_for, "C"))
    gevent.sleep(0)
    while len(served) < 6:
        pool._release(held)  # each solve done in turn: the one solver goes to the next
        gevent.sleep(0)
    assert served == ["A", "B", "C", "A", "B", "B"], served


def test_a_full_queue_still_lets_a_new_client_in():
    pool = pool_of(queue=2)
    held = pool._acquire("A")  # the one solver, busy
    waiters = [gevent.spawn(pool._acquire, "A") for _ in range(2)]
    gevent.sleep(0)
    assert pool.waiting == 2
    with pytest.raises(Overloaded):
        pool._acquire("A")  # A has the whole queue: not another
    third = gevent.spawn(pool._acquire, "C")  # but C, with none waiting, is let in
    gevent.sleep(0)
    assert pool.waiting == 3
    pool._release(held)
    gevent.sleep(0)
    assert waiters[0].ready() and not third.ready()
    pool._release(waiters[0].value)
    gevent.sleep(0)
    assert third.ready() and not waiters[1].ready()  # C's turn before A's second
    gevent.killall(waiters + [third])


def test_a_pool_with_no_queue_lets_no_one_wait():
    pool = pool_of(queue=0)
    pool._acquire("A")
    for client in ("A", "B"):
        with pytest.raises(Overloaded):
            pool._acquire(client)


def test_a_free_solver_goes_at_once_when_no_one_waits():
    pool = pool_of(solvers=2)
    first, second = pool._acquire("A"), pool._acquire("A")
    assert {first, second} == {(0, None), (1, None)} and pool.waiting == 0


def test_a_starved_solver_stops_its_big_search_early_enough():
    """The budget of a big rack's search leaves room for the work it cannot cut short,
    by the share of a CPU the process got on its last solves (none for small racks)."""
    from api.inputs import CpuShare
    share = CpuShare()
    assert share.reserve(98, 2.0) == 0.0  # a whole CPU: nothing to leave
    share.share = 0.25
    assert share.reserve(98, 2.0) == pytest.approx(CpuShare.LATE_CPU * 3)
    assert share.reserve(98, 0.4) == 0.2  # never more than half the budget
    assert share.reserve(40, 2.0) == 0.0  # small racks finish at their deadline
    clock = iter([0.0, 1.0])  # a solve of one second of wall time ...
    cpu = iter([0.0, 0.25])   # ... that got a quarter of a CPU
    import api.inputs as inputs
    real = inputs.time
    inputs.time = type("Clock", (), {"perf_counter": staticmethod(lambda: next(clock)),
                                     "process_time": staticmethod(lambda: next(cpu))})
    try:
        fresh = CpuShare()
        with fresh.measured():
            pass
    finally:
        inputs.time = real
    assert fresh.share == pytest.approx(0.625)  # halfway from 1.0 towards 0.25
