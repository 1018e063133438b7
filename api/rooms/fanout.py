"""One writer a room for its spectators' event streams, in each process.

A spectator's stream (and a table display's) sends the room's shared view
(:mod:`.views`), the same text for all but its own ``you``.  Were each stream to wait
for the room's change on its own, every change would wake every spectator's greenlet,
each to look the change up, find the shared text and write it: about 30 µs of a
worker's CPU a spectator a change, so that 200 spectators cost more than the move they
watch.  Here one writer a room does the waiting and the looking up once, then writes
each spectator's text straight to its socket: a string and a ``send`` a spectator.

Only a stream that a gunicorn worker serves can be handed over (its socket is in the
request's environ, and the writer writes HTTP/1.1's chunks as gunicorn would); under
any other server a spectator's stream waits on its own, as a player's does.  The
stream's request waits while the writer has its socket, and is let go once the stream
ends (sent away, the room gone or stuck, the socket broken), so that its server closes
it as it closes any response.  A spectator whose socket takes no more for
SEND_SECONDS is cut off (its phone opens the stream again): a slow phone never holds
the others up for longer.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time

from solver.errors import RoomStuck

from ..errors import StoreUnavailable
from .sweep import sweep

SEND_SECONDS = 0.5  # a spectator's socket that takes no more for this long is cut off
SOCKET_KEY = "gunicorn.socket"
PING = b"event: ping\ndata: {}\n\n"


def handover(environ) -> tuple[socket.socket, bool] | None:
    """The stream's socket and whether its response is chunked, when its server lets a
    writer have it (gunicorn's gevent worker: its socket in the environ, non-blocking,
    HTTP/1.1 chunks or HTTP/1.0's plain bytes, as gunicorn frames a response without a
    length); None else."""
    sock = environ.get(SOCKET_KEY)
    protocol = environ.get("SERVER_PROTOCOL", "")
    if not isinstance(sock, socket.socket) or protocol not in ("HTTP/1.0", "HTTP/1.1"):
        return None
    try:
        if os.get_blocking(sock.fileno()):
            return None  # (a server whose sockets block: a write could hold the writer)
    except OSError:
        return None
    return sock, protocol == "HTTP/1.1"


class Spectator:
    """A spectator's stream while the room's writer has its socket."""

    __slots__ = ("sock", "chunked", "digest", "sent", "ended")

    def __init__(self, sock: socket.socket, chunked: bool, digest: str, sent):
        self.sock, self.chunked, self.digest, self.sent = sock, chunked, digest, sent
        self.ended = threading.Event()  # set once the writer lets the stream go

    def send(self, payload: bytes) -> bool:
        """Write ``payload`` (one event) to the socket, as one chunk: False when the socket
        is gone or took no more for SEND_SECONDS (then it is shut: the server's last
        write to it fails, rather than end a chunk cut short).  Written at once when the
        socket has room, as it has but for a phone that stopped reading."""
        if self.chunked:
            payload = b"%X\r\n%s\r\n" % (len(payload), payload)
        try:
            try:
                written = os.write(self.sock.fileno(), payload)
            except BlockingIOError:
                written = 0
            if written < len(payload):
                before = self.sock.gettimeout()
                self.sock.settimeout(SEND_SECONDS)
                try:
                    self.sock.sendall(payload[written:])
                finally:
                    self.sock.settimeout(before)
            return True
        except OSError:  # (socket.timeout is one)
            try:
                self.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            return False


class RoomWriter:
    """A room's spectators in this process, and the writer that sends them each change
    (a thread: a greenlet once gevent has patched threading, as in ``liars serve``)."""

    def __init__(self, fanout: "Fanout", code: str, data: dict):
        self.fanout, self.code, self.data = fanout, code, data
        self.members: list[Spectator] = []
        self.running = False

    def _run(self) -> None:
        fanout, code = self.fanout, self.code
        rooms, shared = fanout.rooms, fanout.shared
        mark = (0, 0)
        try:
            while True:
                with fanout.lock:
                    members, data = list(self.members), self.data
                    if not members:
                        self.running = False
                        return
                now = time.time()
                frame = shared.frame_for(rooms, data, mark, now)
                head = tail = None  # the event's text but the spectator's own "you"
                for member in members:
                    if frame.key == member.sent or (member.sent is not None
                                                    and member.sent[0] > data["version"]):
                        continue  # sent it already (or a newer version, as it joined)
                    who = frame.seating.get(member.digest)
                    if who is None or who[1]:  # sent away (or seated now: their phone opens
                        self._let_go(member)  # a player's stream)
                        continue
                    if head is None:
                        head = f'data: {frame.table(fanout.finish)},"you":'.encode()
                        tail = f',"now":{int(now * 1000)}}}\n\n'.encode()
                    member.sent = frame.key
                    if not member.send(head + who[2].encode() + tail):
                        self._let_go(member)  # its socket gone
                woke = rooms.watch(code, mark, fanout.ping_seconds)
                if woke is None:  # the pings; the room read again (gone: its streams end)
                    for member in list(self.members):
                        if not member.send(PING):
                            self._let_go(member)
                    sweep(rooms, time.time())
                    fresh = shared.reload(rooms, code, time.time())
                    if fresh is None:
                        return
                    self._newer(fresh)
                else:
                    mark, woken = woke
                    self._newer(woken)
        except RoomStuck as err:
            self._say_stuck(err.as_dict())
        except StoreUnavailable as err:  # the store went away: the phones open them again
            fanout.log_failure("the spectators' streams of room %s ended: %s", code,
                               err.message)
        except Exception as err:  # a state stored as no server writes it: said, then ended
            self._say_stuck(fanout.stuck(code, err).as_dict())
        finally:
            with fanout.lock:
                members, self.members, self.running = list(self.members), [], False
                if fanout.writers.get(code) is self:
                    del fanout.writers[code]
            for member in members:
                member.ended.set()

    def _newer(self, data: dict | None) -> None:
        with self.fanout.lock:
            if data is not None and data["version"] >= self.data["version"]:
                self.data = data

    def _let_go(self, member: Spectator) -> None:
        with self.fanout.lock:
            if member in self.members:
                self.members.remove(member)
        member.ended.set()

    def _say_stuck(self, error: dict) -> None:
        said = f"event: stuck\ndata: {json.dumps({'error': error})}\n\n".encode()
        for member in list(self.members):
            member.send(said)


class Fanout:
    """This process's room writers (one a room its spectators watch here)."""

    def __init__(self, rooms, shared, *, finish, stuck, log_failure, ping_seconds: float):
        self.rooms, self.shared, self.finish = rooms, shared, finish
        self.stuck, self.log_failure, self.ping_seconds = stuck, log_failure, ping_seconds
        self.writers: dict[str, RoomWriter] = {}
        self.lock = threading.Lock()

    def join(self, code: str, data: dict, member: Spectator) -> None:
        """Hand ``member``'s stream (sent ``data``'s view) to the room's writer; started
        if the room has none running here."""
        with self.lock:
            writer = self.writers.get(code)
            if writer is None or not writer.running:
                writer = self.writers[code] = RoomWriter(self, code, data)
            elif data["version"] > writer.data["version"]:
                writer.data = data
            writer.members.append(member)
            start = not writer.running
            writer.running = True
        if start:
            threading.Thread(target=writer._run, daemon=True,
                             name=f"spectators-{code}").start()

    def leave(self, code: str, member: Spectator) -> None:
        """``member``'s stream ended on its own side (its request closed)."""
        with self.lock:
            writer = self.writers.get(code)
            if writer is not None and member in writer.members:
                writer.members.remove(member)
        member.ended.set()

    def watching(self) -> int:
        """Spectators' streams the writers hold in this process."""
        with self.lock:
            return sum(len(w.members) for w in self.writers.values())
