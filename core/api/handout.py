"""Connections handed to ``canon serve``'s worker processes, one worker after another.

With ``--workers N`` the supervisor alone listens on the port: it accepts each new
connection and hands it, over a Unix socket pair of each worker's own (the descriptor
itself, ``SCM_RIGHTS``), to the next worker in turn. Why not let the kernel spread them
(``SO_REUSEPORT``, a listening socket a worker): it picks a worker by a hash of each
connection's addresses, so kept-alive connections opened together split as coins fall:
16 over two workers were 8/8 in 22 % of 300 tries, 10/6 or worse in 45 % (the busier
worker held 9.5 of them on average). A connection stays with its worker for its life,
so the worker with more of them sets the pace and the other one idles when it is done
(``canon bench``'s workers, 16 users: "Issue 25, twenty-sixth round (perf26a)" in the
README). In turn, N connections opened together are spread evenly, whatever their
addresses. A request on a kept connection never passes through the supervisor; a
connection costs it one accept and one ``sendmsg``.

Linux and the BSDs (``socket.send_fds``): ``canon serve --workers`` runs where
``add_signal_handler`` does, which Windows' event loop lacks anyway.
"""

from __future__ import annotations

import asyncio
import collections
import socket
from collections.abc import Callable, Sequence

_RETRY_ACCEPT_S = 1.0
"""After an accept fails for want of descriptors (EMFILE), how long the supervisor stops
accepting (as asyncio's own server does) rather than spin on a port that stays readable."""


def channels(workers: int) -> list[tuple[socket.socket, socket.socket]]:
    """A socket pair a worker: the supervisor's end, then the worker's (inheritable)."""
    pairs = []
    for _ in range(workers):
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        ours.setblocking(False)
        theirs.set_inheritable(True)
        pairs.append((ours, theirs))
    return pairs


class _AllFull(Exception):
    """Every worker's channel is full (each worker busy with what it was given)."""


class Handout:
    """The supervisor's side: accepts on ``listening`` and hands each connection to the
    next worker's channel in turn (skipping one whose channel is full or closed). When
    every channel is full it stops accepting, so new connections wait in the port's
    backlog, as they did before a worker took them, until a channel drains."""

    def __init__(self, listening: socket.socket, to_workers: Sequence[socket.socket]) -> None:
        self._listening = listening
        self._to_workers = list(to_workers)
        self._next = 0
        self._held: collections.deque[socket.socket] = collections.deque()
        """Accepted, waiting for a channel with room (oldest first)."""
        self.all_full = asyncio.Event()
        """Set while every channel is full and accepted connections wait for room (what a
        test waits on to know one is held: an event, not a pause)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopped = False
        listening.setblocking(False)

    def start(self) -> None:
        if self._stopped:  # a retry after EMFILE that came too late
            return
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(self._listening.fileno(), self._accept)

    def stop(self) -> None:
        self._stopped = True
        if self._loop is not None:
            self._loop.remove_reader(self._listening.fileno())
            for channel in self._to_workers:
                self._loop.remove_writer(channel.fileno())
        while self._held:
            self._held.popleft().close()

    def _accept(self) -> None:
        while not self._held:
            try:
                conn, _ = self._listening.accept()
            except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                return
            except OSError:  # out of descriptors: pause, as asyncio's own server does
                assert self._loop is not None
                self._loop.remove_reader(self._listening.fileno())
                self._loop.call_later(_RETRY_ACCEPT_S, self.start)
                return
            self._held.append(conn)
            self._hand_held()

    def _hand_held(self) -> None:
        """Hand the held connections on, oldest first; while every channel is full, accept
        nothing and wait for one to drain."""
        assert self._loop is not None
        while self._held:
            try:
                self.hand(self._held[0])
            except _AllFull:
                self.all_full.set()
                self._loop.remove_reader(self._listening.fileno())
                for channel in self._to_workers:
                    self._loop.add_writer(channel.fileno(), self._hand_held)
                return
            self._held.popleft().close()  # the worker holds its own copy once it is sent
        self.all_full.clear()
        for channel in self._to_workers:
            self._loop.remove_writer(channel.fileno())
        self._loop.add_reader(self._listening.fileno(), self._accept)

    def hand(self, conn: socket.socket) -> int | None:
        """Send ``conn`` to the next worker that takes it: its index, or None when every
        worker has gone (the connection is then closed unserved, as the server stops).
        Raises ``_AllFull`` when no channel has room now."""
        full = False
        for _ in range(len(self._to_workers)):
            at = self._next
            self._next = (at + 1) % len(self._to_workers)
            try:
                socket.send_fds(self._to_workers[at], [b"c"], [conn.fileno()])
            except BlockingIOError:  # that worker has its hands full: the next one
                full = True
                continue
            except OSError:  # that worker has gone (the supervisor stops the rest)
                continue
            return at
        if full:
            raise _AllFull
        return None


def take_connections(
    channel: socket.socket, serve: Callable[[], asyncio.Protocol]
) -> Callable[[], None]:
    """The worker's side: every connection that arrives on ``channel`` served by the
    protocol ``serve`` makes (an aiohttp runner's server); returns what stops taking
    them."""
    loop = asyncio.get_running_loop()
    channel.setblocking(False)
    starting: set[asyncio.Task[None]] = set()

    async def start(conn: socket.socket) -> None:
        try:
            await loop.connect_accepted_socket(serve, conn)
        except OSError:  # the client left before it was served
            conn.close()

    def arrived() -> None:
        while True:
            try:
                message, fds, _, _ = socket.recv_fds(channel, 1, 1)
            except (BlockingIOError, InterruptedError):
                return
            if not message and not fds:  # the supervisor has gone; it stops us too
                loop.remove_reader(channel.fileno())
                return
            for fd in fds:
                conn = socket.socket(fileno=fd)
                conn.setblocking(False)
                task = loop.create_task(start(conn))
                starting.add(task)
                task.add_done_callback(starting.discard)

    def stop() -> None:
        loop.remove_reader(channel.fileno())

    loop.add_reader(channel.fileno(), arrived)
    return stop
