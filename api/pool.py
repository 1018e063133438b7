"""The solver pool: big solves run in separate processes, apart from light requests.

Each HTTP worker of ``liars serve`` owns one pool.  Why processes: a solve is
CPU-bound Python (it holds the GIL), so in the worker's own process one 98-tile
solve would stop every other request it serves for up to the budget.  In a
solver process it does not, and solver processes run at a lower CPU priority
(``nice``), so that on a busy machine the light requests get the cores first.

How the processes are made: a clean *zygote* is forked from the HTTP worker
right after gunicorn forks it (``post_fork``: the app and its warm lexicon are
already loaded, gevent is not patched in yet, no connection is open).  The
zygote forks every solver process, at start and whenever one must be replaced,
and hands each the socket it serves on (``socket.send_fds``); they all share
the loaded lexicon pages copy-on-write.  A solver process serves one request at
a time: the request's environ and buffered body in, ``(status, headers, body)``
out, pickled with a length prefix.  All of them die with their parent
(``PR_SET_PDEATHSIG``, and end-of-file on their socket).

Bounds: ``solvers`` processes, and at most ``queue`` requests waiting for one;
a request past that, or one whose solver process dies or overruns its budget
by far, is answered 503 ``overloaded`` with ``Retry-After`` (the one 5xx), and
a dead or stuck solver process is replaced at once.
"""

from __future__ import annotations

import collections
import io
import math
import os
import pickle
import signal
import socket
import struct
import sys
import time

from .errors import Overloaded
from .inputs import CPU_SHARE, QUEUED_KEY, CpuShare

_LENGTH = struct.Struct("!I")
CPU_SHARES_KEY = "liars.cpu_shares"  # environ: the shares a worker's solvers measured last
TASK_KEY = "liars.task"  # environ: no request but a task of the server's own (SolverPool.run)
NICE = 5  # solver processes yield the CPU to light requests (soak: nice 0 halved their
#          throughput; nice 10 starved the solves past their budgets; 5 kept both)
_CLEARED_SIGNALS = ("SIGINT", "SIGTERM", "SIGQUIT", "SIGHUP", "SIGUSR1", "SIGUSR2",
                    "SIGWINCH", "SIGTTIN", "SIGTTOU", "SIGCHLD")


# --- the wire: one pickled object, length first ---------------------------------------

def _send(sock, obj) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    sock.sendall(_LENGTH.pack(len(data)) + data)


def _recv_exactly(sock, size: int) -> bytes:
    buffer = bytearray()
    while len(buffer) < size:
        chunk = sock.recv(min(size - len(buffer), 1 << 20))
        if not chunk:
            raise EOFError("the other end closed")
        buffer += chunk
    return bytes(buffer)


def _recv(sock):
    (size,) = _LENGTH.unpack(_recv_exactly(sock, _LENGTH.size))
    return pickle.loads(_recv_exactly(sock, size))


# --- the solver processes ---------------------------------------------------------------

def _die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies (a killed worker leaves
    no solver behind); elsewhere, end-of-file on the socket ends it."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _plain_signals() -> None:
    """gunicorn's handlers are inherited through fork: a Ctrl-C or a stop must simply
    end a solver process, not run the server's shutdown code in it."""
    try:
        signal.set_wakeup_fd(-1)
    except (ValueError, OSError):
        pass
    for name in _CLEARED_SIGNALS:
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


WSGI_ENVIRON = {"wsgi.version": (1, 0), "wsgi.multithread": False,
                "wsgi.multiprocess": True, "wsgi.run_once": False}


def portable_environ(environ: dict) -> dict:
    """The picklable part of a WSGI environ: the CGI and HTTP strings, the scheme,
    and the ``liars.*`` keys (when the request arrived)."""
    return {k: v for k, v in environ.items()
            if (isinstance(v, str) and not k.startswith(("wsgi.", "gunicorn.")))
            or k == "wsgi.url_scheme" or k.startswith("liars.")}


