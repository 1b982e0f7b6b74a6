"""The supervisor of ``canon serve --workers`` hands each new connection to the next
worker in turn, over that worker's own channel, skipping a worker that cannot take it;
a worker serves what arrives on its channel as if it had accepted it itself. Real
sockets on loopback, no server process (``test_workers.py`` runs the real thing).
"""

from __future__ import annotations

import asyncio
import socket

from budgets import budget

from core.api.handout import Handout, channels, take_connections


def _received(channel: socket.socket) -> int:
    """How many connections arrived on a worker's end (closing each)."""
    channel.setblocking(False)
    count = 0
    while True:
        try:
            _, fds, _, _ = socket.recv_fds(channel, 1, 1)
        except BlockingIOError:
            return count
        for fd in fds:
            socket.socket(fileno=fd).close()
            count += 1


def _connection() -> tuple[socket.socket, socket.socket]:
    """An accepted loopback connection and its client."""
    with socket.create_server(("127.0.0.1", 0)) as listening:
        client = socket.create_connection(listening.getsockname())
        accepted, _ = listening.accept()
    return accepted, client


def _hand_out(handout: Handout, connections: int) -> list[int | None]:
    """Which worker each of ``connections`` new connections went to."""
    turns = []
    for _ in range(connections):
        accepted, client = _connection()
        with accepted, client:
            turns.append(handout.hand(accepted))
    return turns


def test_connections_go_to_each_worker_in_turn() -> None:
    pairs = channels(3)
    with socket.create_server(("127.0.0.1", 0)) as listening:
        turns = _hand_out(Handout(listening, [ours for ours, _ in pairs]), 7)
    assert turns == [0, 1, 2, 0, 1, 2, 0]
    assert [_received(theirs) for _, theirs in pairs] == [3, 2, 2]


def test_a_worker_that_has_gone_is_skipped_and_none_left_refuses() -> None:
    pairs = channels(3)
    pairs[1][1].close()  # the second worker has exited
    with socket.create_server(("127.0.0.1", 0)) as listening:
        handout = Handout(listening, [ours for ours, _ in pairs])
        turns = _hand_out(handout, 4)
        for _, theirs in pairs:
            theirs.close()
        assert _hand_out(handout, 1) == [None], "no worker left to take it"
    assert turns == [0, 2, 0, 2]


async def test_while_every_worker_is_full_a_connection_waits_and_is_handed_on_later() -> None:
    """A worker busy for a while leaves its channel full: the supervisor holds the new
    connection (and accepts no more) instead of dropping it, and hands it on once the
    worker reads again."""
    [(ours, theirs)] = channels(1)
    spare = socket.socket()
    queued = 0
    ours.setblocking(False)
    while True:  # what a worker that stopped reading leaves behind
        try:
            socket.send_fds(ours, [b"c"], [spare.fileno()])
        except BlockingIOError:
            break
        queued += 1
    listening = socket.create_server(("127.0.0.1", 0))
    handout = Handout(listening, [ours])
    handout.start()
    try:
        reader, writer = await asyncio.open_connection(*listening.getsockname())
        async with asyncio.timeout(budget(5.0)):  # against a hang only
            await handout.all_full.wait()  # accepted, held: every channel is full
        assert not reader.at_eof(), "the waiting connection is not closed"
        arrived = 0
        deadline = asyncio.get_running_loop().time() + budget(2.0)
        while asyncio.get_running_loop().time() < deadline:  # the worker reads again
            arrived += _received(theirs)
            if arrived > queued:
                break
            await asyncio.sleep(0.02)
        assert arrived == queued + 1
        writer.close()
    finally:
        handout.stop()
        for end in (listening, ours, theirs, spare):
            end.close()


class _Echo(asyncio.Protocol):
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport

    def data_received(self, data: bytes) -> None:
        self._transport.write(b"echo " + data)


async def test_clients_on_the_port_are_served_by_the_workers_in_turn() -> None:
    """The supervisor accepts on the port; each worker serves its share of the clients,
    every byte on the connection going straight between the client and that worker."""
    pairs = channels(2)
    served: list[int] = []

    def worker(n: int) -> _Echo:
        served.append(n)
        return _Echo()

    stops = [take_connections(theirs, lambda n=n: worker(n)) for n, (_, theirs) in enumerate(pairs)]
    listening = socket.create_server(("127.0.0.1", 0))
    handout = Handout(listening, [ours for ours, _ in pairs])
    handout.start()
    try:
        host, port = listening.getsockname()
        for n in range(4):
            reader, writer = await asyncio.open_connection(host, port)
            writer.write(f"hello {n}".encode())
            assert await asyncio.wait_for(reader.readexactly(12), 10) == f"echo hello {n}".encode()
            writer.close()
            await writer.wait_closed()
    finally:
        handout.stop()
        for stop in stops:
            stop()
        listening.close()
        for pair in pairs:
            for end in pair:
                end.close()
    assert served == [0, 1, 0, 1]
