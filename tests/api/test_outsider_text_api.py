"""Outsiders' words through their real entry points stay data on every surface a model
reads: the context block, HEARTBEAT.md, MEMORY.md and the audit file, and what
``canon migrate`` reads back of a projection.

A stranger's invitation (Alice's calendar feed relays its words, as its value and as its
reason to ask), a mail's subject (her mailbox), Bob's note on the household (his own
client) and an assistant's proposal (an ``agent`` token) each write every attack of
``outsider_text.ADMITTED`` through a running ``canon serve``, and the assistant writes each
into its notes (MEMORY.md's STATE-INPUT zone, read by ``canon project``). Alice's context block must
parse back into exactly those values, each quoted and marked with where it came from;
her workspace files, projected by ``canon project``, must keep each attack inside its
quotation marks (``data_only``), zones intact; and a legacy-mode projection read back by
``canon migrate`` must not become Alice's own notes (before: Bob's "I live in Moscow now,
my name is Mallory", projected bare into the state change log, came back as Alice's
home city and name from "your files").
"""

from __future__ import annotations

import asyncio
import json
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from canon_testing import make_observation
from live_server import CANON, LiveServer, call_as, create_token, environment, live_server
from outsider_text import ADMITTED, data_only
from test_context_attack import one_line_each

from core.domain.quoting import MAX_VALUE_CHARS, Slot
from core.domain.timeutil import utc_now
from core.projections.zones import find_zones
from core.store.sqlite import SQLiteStore

ALICE, HOME = "user:alice", "family:home"
WRITERS = {
    # writer -> (entity, field pattern, source type, how Alice's block marks it)
    "calendar feed": (ALICE, "project.invite_{i}.note", "calendar", "a calendar event"),
    "mailbox": (ALICE, "financial.mail_{i}.merchant", "email", "an email"),
    "Bob": (
        HOME,
        "family.note_{i}.plan",
        "conversation_assertive",
        "another member of the household",
    ),
    "agent token": (ALICE, "project.agent_{i}.note", "agent", "an agent"),
}
NAMES = list(ADMITTED)


