"""The rollout read inside the write transaction decides as the rollout read apart does.

``RolloutReader.reads_for`` names what an ingest's transaction must read (the policy log
after the last folded event, the change counts), and ``in_force_read`` builds the policy
in force from the answers, inside the transaction. Whatever the log and the counts hold,
that policy is the one ``in_force`` (its own reads, outside any transaction) builds; and
when the transaction reads an event that needs a count not asked for, it says so (None),
so the engine reads the rollout apart first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import timedelta
from typing import Any, cast

import pytest
from canon_testing import NOW

from core.domain.policy import default_policy
from core.domain.rollout import ChangeCount, PolicyEvent
from core.engine.rollout_state import RolloutReader

POLICY = default_policy()
CAP = POLICY.rollout.calibration_mutations


def spike(seq: int, domain: str, entity: str | None = None, run: int = 3) -> PolicyEvent:
    """A correction spike's rule: the next ``run`` changes in ``domain`` are asked."""
    at = NOW + timedelta(minutes=seq)
    return PolicyEvent(
        f"c{seq}", at, "confirm_next", domain, "confirm_next", "0", str(run), "spike",
        "rollback", seq, entity,
    )  # fmt: skip


def stage(seq: int, domain: str, new: str) -> PolicyEvent:
    at = NOW + timedelta(minutes=seq)
    return PolicyEvent(f"s{seq}", at, "stage", domain, "stage", "M", new, "t", "owner", seq)


class Log:
    """The store as the rollout reads it: a policy log and change counts."""

    def __init__(self, events: Sequence[PolicyEvent], changes: Mapping[tuple[str, str], int]):
        self.events = list(events)
        self.changes = changes
        self.policy_log = self

    async def policy_events(self, after_seq: int) -> list[PolicyEvent]:
        return [e for e in self.events if e.seq > after_seq]

    async def count_changes(self, queries: Iterable[ChangeCount]) -> list[int]:
        # A confirmation run's count is of the changes after the rule fired: one here.
        return [
            min(q.limit, 1 if q.since else self.changes.get((q.entity_id, q.domain), 0))
            for q in queries
        ]

    def answer(self, reader: RolloutReader, pairs: list[tuple[str, str]]) -> Any:
        """What ``decide_and_write`` reads for ``reader.reads_for(pairs)`` in its transaction."""
        reads = reader.reads_for(pairs)
        reads.events = [e for e in self.events if e.seq > reads.after_seq]
        reads.counted = _now(self.count_changes(reads.counts))
        return reads


def reader(log: Log) -> RolloutReader:
    return RolloutReader(cast(Any, log), POLICY)


def _now(coroutine: Any) -> Any:
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    raise AssertionError("the log answers without waiting")


PAIRS = [("user:a", "travel"), ("user:b", "travel"), ("user:a", "project")]

CASES = [
    # (events folded before the ingest, events logged after them, changes per pair)
    ([], [], {}),
    ([], [], {("user:a", "travel"): CAP, ("user:b", "travel"): 4}),
    ([stage(1, "travel", "1")], [], {("user:a", "travel"): CAP + 5}),
    ([spike(1, "travel")], [], {("user:a", "travel"): CAP}),
    ([spike(1, "project", entity="user:a")], [], {("user:a", "project"): 2}),
    ([], [stage(1, "project", "0")], {("user:a", "project"): CAP}),
]


@pytest.mark.parametrize(("folded", "logged", "changes"), CASES)
async def test_the_policy_read_in_the_transaction_is_the_policy_read_apart(
    folded: list[PolicyEvent], logged: list[PolicyEvent], changes: dict[tuple[str, str], int]
) -> None:
    for pairs in (PAIRS[:1], PAIRS):
        inside, apart = reader(Log(folded, changes)), reader(Log(folded, changes))
        await inside.state()
        await apart.state()
        log = Log([*folded, *logged], changes)
        inside.store = apart.store = cast(Any, log)
        read = inside.in_force_read(pairs, log.answer(inside, pairs))
        assert read is not None
        expected = await apart.in_force(pairs)
        assert read.policies == expected.policies
        assert read.usage == expected.usage


async def test_a_confirmation_run_logged_meanwhile_needs_the_rollout_read_apart() -> None:
    rollout = reader(Log([], {}))
    await rollout.state()
    pairs = PAIRS[:1]
    # Another process's spike is logged after reads_for named the counts: its run's count
    # was not read in the transaction.
    log = Log([spike(1, "travel")], {("user:a", "travel"): CAP})
    assert rollout.in_force_read(pairs, log.answer(rollout, pairs)) is None
    rollout.store = cast(Any, log)
    # Read apart, the run asks the next change whatever the stage.
    in_force = await rollout.in_force(pairs)
    assert in_force.policy_for("user:a").domain("travel").autonomy.always_ask
