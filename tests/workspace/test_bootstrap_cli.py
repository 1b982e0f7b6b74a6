"""`canon migrate` from the user's side: what the files say is listed and believed on their say."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from core.cli import cli
from core.domain.policy import default_policy
from core.domain.principals import user_principal
from core.engine.engine import Engine
from core.engine.review import answer_review
from core.store.sqlite import SQLiteStore

AT = "2026-02-19T14:30:00Z"
HEARTBEAT = (
    "# Heartbeat\n\n## Active Reminders\n\n"
    "- [ ] Sunday 7-8 AM: Leave for Tahoe\n"
    "- [ ] 2026-02-10: Leave for Maui\n\n"
    "Home city: Portland\n"
)
MEMORY = "# Memory\n\nI work at Acme.\n"
CURRENT = {
    "travel.destination": "Tahoe",
    "travel.status": "planning",
    "travel.depart_date": "2026-02-22",
    "profile.home_city": "Portland",
    "profile.employer": "Acme",
}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "HEARTBEAT.md").write_text(HEARTBEAT, encoding="utf-8")
    (ws / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    return ws


def canon(folder: Path, *args: str, stdin: str | None = None, at: str = AT) -> Result:
    env = {"CANON_DB": str(folder.parent / "canon.db")}
    return CliRunner().invoke(
        cli, ["migrate", str(folder), "--now", at, *args], env=env, input=stdin
    )


def state(folder: Path) -> tuple[dict[str, Any], dict[str, str], list[Any]]:
    """Committed values, their source types, and the open review items."""

    async def go() -> tuple[dict[str, Any], dict[str, str], list[Any]]:
        store = SQLiteStore(folder.parent / "canon.db")
        await store.open()
        try:
            facts = await store.facts()
            items = await store.review_items(["queued", "pending"])
            return (
                {f.field: f.value for f in facts},
                {f.field: f.source_type for f in facts},
                items,
            )
        finally:
            await store.close()

    return asyncio.run(go())


def principals(folder: Path) -> set[str | None]:
    """Who made the writes behind the committed values."""

    async def go() -> set[str | None]:
        store = SQLiteStore(folder.parent / "canon.db")
        await store.open()
        try:
            return {f.principal for f in await store.facts()}
        finally:
            await store.close()

    return asyncio.run(go())


def test_yes_keeps_every_current_finding_as_the_users_confirmation(folder: Path) -> None:
    res = canon(folder, "--yes")
    assert res.exit_code == 0, res.output
    values, sources, items = state(folder)
    assert values == CURRENT
    assert set(sources.values()) == {"user_confirmation"}
    assert principals(folder) == {"user:primary"}  # the owner kept them, not Canon
    assert items == []
    assert "profile.home_city = Portland: kept" in res.output
    # The zones show what was kept.
    assert (
        "Portland" in (folder / "MEMORY.md").read_text(encoding="utf-8").split("Current State")[1]
    )


def test_stale_lines_are_flagged_and_never_believed(folder: Path) -> None:
    res = canon(folder, "--yes", "--json")
    assert res.exit_code == 0, res.output
    findings = json.loads(res.output)["findings"]
    stale = {(f["field"], f["value"]) for f in findings if f["stale"]}
    assert ("travel.destination", "Maui") in stale
    assert ("travel.depart_date", "2026-02-10") in stale
    assert all("already past" in f["stale"] for f in findings if f["stale"])
    assert "Maui" not in state(folder)[0].values()
    human = canon(folder, "--no-interactive")
    assert "stale, not believed: travel.destination = Maui" in human.output


def test_a_day_is_past_on_the_users_calendar_not_utcs(folder: Path) -> None:
    """7 pm on the 10th in Portland (the files' home city) is UTC's 11th: the Maui line
    leaving on the 10th is today's, not already past (at 9 am the next day it is, above)."""
    evening = canon(folder, "--yes", "--json", at="2026-02-11T03:00:00Z")
    assert evening.exit_code == 0, evening.output
    findings = json.loads(evening.output[evening.output.index("{") :])["findings"]
    stale = {f["value"]: f["stale"] for f in findings if f["stale"]}
    assert "2026-02-10" not in stale, stale
    assert "Maui" not in stale, stale


def test_interactive_answers_keep_some_and_drop_others(folder: Path) -> None:
    # Asked in file order: Tahoe, planning, 2026-02-22, Portland, Acme.
    res = canon(folder, "--interactive", stdin="y\ny\ny\nn\ny\n")
    assert res.exit_code == 0, res.output
    assert "keep profile.home_city = Portland?" in res.output
    values, _, items = state(folder)
    assert "profile.home_city" not in values
    assert values["profile.employer"] == "Acme"
    assert values["travel.destination"] == "Tahoe"
    assert items == []


def test_without_a_terminal_one_grouped_question_commits_all_on_yes(folder: Path) -> None:
    res = canon(folder, "--no-interactive")
    assert res.exit_code == 0, res.output
    assert "Things I found in your files (3): keep them?" in res.output
    values, _, items = state(folder)
    assert values == {}
    [item] = items
    assert item.kind == "bootstrap"
    assert "profile.employer = Acme" in item.reasons
    assert not any("Maui" in r for r in item.reasons)

    async def confirm() -> None:
        store = SQLiteStore(folder.parent / "canon.db")
        await store.open()
        try:
            engine = Engine(store, default_policy())
            from datetime import UTC, datetime

            result = await answer_review(
                engine,
                item.id,
                "confirm",
                now=datetime(2026, 2, 19, 15, tzinfo=UTC),
                principal=user_principal("user:primary"),  # the user's tap in the chat
            )
            assert result.status == "confirmed"
            assert result.committed
        finally:
            await store.close()

    asyncio.run(confirm())
    values, sources, items = state(folder)
    assert values == CURRENT
    assert set(sources.values()) == {"user_confirmation"}
    assert principals(folder) == {"user:primary"}  # whoever answered, not Canon
    assert items == []


def test_rejecting_the_grouped_question_discards_and_is_not_asked_again(folder: Path) -> None:
    canon(folder, "--no-interactive")
    [item] = state(folder)[2]

    async def reject() -> None:
        store = SQLiteStore(folder.parent / "canon.db")
        await store.open()
        try:
            from datetime import UTC, datetime

            await answer_review(
                Engine(store, default_policy()),
                item.id,
                "reject",
                now=datetime(2026, 2, 19, 15, tzinfo=UTC),
            )
        finally:
            await store.close()

    asyncio.run(reject())
    again = canon(folder, "--no-interactive", at="2026-02-19T16:00:00Z")
    assert again.exit_code == 0, again.output
    assert state(folder)[0] == {}
    assert state(folder)[2] == []


@pytest.mark.parametrize("mode", [["--yes"], ["--no-interactive"]])
def test_a_second_run_changes_nothing(folder: Path, mode: list[str]) -> None:
    canon(folder, *mode)
    before = state(folder)
    files = {p: p.read_bytes() for p in folder.rglob("*.md")}
    again = canon(folder, *mode)
    assert again.exit_code == 0, again.output
    after = state(folder)
    assert (after[0], after[1], [i.id for i in after[2]]) == (
        before[0],
        before[1],
        [i.id for i in before[2]],
    )
    assert {p: p.read_bytes() for p in folder.rglob("*.md")} == files


def test_two_lines_saying_the_same_thing_are_one_finding(folder: Path) -> None:
    (folder / "MEMORY.md").write_text(
        "# Memory\n\nI work at Acme.\n\nI live in Portland\n", encoding="utf-8"
    )
    res = canon(folder, "--no-interactive")
    assert res.exit_code == 0, res.output
    listed = [line for line in res.output.splitlines() if "profile.home_city = Portland" in line]
    assert len(listed) == 1, res.output
    [item] = state(folder)[2]
    assert sum("profile.home_city" in reason for reason in item.reasons) == 1


def test_pending_shows_the_grouped_question_as_its_findings(folder: Path) -> None:
    canon(folder, "--no-interactive")
    env = {"CANON_DB": str(folder.parent / "canon.db"), "COLUMNS": "200"}
    res = CliRunner().invoke(cli, ["pending"], env=env)
    assert res.exit_code == 0, res.output
    assert "bootstrap" in res.output
    assert "profile.employer = Acme" in res.output
    assert '"event_id"' not in res.output  # never the stored JSON


@pytest.mark.parametrize(("action", "said"), [("confirm", "Kept"), ("reject", "Dropped")])
def test_canon_answer_lists_what_was_kept_or_dropped(folder: Path, action: str, said: str) -> None:
    # Before: "Confirmed: bootstrap = (none)", the grouped question's field and no value.
    canon(folder, "--no-interactive")
    [item] = state(folder)[2]
    env = {"CANON_DB": str(folder.parent / "canon.db")}
    res = CliRunner().invoke(cli, ["answer", item.id[:8], action], env=env)
    assert res.exit_code == 0, res.output
    assert res.output.splitlines()[0] == f"{said} what your files say:"
    assert "  profile.employer = Acme" in res.output.splitlines()
    assert "bootstrap" not in res.output
    assert state(folder)[0] == (CURRENT if action == "confirm" else {})


def test_canon_answer_edit_drops_the_things_it_names_and_asks_the_rest(folder: Path) -> None:
    canon(folder, "--no-interactive")
    [item] = state(folder)[2]
    env = {"CANON_DB": str(folder.parent / "canon.db")}
    res = CliRunner().invoke(cli, ["answer", item.id[:8], "edit", "the employer"], env=env)
    assert res.exit_code == 0, res.output
    assert res.output.splitlines()[:2] == [
        "Dropped what your files say:",
        "  profile.employer = Acme",
    ]
    [rest] = state(folder)[2]
    assert not any("employer" in reason for reason in rest.reasons)
    refused = CliRunner().invoke(cli, ["answer", rest.id[:8], "edit", "the boat"], env=env)
    assert refused.exit_code != 0
    assert "name one of the things found to drop it: trip, home city" in refused.output
    res = CliRunner().invoke(cli, ["answer", rest.id[:8], "confirm"], env=env)
    assert res.exit_code == 0, res.output
    kept = {k: v for k, v in CURRENT.items() if k != "profile.employer"}
    assert state(folder)[0] == kept


def test_a_household_list_in_memory_md_is_read_as_who_each_member_is(tmp_path: Path) -> None:
    """Round 36: "- Partner: Jordan" and "Kids: Maya (9), Leo (6)" are the members, each
    kept on the user's Yes like any finding; the ages are not kept (they go stale)."""
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "MEMORY.md").write_text(
        "# Memory\n\n## Household\n\n- Partner: Jordan\n- Kids: Maya (9), Leo (6)\n- Dog: Pepper\n",
        encoding="utf-8",
    )
    res = canon(ws, "--yes")
    assert res.exit_code == 0, res.output
    values, sources, items = state(ws)
    assert values == {
        "family.jordan.relation": "partner",
        "family.maya.relation": "child",
        "family.leo.relation": "child",
    }
    assert set(sources.values()) == {"user_confirmation"}
    assert items == []
    assert "family.maya.relation: child" in (ws / "MEMORY.md").read_text(encoding="utf-8")
