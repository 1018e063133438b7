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
    share.share = 1.0
    assert share.reserve(98, 2.0) == 0.0  # a whole CPU: nothing to leave
    share.share = 0.25
    assert share.reserve(98, 2.0) == pytest.approx(CpuShare.CPU_PER_TILE * 98 * 3)
    assert share.reserve(98, 0.4) == pytest.approx(0.3)  # never more than 3/4 of the budget
    assert share.reserve(40, 2.0) == 0.0  # small racks finish at their deadline
    import api.inputs as inputs

    def solve(fresh, cpu_seconds):  # a solve of one second of wall time, so much CPU
        clock, cpu = iter([0.0, 1.0]), iter([0.0, cpu_seconds])
        real = inputs.time
        inputs.time = type("Clock", (), {"perf_counter": staticmethod(lambda: next(clock)),
                                         "process_time": staticmethod(lambda: next(cpu))})
        try:
            with fresh.measured():
                pass
        finally:
            inputs.time = real
    fresh = CpuShare()
    fresh.share = 1.0
    solve(fresh, 0.25)
    assert fresh.share == pytest.approx(0.25)  # the worst of the last solves is planned for
    for _ in range(CpuShare.KEPT - 1):
        solve(fresh, 0.75)
    assert fresh.share == pytest.approx(0.25)
    solve(fresh, 0.75)  # the slow one is forgotten
    assert fresh.share == pytest.approx(0.75)


def test_a_big_rack_that_waited_too_long_for_a_solver_is_refused_at_once():
    """Waiting left too little of the budget for the work a big search cannot cut short,
    at the share of a CPU this solver gets: 503 at once, not an answer far past its
    budget.  A request that did not wait for a solver is always searched (so the share is
    measured again), and so is a small rack."""
    from flask import Flask

    import api.inputs as inputs
    app = Flask("probe")
    app.config.update(SOLVER_BUDGET=2.0, SOLVER_BUDGET_MAX=60.0)
    big = {"tiles": "A" * 144, "budget": 2}
    real = inputs.CPU_SHARE.share
    inputs.CPU_SHARE.share = 0.25  # 144 tiles: about 1.2 s of work no deadline cuts
    try:
        def budget(body, waited, queued=None):
            environ = {inputs.RECEIVED_KEY: inputs.time.monotonic() - waited}
            if queued is not None:  # as the solver pool says it
                environ[inputs.QUEUED_KEY] = queued
            with app.test_request_context(environ_overrides=environ):
                return inputs.budget(body)
        assert 0 < budget(big, 0.0) < 2.0  # at once: searched, stopping early
        assert 0 < budget(big, 0.5) < 1.5  # 1.5 s left: room for that work, with a margin
        with pytest.raises(Overloaded, match=r"busy for 1\.3 s of this request's 2 s "
                                             r"budget, too long to search 144 tiles"):
            budget(big, 1.3)
        with pytest.raises(Overloaded, match="too long to search 144 tiles"):
            budget(big, 1.3, queued=1.2)
        # A loaded machine was slow to read and hand over the request, but a solver was
        # free at once: searched (and the share measured again), however low it was.
        assert 0 < budget(big, 1.3, queued=0.0) < 0.7
        assert budget({"tiles": "ABEGIRR", "budget": 2}, 1.3) == pytest.approx(0.7, abs=0.05)
        inputs.CPU_SHARE.share = 1.0  # a whole CPU: 0.3 s of it, in time
        assert budget(big, 1.3) == pytest.approx(0.7, abs=0.05)
    finally:
        inputs.CPU_SHARE.share = real


def test_a_solver_process_plans_with_the_shares_its_worker_heard_of():
    """A request brings the shares of a CPU the worker's solvers measured last, and the
    answer takes back the one it measured: a solver made anew after a kill does not plan
    as if it had a whole CPU."""
    import socket
    import threading

    from api import pool as pool_module
    from api.inputs import CPU_SHARE

    def app(environ, start_response):
        with CPU_SHARE.measured():  # a solve long enough to tell, half of it on a CPU
            pass
        start_response("200 OK", [])
        return [repr(CPU_SHARE.share).encode()]

    kept = CPU_SHARE.shares.copy()
    clock = iter([0.0, 1.0])
    cpu = iter([0.0, 0.5])
    import api.inputs as inputs
    real_time = inputs.time
    inputs.time = type("Clock", (), {"perf_counter": staticmethod(lambda: next(clock)),
                                     "process_time": staticmethod(lambda: next(cpu))})
    mine, theirs = socket.socketpair()
    solver = threading.Thread(target=pool_module._serve, args=(theirs, app, "liars.pooled"))
    solver.start()
    try:
        assert isinstance(pool_module._recv(mine), int)  # its pid
        pool_module._send(mine, ({pool_module.CPU_SHARES_KEY: (0.3, 0.6)}, b""))
        (status, _, body), measured = pool_module._recv(mine)
    finally:
        mine.close()
        solver.join(5)
        theirs.close()
        inputs.time = real_time
        CPU_SHARE.shares = kept  # this process's own, as other tests find it
    assert status == "200 OK" and float(body) == 0.3  # planned with the worst it was told
    assert measured == 0.5  # and told its own


def test_a_process_with_no_solve_behind_it_looks_at_its_share_first():
    from api.inputs import CpuShare
    fresh = CpuShare()
    assert 0.05 <= fresh.share <= 1.0 and len(fresh.shares) == 1  # measured, once
    assert fresh.share == fresh.shares[0]
