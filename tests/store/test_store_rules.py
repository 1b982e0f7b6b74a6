"""The store's business rules (core/store/rules.py), on plain records, as every backend applies them."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from canon_testing import NOW

from core.domain.state import CommittedFact, Scalar, value_key
from core.domain.write_batch import CommitPlan
from core.store.rules import OpenQuestion, fold_commits, promotable, settled_by_commit


def q(
    seq: int, entity: str = "user:a", group: str | None = None, shown: bool = False
) -> OpenQuestion:
    return OpenQuestion(f"q{seq}", seq, entity, group, shown)


@pytest.mark.parametrize(
    ("open_items", "cap", "promoted"),
    [
        pytest.param([], 2, [], id="nothing open"),
        pytest.param([q(1), q(2), q(3)], 2, ["q1", "q2"], id="oldest first up to the cap"),
        pytest.param([q(3), q(1), q(2)], 2, ["q1", "q2"], id="by seq, not by the order read"),
        pytest.param([q(1, shown=True), q(2), q(3)], 2, ["q2"], id="shown ones take places"),
        pytest.param([q(1, shown=True), q(2, shown=True), q(3)], 2, [], id="cap reached"),
        pytest.param(
            [q(1, shown=True), q(2, shown=True), q(3, shown=True), q(4)],
            2,
            [],
            id="over the cap (it was lowered): nothing more",
        ),
        pytest.param(
            [q(1, "user:a"), q(2, "user:a"), q(3, "user:b")],
            1,
            ["q1", "q3"],
            id="the cap is per entity",
        ),
        pytest.param(
            [q(1, group="g"), q(2, group="g"), q(3, group="g"), q(4)],
            1,
            ["q1", "q2", "q3"],
            id="a group is shown whole and counts once",
        ),
        pytest.param(
            [q(1, group="g", shown=True), q(5, group="g"), q(2)],
            1,
            ["q5"],
            id="a late member joins its shown group without a place",
        ),
        pytest.param(
            [q(4, group="g"), q(1, group="g"), q(2)],
            1,
            ["q1", "q4"],
            id="a group queues by its oldest member",
        ),
        pytest.param(
            [q(1, "user:a", group="g"), q(2, "user:b", group="g")],
            1,
            ["q1", "q2"],
            id="a group key is one question per entity",
        ),
    ],
)
def test_promotable(open_items: list[OpenQuestion], cap: int, promoted: list[str]) -> None:
    assert promotable(open_items, cap) == promoted


def plan(value: Scalar, field: str = "travel.location", retract: bool = False) -> CommitPlan:
    return CommitPlan(
        "user:primary",
        field,
        None if retract else value,
        retract,
        "calendar",
        "ref",
        0.9,
        f"event-{value}",
        NOW,
        NOW + timedelta(minutes=1),
        "auto_commit",
        None,
        "line",
    )


def fact(value: Scalar, version: int) -> CommittedFact:
    return CommittedFact(
        "user:primary",
        "travel.location",
        value,
        version,
        "calendar",
        "ref",
        0.9,
        f"event-{value}",
        NOW,
        NOW + timedelta(minutes=1),
        "auto_commit",
    )


KEY = ("user:primary", "travel.location")
OTHER = ("user:primary", "travel.status")


@pytest.mark.parametrize(
    ("current", "last_version", "plans", "rows", "after"),
    [
        pytest.param(None, 0, [plan("Tahoe")], [(1, None)], {KEY: fact("Tahoe", 1)}, id="first"),
        pytest.param(
            fact("Tahoe", 1),
            1,
            [plan("Reno")],
            [(2, "Tahoe")],
            {KEY: fact("Reno", 2)},
            id="a new value replaces the fact",
        ),
        pytest.param(
            fact("Tahoe", 1),
            1,
            [plan(None, retract=True)],
            [(2, "Tahoe")],
            {KEY: None},
            id="a retraction removes it",
        ),
        pytest.param(
            None,
            2,
            [plan("Reno")],
            [(3, None)],
            {KEY: fact("Reno", 3)},
            id="versions continue after a retraction",
        ),
        pytest.param(
            fact("Tahoe", 1),
            1,
            [plan("Reno"), plan(None, retract=True), plan("Oakland")],
            [(2, "Tahoe"), (3, "Reno"), (4, None)],
            {KEY: fact("Oakland", 4)},
            id="a run folds in order",
        ),
    ],
)
def test_fold_commits(
    current: CommittedFact | None,
    last_version: int,
    plans: list[CommitPlan],
    rows: list[tuple[int, Scalar]],
    after: dict[tuple[str, str], CommittedFact | None],
) -> None:
    fold = fold_commits(plans, {KEY: current}, {KEY: last_version})
    assert [(c.version, c.old_value) for c in fold.commits] == rows
    assert [c.plan for c in fold.commits] == plans
    assert dict(fold.facts) == after


def test_fold_keeps_fields_apart_and_leaves_untouched_ones_out() -> None:
    status = plan("in_progress", field="travel.status")
    fold = fold_commits([plan("Tahoe"), status], {}, {OTHER: 4})
    assert [(c.plan.field, c.version) for c in fold.commits] == [
        ("travel.location", 1),
        ("travel.status", 5),
    ]
    assert set(fold.facts) == {KEY, OTHER}
    assert fold_commits([], {KEY: fact("Tahoe", 1)}, {KEY: 1}).facts == {}


@pytest.mark.parametrize(
    ("commit", "settled"),
    [
        pytest.param(plan("Tahoe"), ["a", "c"], id="questions proposing the committed value"),
        pytest.param(plan("Reno"), ["b"], id="another value"),
        pytest.param(plan("Denver"), [], id="no question proposed it"),
        pytest.param(plan(None, retract=True), [], id="a retraction answers none"),
    ],
)
def test_settled_by_commit(commit: CommitPlan, settled: list[str]) -> None:
    open_items = [
        ("a", value_key("Tahoe"), None),
        ("b", value_key("Reno"), "user:bob"),
        ("c", value_key("Tahoe"), "user:alice"),
    ]
    assert settled_by_commit(commit, open_items) == settled


WELL = value_key("well")


@pytest.mark.parametrize(
    ("committer", "raised_by", "settles"),
    [
        pytest.param("user:bob", "user:alice", False, id="another member's question stays"),
        pytest.param(
            "user:bob", "token:t1", False, id="a token's question stays, its member unread"
        ),
        pytest.param("user:bob", "mcp:user:alice", False, id="her stdio assistant's stays"),
        pytest.param("user:bob", "user:bob", True, id="the committer's own"),
        pytest.param("user:bob", "mcp:user:bob", True, id="the committer's own assistant's"),
        pytest.param("user:bob", None, True, id="older than principals"),
        pytest.param("user:bob", "source:work", True, id="a source's"),
        pytest.param("user:bob", "system", True, id="Canon's"),
        pytest.param(None, "user:alice", False, id="a commit by nobody leaves a member's"),
    ],
)
def test_a_household_commit_never_settles_another_members_question(
    committer: str | None, raised_by: str | None, settles: bool
) -> None:
    """Bob's edit to "well" closed Alice's own "Is Lily well today?" as if she had answered
    it: on the household a commit settles only its own member's or nobody's questions."""
    household = replace(
        plan("well", field="family.lily.status"), entity_id="family:smith", principal=committer
    )
    on_her_own = replace(household, entity_id="user:alice")
    assert settled_by_commit(household, [("q", WELL, raised_by)]) == (["q"] if settles else [])
    assert settled_by_commit(on_her_own, [("q", WELL, raised_by)]) == ["q"]  # reach decides
