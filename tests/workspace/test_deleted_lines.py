"""A deleted STATE-INPUT line retracts its own belief, never what replaced it since.

The user wrote "travel.location = Tahoe" in MEMORY.md; days later they told Canon in
their chat that they are in Denver, and confirmed it. Tidying the stale Tahoe line away
must not erase Denver: the line's belief was already superseded, and deleting it is
no one's say about Denver (before, the deletion retracted the field whatever it held,
and four days on it committed that retraction over the user's own confirmation).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from canon_testing import make_observation
from test_workspace_flow import edit_inputs, migrated
from workspace_fixtures import NOW, USER_EDITS

from core.domain.principals import user_principal
from core.engine.engine import Engine
from core.engine.review import answer_review
from core.workspace import workspace_pass

ME = user_principal("user:primary")


async def location(engine: Engine) -> object:
    """The user's committed travel.location, None when there is none."""
    fact = await engine.store.fact("user:primary", "travel.location")
    return None if fact is None else fact.value


async def test_deleting_a_stale_line_leaves_the_newer_word_standing(
    engine: Engine, workspace: Path
) -> None:
    await migrated(engine, workspace)
    edit_inputs(workspace, ["- travel.location = Tahoe"])
    t1 = NOW + timedelta(minutes=1)
    await workspace_pass(engine, workspace, t1, USER_EDITS)
    assert await location(engine) == "Tahoe"

    t2 = t1 + timedelta(days=2)
    said = await engine.ingest(
        make_observation("travel.location", "Denver", at=t2), now=t2, principal=ME
    )
    assert said.decision == "ask_user"
    [asked] = [
        r for r in await engine.store.review_items(["pending"]) if r.candidate_value == "Denver"
    ]
    await answer_review(engine, asked.id, "confirm", now=t2, principal=ME)
    assert await location(engine) == "Denver"

    edit_inputs(workspace, [])
    events = await engine.store.count_events()
    t3 = t2 + timedelta(days=4)
    report = await workspace_pass(engine, workspace, t3, USER_EDITS)

    assert report.inputs.outcomes == ()
    assert await location(engine) == "Denver"
    assert await engine.store.count_events() == events
    assert await engine.store.review_items(["pending", "queued"]) == []


async def test_deleting_the_line_that_still_holds_retracts_it(
    engine: Engine, workspace: Path
) -> None:
    await migrated(engine, workspace)
    edit_inputs(workspace, ["- travel.location = Tahoe"])
    await workspace_pass(engine, workspace, NOW + timedelta(minutes=1), USER_EDITS)
    edit_inputs(workspace, [])
    report = await workspace_pass(engine, workspace, NOW + timedelta(days=1), USER_EDITS)
    assert [(o.field, o.decision) for o in report.inputs.outcomes] == [
        ("travel.location", "auto_commit")
    ]
    assert await location(engine) is None


async def _asked_location(engine: Engine) -> list[object]:
    waiting = await engine.store.review_items(["pending", "queued"])
    return [r.candidate_value for r in waiting if r.field == "travel.location"]


async def test_deleting_a_line_that_was_asked_withdraws_its_question(
    engine: Engine, workspace: Path
) -> None:
    """The user confirmed Denver in the chat; a line saying Tahoe, written after, is asked
    about ("Are you in Tahoe?"). Deleting the line took nothing back (Denver is not its
    belief) and left the question open: a Yes days later would have committed the Tahoe
    the user had deleted. The question goes with its line; Denver stands."""
    await migrated(engine, workspace)
    said = make_observation("travel.location", "Denver", source="user_confirmation", at=NOW)
    await engine.ingest(said, now=NOW, principal=ME)
    edit_inputs(workspace, ["- travel.location = Tahoe"])
    t1 = NOW + timedelta(minutes=1)
    report = await workspace_pass(engine, workspace, t1, USER_EDITS)
    assert [(o.field, o.decision) for o in report.inputs.outcomes] == [
        ("travel.location", "ask_user")
    ]
    assert await _asked_location(engine) == ["Tahoe"]

    edit_inputs(workspace, [])
    await workspace_pass(engine, workspace, t1 + timedelta(minutes=5), USER_EDITS)

    assert await _asked_location(engine) == []
    assert await location(engine) == "Denver"
    [closed] = [
        r for r in await engine.store.review_items(["superseded"]) if r.candidate_value == "Tahoe"
    ]
    assert closed.field == "travel.location"


async def test_changing_an_asked_line_asks_only_its_new_value(
    engine: Engine, workspace: Path
) -> None:
    await migrated(engine, workspace)
    said = make_observation("travel.location", "Denver", source="user_confirmation", at=NOW)
    await engine.ingest(said, now=NOW, principal=ME)
    edit_inputs(workspace, ["- travel.location = Tahoe"])
    await workspace_pass(engine, workspace, NOW + timedelta(minutes=1), USER_EDITS)
    edit_inputs(workspace, ["- travel.location = Reno"])
    await workspace_pass(engine, workspace, NOW + timedelta(minutes=2), USER_EDITS)

    assert await _asked_location(engine) == ["Reno"]
    assert await location(engine) == "Denver"
