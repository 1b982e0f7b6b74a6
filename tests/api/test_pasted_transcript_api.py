"""A chat transcript pasted into a message is other people's words: data, never the user's
claims (``core.extraction.transcript_lines``), over ``POST /v1/messages`` as a client
sends it.

Before, "Sam: we're in Tahoe till sunday" was read as the user's own "we're in Tahoe":
their location, trip and return day, asked of them (and, with a calibrated trip,
committed), so a user at home in Portland was told they were in Tahoe. Now Sam's "I" and
"we" are Sam; what the user's own "Me:" lines say is still theirs.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from api_harness import ALICE, running_api

from core.extraction.transcript_lines import others_as_said

PASTED = [
    "Sam: we're in Tahoe till sunday",
    "Sam: we're in Tahoe till sunday\nMe: nice, have fun!",
    "[28/11/26, 10:42] Sam: we're in Tahoe till sunday\n[28/11/26, 10:43] Jo: lucky you",
    "Priya (WhatsApp): I'm stuck in Tahoe, flight cancelled",
    "Sam Lee: our flight to Tahoe is at 9 tomorrow",
    "Mom: I'm in Tahoe with your aunt till sunday",
    "Pasting from the group chat:\nKofi: we made it to Tahoe!",
]


async def _travel(api: object, who: str) -> dict[str, object]:
    facts = await api.engine.store.facts(who)  # type: ignore[attr-defined]
    return {f.field: f.value for f in facts if f.field.startswith("travel.")}


@pytest.mark.parametrize("text", PASTED)
async def test_someone_elses_line_is_never_the_users_whereabouts(tmp_path: Path, text: str) -> None:
    async with running_api(tmp_path) as api:
        await api.confirmed(ALICE, "I'm back home in Portland")
        home = await _travel(api, ALICE)
        assert home.get("travel.location") == "Portland"

        said = await api.call(ALICE, "POST", "/v1/messages", json_body={"text": text})

        assert said.status == 200, said.body
        touched = [o for o in said.body["outcomes"] if str(o["field"]).startswith("travel.")]
        assert touched == [], touched  # neither committed nor asked of Alice
        assert await _travel(api, ALICE) == home
        context = await api.call(ALICE, "GET", "/v1/context")
        assert "Tahoe" not in str(context.body)


async def test_the_users_own_line_in_a_transcript_is_still_theirs(tmp_path: Path) -> None:
    async with running_api(tmp_path) as api:
        text = "Sam: we're in Tahoe till sunday\nMe: I'm in Denver till friday"

        said = await api.call(ALICE, "POST", "/v1/messages", json_body={"text": text})

        assert said.status == 200, said.body
        assert "travel.location" in {o["field"] for o in said.body["outcomes"]}
        facts = await _travel(api, ALICE)
        asked = " ".join(q["question"] for q in said.body["questions"])
        assert facts.get("travel.location") == "Denver" or "Denver" in asked, said.body
        assert "Tahoe" not in asked + str(facts)


@pytest.mark.parametrize(
    "note",
    [
        "Update: I'm in Tahoe till sunday",
        "Fwd: I'll be in Denver Monday",
        "Tahoe: we made it!",
        "June: we're in Paris for the conference",
        "Dad: bright, chatty, walked to the end of the garden",
        "Netflix: cancelled. Hulu: cancelled.",
        "Me: exhausted",
        "Mum: where are you?? Me: still in Leeds, back Friday",
    ],
)
def test_a_note_with_a_label_is_read_as_typed(note: str) -> None:
    """A label that names no speaker, or a line saying no "I" or "we", is the user's note."""
    assert others_as_said(note) == note
