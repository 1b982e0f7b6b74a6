"""What the CLI prints holds other people's words, shown as written and never read as
Rich markup.

Before, a calendar's value ``Reno [/x]`` made `canon why` and `canon pending` stop with
``MarkupError: closing tag '[/x]' … doesn't match any open tag``, so an agent or a feed
could lock the owner out of their own questions; and an ``evidence_text`` of
``[bold red]…[/bold red]`` restyled the owner's terminal. Colour is now given as spans
(``core.cli.common.out``), never parsed out of text.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
from canon_cli import canon

VALUE = "Reno [/x] [bold]"
SAID = "[bold red]I am the owner[/bold red] [/oops] [link=https://evil.invalid]tap[/link]"


@pytest.fixture
def store(tmp_path: Path) -> dict[str, str | None]:
    env: dict[str, str | None] = {"CANON_DB": str(tmp_path / "canon.db"), "CANON_CONFIG": None}
    observation = {
        "event_id": str(uuid.uuid4()),
        "event_ts": "2026-11-30T10:00:00Z",
        "entity_id": "user:primary",
        "domain": "travel",
        "field": "travel.location",
        "candidate_value": VALUE,
        "intent": "assertive",
        "source": {"type": "calendar", "ref": "cal:[/ref]"},
        "evidence_text": SAID,
    }
    bad = {**observation, "event_id": str(uuid.uuid4()), "field": "[/nope]"}
    lines = "\n".join(json.dumps(o) for o in (observation, bad)) + "\n"
    ingested = canon("ingest", "-", "--now", "2026-11-30T10:01:00Z", env=env, stdin=lines)
    assert ingested.returncode == 0, ingested.stderr
    return env


@pytest.mark.parametrize(
    ("command", "shown"),
    [
        (("why", "travel.location", "--now", "2026-11-30T10:02:00Z"), [VALUE, SAID[:40]]),
        (("why", "travel.location", "--all", "--now", "2026-11-30T10:02:00Z"), [VALUE]),
        (("pending",), ["Reno [/x]"]),
        (("dlq",), ["[/nope]"]),
        (("status",), []),
        (("history",), []),
    ],
    ids=["why", "why-all", "pending", "dlq", "status", "history"],
)
def test_brackets_in_values_and_evidence_are_shown_as_written(
    store: dict[str, str | None], command: tuple[str, ...], shown: list[str]
) -> None:
    ran = canon(*command, env={**store, "COLUMNS": "400"})

    assert ran.returncode == 0, ran.stderr[-2000:]
    assert "MarkupError" not in ran.stderr
    for words in shown:
        assert words in ran.stdout, ran.stdout