def call_app(app, environ: dict, body: bytes) -> tuple[str, list, bytes]:
    """Run a WSGI app on a buffered request; its ``(status, headers, body)``."""
    environ = {**environ, **WSGI_ENVIRON, "wsgi.input": io.BytesIO(body),
               "wsgi.errors": sys.stderr, "CONTENT_LENGTH": str(len(body))}
    environ.pop("HTTP_TRANSFER_ENCODING", None)
    started = {}

    def start_response(status, headers, exc_info=None):
        started["status"], started["headers"] = status, list(headers)

    result = app(environ, start_response)
    try:
        data = b"".join(result)
    finally:
        if hasattr(result, "close"):
            result.close()
    return started["status"], started["headers"], data


def task_path(task) -> str:
    """``module:function`` of a module-level function, as a solver process finds it again
    (a lambda, a method or a nested function it could not find is refused here).

    >>> from api.rooms.turns import step_here
    >>> task_path(step_here)
    'api.rooms.turns:step_here'
    >>> task_path(lambda: None)
    Traceback (most recent call last):
    ...
    ValueError: a solver process runs module-level functions only, not api.pool:<lambda>
    """
    path = f"{task.__module__}:{task.__qualname__}"
    module, _, name = path.partition(":")
    import importlib
    if "." in name or "<" in name or getattr(importlib.import_module(module), name, None) \
            is not task:
        raise ValueError(f"a solver process runs module-level functions only, not {path}")
    return path


def call_task(app, task) -> tuple[str, object]:
    """Run one of the server's own tasks, ``("module:function", kwargs)``, in the app's
    context: ``("done", its result)``, or ``("failed", why)``."""
    import importlib
    path, kwargs = task
    module, _, name = path.partition(":")
    try:
        with app.app_context():
            return "done", getattr(importlib.import_module(module), name)(**kwargs)
    except Exception as exc:  # the worker logs it; this process serves on
        return "failed", f"{type(exc).__name__}: {str(exc)[:200]}"


def _serve(sock, app, pooled_key: str) -> None:
    """A solver process: answer requests one at a time until the socket closes.  Each
    request brings the shares of a CPU its worker's solvers got on their last solves
    (``CPU_SHARES_KEY``), and each answer takes back the share this one measured: a
    solver process made anew plans for the load its predecessors met."""
    _send(sock, os.getpid())
    while True:
        try:
            environ, body = _recv(sock)
        except (EOFError, OSError):
            return
        environ[pooled_key] = True
        CPU_SHARE.recall(environ.pop(CPU_SHARES_KEY, ()))
        task = environ.pop(TASK_KEY, None)
        try:
            answer = call_task(app, task) if task is not None else call_app(app, environ, body)
        except Exception:  # the app answers its own errors; this is a last resort
            answer = ("500 INTERNAL SERVER ERROR", [("Content-Type", "application/json")],
                      b'{"error":{"code":"internal_error","message":"internal server '
                      b'error","field":null}}')
        _send(sock, (answer, CPU_SHARE.measured_last))


def _zygote(control_fd: int, app, pooled_key: str) -> None:
    """Fork a solver process for every socket the HTTP worker sends; never returns."""
    _die_with_parent()
    _plain_signals()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # solver processes are reaped by the OS
    try:
        os.nice(NICE)
    except OSError:
        pass
    control = socket.socket(fileno=control_fd)
    control.setblocking(True)
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(control, 16, 4)
        except OSError:
            break
        if not message and not fds:
            break  # the HTTP worker is gone
        for fd in fds:
            pid = os.fork()
            if pid == 0:
                code = 0
                try:
                    control.close()
                    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                    _die_with_parent()
                    sock = socket.socket(fileno=fd)
                    sock.setblocking(True)  # it comes from gevent, non-blocking
                    _serve(sock, app, pooled_key)
                except BaseException:
                    import traceback
                    traceback.print_exc()
                    code = 1
                finally:
                    os._exit(code)
            os.close(fd)
    os._exit(0)