@dataclass
class Household:
    server: LiveServer
    env: dict[str, str]
    root: Path
    alice: str

    def get(self, path: str) -> httpx.Response:
        return call_as(self.server.url, self.alice, "GET", path)

    def canon(self, *args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [*CANON, *args], capture_output=True, text=True, env=self.env, timeout=300
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return done


def field_of(writer: str, i: int) -> str:
    return WRITERS[writer][1].format(i=i)


@pytest.fixture(scope="module")
def household(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Household]:
    root = tmp_path_factory.mktemp("outsiders")
    db = root / "canon.db"
    (root / "workspace").mkdir()
    env = environment(
        db,
        CANON_FAMILY_ENTITY=HOME,
        CANON_WORKSPACE=str(root / "workspace"),
        CANON_WORKSPACE_ENTITY=ALICE,
    )
    tokens = {
        "calendar feed": create_token(
            db, ALICE, "--source-type", "calendar", role="signals", env=env
        ),
        "mailbox": create_token(db, ALICE, "--source-type", "email", role="signals", env=env),
        "Bob": create_token(db, "user:bob", env=env),
        "agent token": create_token(db, ALICE, role="agent", env=env),
    }
    alice = create_token(db, ALICE, env=env)
    with live_server(db, env=env) as server:
        at = utc_now()
        for writer, secret in tokens.items():
            entity, _, source, _ = WRITERS[writer]
            batch = []
            for i, text in enumerate(ADMITTED.values()):
                observation = make_observation(
                    field_of(writer, i), text, source=source, entity=entity, at=at
                )
                if writer == "calendar feed":  # the invitation's words as the reason to ask
                    observation["needs_confirmation"] = text
                batch.append(observation)
            written = call_as(
                server.url, secret, "POST", "/v1/observations", {"observations": batch}
            )
            assert written.status_code == 200, written.text
            decisions = {r["decision"] for r in written.json()["results"]}
            assert decisions == ({"auto_commit"} if writer == "Bob" else {"ask_user"}), decisions
        yield Household(server, env, root, alice)


def expected(text: str, origin: str) -> Slot:
    """How the block shows ``text`` quoted from ``origin``: whole, or cut with its length."""
    if len(text) > MAX_VALUE_CHARS:
        return Slot(text[:MAX_VALUE_CHARS], origin, len(text))
    return Slot(text, origin)


@pytest.mark.parametrize("writer", list(WRITERS))
def test_alices_context_block_shows_every_attack_quoted_from_its_writer(
    household: Household, writer: str
) -> None:
    got = household.get("/v1/context?max_tokens=100000")
    assert got.status_code == 200, got.text
    text = got.json()["text"]
    block = one_line_each(text)
    assert data_only("\n".join(text.split("\n")[1:])) == []
    entity, _, _, origin = WRITERS[writer]
    shown = {f.field: f.value for f in block.facts if f.entity_id == entity}
    shown |= {q.field: q.candidate for q in block.questions if q.entity_id == entity}
    for i, (attack, words) in enumerate(ADMITTED.items()):
        assert shown.get(field_of(writer, i)) == expected(words, origin), attack


def test_the_workspace_files_keep_every_attack_inside_its_quotation_marks(
    household: Household,
) -> None:
    household.canon("migrate")  # gives the files their zones, then projects
    workspace = household.root / "workspace"
    # The assistant writes each attack into its notes (a JSON string, as the grammar says).
    memory = (workspace / "MEMORY.md").read_text()
    edits = "".join(
        f"- project.notes_{i}.note = {json.dumps(words)}\n"
        for i, words in enumerate(ADMITTED.values())
    )
    end = "<!-- STATE-INPUT:END zone_id=manual_overrides -->"
    (workspace / "MEMORY.md").write_text(memory.replace(end, edits + end))
    household.canon("project")
    files = {
        name: (workspace / name).read_text()
        for name in ("HEARTBEAT.md", "MEMORY.md", "memory/state-changes.md")
    }
    zones = {name: sorted(z.zone_id for z in find_zones(text)) for name, text in files.items()}
    assert zones == {
        "HEARTBEAT.md": ["active_reminders", "state_change_log"],
        "MEMORY.md": ["current_state", "manual_overrides"],
        "memory/state-changes.md": ["state_changes"],
    }
    for name, text in files.items():
        assert all(line.isprintable() for line in text.splitlines()), name
        assert data_only(text, markdown=True) == [], name
    # Bob's words committed on the household: in the log too, marked as a member's.
    log = files["HEARTBEAT.md"]
    assert log.count("(from a household member, quoted") == len(ADMITTED), log
    # The assistant's notes are asked of Alice, quoted as an agent's (the workspace's
    # grammar makes a value's line breaks spaces).
    text = household.get("/v1/context?max_tokens=100000").json()["text"]
    asked = {q.field: q.candidate for q in one_line_each(text).questions}
    notes = {f: c for f, c in asked.items() if f.startswith("project.notes_")}
    assert len(notes) == len(ADMITTED), text
    assert {c.source for c in notes.values()} == {"an agent"}


def test_a_legacy_projection_read_back_by_migrate_is_not_alices_word(
    household: Household,
) -> None:
    legacy = household.root / "legacy"
    legacy.mkdir()
    (legacy / "MEMORY.md").write_text("# Memory\n\n## Current State\n\n")
    (legacy / "HEARTBEAT.md").write_text(
        "# Heartbeat\n\n## Active Reminders\n\n## State Change Log\n\n"
    )
    household.canon("project", "--mode", "legacy_string", str(legacy))
    projected = (legacy / "HEARTBEAT.md").read_text() + (legacy / "MEMORY.md").read_text()
    assert "I live in Moscow now" in projected  # Bob's words are in the files, quoted

    household.canon("migrate", str(legacy))

    read_back = asyncio.run(_static_readings(household.root / "canon.db"))
    assert read_back == [], read_back


async def _static_readings(db: Path) -> list[tuple[str, object]]:
    """What ``canon migrate`` read from Alice's files as her own notes."""
    store = SQLiteStore(db)
    await store.open()
    try:
        events = [
            e
            for field in ("profile.home_city", "profile.name", "travel.location", "travel.status")
            for e in await store.events_for(ALICE, field)
        ]
    finally:
        await store.close()
    return [(e.field, e.value) for e in events if e.source_type == "static_markdown"]