def _alive(sock) -> bool:
    """Is the solver process at the other end still there (no end-of-file waiting)?"""
    from gevent.monkey import get_original
    select = get_original("select", "select")  # a look that never waits
    try:
        readable, _, _ = select([sock.fileno()], [], [], 0)
        return not readable or sock.recv(1, socket.MSG_PEEK) != b""
    except (OSError, ValueError):
        return False


class SolverPool:
    """``solvers`` solver processes for one HTTP worker, at most ``queue`` waiting.

    ``start()`` runs before gevent is patched in (gunicorn's ``post_fork``);
    ``attach()`` after it (``post_worker_init``), in the worker that uses the pool.
    """

    def __init__(self, app, solvers: int = 1, queue: int = 8, *, wait_limit: float = 5.0,
                 answer_limit: float = 15.0, pooled_key: str = "liars.pooled",
                 log=None, on_broken=None):
        self.app, self.solvers, self.queue = app, solvers, queue
        self.wait_limit = wait_limit      # seconds a request may wait for a free solver
        self.answer_limit = answer_limit  # seconds a solver may take before it is replaced
        self.pooled_key = pooled_key
        self.log = log
        self.on_broken = on_broken        # called when no solver can be made any more
        self.zygote_pid = 0
        self._control = None
        self._idle: list = []  # solver processes free now
        self._waiters: collections.OrderedDict = collections.OrderedDict()  # client -> deque
        self._children: dict = {}  # pid -> socket
        self._cpu_shares: collections.deque = collections.deque(maxlen=CpuShare.KEPT)  # theirs

    # -- setting up -------------------------------------------------------------------

    def start(self, close_fds=()) -> None:
        """Fork the zygote (in a process with no gevent and no open connection)."""
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        pid = os.fork()
        if pid == 0:
            try:
                mine.close()
                for fd in close_fds:  # the listening sockets: only the HTTP worker accepts
                    try:
                        os.close(fd)
                    except OSError:
                        pass
                _zygote(theirs.detach(), self.app, self.pooled_key)
            finally:
                os._exit(1)
        theirs.close()
        self.zygote_pid = pid
        self._control_fd = mine.detach()

    def attach(self) -> None:
        """Make the solver processes (gevent is patched in now: waits are cooperative)."""
        self._control = socket.socket(fileno=self._control_fd)
        for _ in range(self.solvers):
            self._release(self._spawn())

    def stopped(self) -> bool:
        """Did the zygote end by a stop signal?  A Ctrl-C in a terminal reaches the whole
        process group, the zygote too, possibly before its worker has its own handlers
        (it then boots with no solver to make, and should leave as a stopped worker)."""
        for _ in range(50):  # its socket is closed as it exits: it is about to be waitable
            try:
                pid, status = os.waitpid(self.zygote_pid, os.WNOHANG)
            except ChildProcessError:
                return False
            if pid:
                return os.WIFSIGNALED(status) and os.WTERMSIG(status) in (
                    signal.SIGINT, signal.SIGTERM, signal.SIGQUIT, signal.SIGHUP)
            time.sleep(0.02)
        return False

    def _spawn(self):
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            socket.send_fds(self._control, [b"s"], [theirs.fileno()])
        finally:
            theirs.close()
        import gevent
        with gevent.Timeout(10):
            pid = _recv(mine)
        self._children[pid] = mine
        return pid, mine

    def _replace(self, child) -> None:
        pid, sock = child
        self._children.pop(pid, None)
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
        sock.close()
        try:
            self._release(self._spawn())
        except Exception as exc:  # the zygote is gone: this worker cannot solve any more
            if self.log:
                self.log.error("solver pool: cannot start a solver process (%s); "
                               "restarting this worker", exc)
            if self.on_broken:
                self.on_broken()

    # -- answering ----------------------------------------------------------------------

    # -- fair turns -------------------------------------------------------------------
    #
    # A free solver goes to the clients waiting for one in turn (round robin by address),
    # each client's own requests in order: two clients looping heavy solves cannot keep a
    # third waiting behind all of theirs.  Past the queue's length only a client with no
    # request waiting is let in (up to twice the length), so that a full queue is never
    # one client's.

    @property
    def waiting(self) -> int:
        return sum(len(q) for q in self._waiters.values())

    def _release(self, child) -> None:
        """Hand ``child`` to the next client's oldest waiting request, or keep it free."""
        while self._waiters:
            client, queue = self._waiters.popitem(last=False)
            turn = queue.popleft()
            if queue:
                self._waiters[client] = queue  # to the back of the round
            if not turn.ready():
                turn.set(child)
                return
        self._idle.append(child)

    def _acquire(self, client: str):
        """A solver for ``client``'s request: at once if one is free and no one waits, else
        in the client's turn; :class:`Overloaded` past the queue or the wait limit."""
        import gevent
        from gevent.event import AsyncResult

        retry = max(1, math.ceil(self.wait_limit / 2))
        if self._idle and not self._waiters:
            return self._idle.pop()
        mine = len(self._waiters.get(client, ()))
        full = self.waiting >= self.queue
        if full and (mine or self.waiting >= 2 * self.queue):  # a new client still gets in
            raise Overloaded(f"all {self.solvers} solver(s) of this worker are busy and "
                             f"{self.waiting} request(s) wait ({mine} of them yours): retry "
                             f"shortly", retry_after=retry)
        turn = AsyncResult()
        self._waiters.setdefault(client, collections.deque()).append(turn)
        try:
            return turn.get(timeout=self.wait_limit)
        except gevent.Timeout:
            queue = self._waiters.get(client)
            if queue is not None and turn in queue:
                queue.remove(turn)
                if not queue:
                    del self._waiters[client]
                raise Overloaded("no solver came free in time: retry shortly",
                                 retry_after=retry) from None
            return turn.get(block=False)  # handed over as the wait ended

    # -- answering ----------------------------------------------------------------------

    def answer(self, environ: dict, body: bytes) -> tuple[str, list, bytes]:
        """Answer a buffered request in a solver process; :class:`Overloaded` if the
        queue is full, no solver frees up in time, or the solver process stops."""
        import gevent

        client = environ.get("REMOTE_ADDR") or "?"
        asked = time.monotonic()
        while True:
            child = self._acquire(client)
            if _alive(child[1]):
                break
            self._replace(child)  # killed while idle: no request is lost to it
        try:
            with gevent.Timeout(self.answer_limit):
                _send(child[1], ({**portable_environ(environ),
                                  CPU_SHARES_KEY: tuple(self._cpu_shares),
                                  QUEUED_KEY: time.monotonic() - asked}, body))
                answer, share = _recv(child[1])
        except (gevent.Timeout, EOFError, OSError, pickle.UnpicklingError) as exc:
            if self.log:
                self.log.warning("solver process %s stopped or overran (%s): replaced",
                                 child[0], type(exc).__name__)
            self._replace(child)
            raise Overloaded("the solver process stopped before answering (it has been "
                             "replaced): retry", retry_after=1) from None
        if share is not None:
            self._cpu_shares.append(share)
        self._release(child)
        return answer

    def run(self, task, **kwargs):
        """Run the server's own task ``task(**kwargs)`` in a solver process (a computer
        player's move: its odds and searches never run in the worker); its result, or
        RuntimeError with what went wrong there, or :class:`Overloaded`.  ``task`` is a
        module-level function the caller imported (the process imports it by its name)."""
        path = task_path(task)
        outcome, result = self.answer({"REMOTE_ADDR": "the server", TASK_KEY: (path, kwargs)},
                                      b"")
        if outcome != "done":
            raise RuntimeError(f"{path} failed in a solver process: {result}")
        return result

    def pids(self) -> list[int]:
        return sorted(self._children)
