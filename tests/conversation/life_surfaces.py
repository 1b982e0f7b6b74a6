"""Every surface that says what Canon believes of a life, read at one moment, and the
invariants they must keep together (``judge``): what the chat says when asked (/state,
"where am i", "what do you know about me", the agenda), the context block an assistant
reads, HEARTBEAT.md and MEMORY.md as projected, GET /v1/state's read, and /why of every
value held."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from chat_harness import ALICE, AUDIENCE
from context_parser import Block, parse_block
from life_story import HOME, PLACES, Life

from core.conversation import commands
from core.conversation.context_read import load_context
from core.conversation.views import state_view
from core.domain.state import CommittedFact
from core.engine.household import facts_for_reader
from core.projections.render import HEARTBEAT, MEMORY, RenderConfig, render

ASKED = ("/state", "where am i", "what do you know about me", "what's on my plate?")
"""What Alice asks to hear the whole story, the agenda last."""
ERRAND = "financial.amazon_return"
DEPART, STATUS = "travel.depart_date", "travel.status"
CLAIMS = ((HEARTBEAT, "active_reminders"), (MEMORY, "current_state"))
"""The projected zones that say what is so now."""
Held = dict[tuple[str, str], object]
"""(entity, field) -> the committed value."""


@dataclass(frozen=True)
class Surfaces:
    """What every surface says at one moment."""

    held: Held
    facts: list[CommittedFact]
    told: dict[str, str]
    block_text: str
    block: Block
    projected: str
    api: dict[str, dict[str, Any]]
    why: dict[str, str]
    today: date
    """The day it is in UTC (at least the user's, west of it)."""

    def everywhere(self) -> str:
        return "\n".join([*self.told.values(), self.block_text, self.projected])


def held_of(facts: list[CommittedFact]) -> Held:
    return {(f.entity_id, f.field): f.value for f in facts}


async def committed(life: Life) -> Held:
    store = life.engine.store
    return held_of([f for e in AUDIENCE.entities_of(ALICE) for f in await store.facts(e)])


async def read_surfaces(life: Life) -> Surfaces:
    """Every surface now; asking changes nothing Canon holds (checked here)."""
    store, now = life.engine.store, life.now()
    entities = AUDIENCE.entities_of(ALICE)
    before = await committed(life)
    told = {asked: "\n".join(await life.say(ALICE, asked)) for asked in ASKED}
    facts = [f for e in entities for f in await store.facts(e)]
    assert held_of(facts) == before, f"asking changed what Canon holds: {told}"
    block = await load_context(store, life.engine.policy, entities, now)
    pending = await store.review_items(["pending"])
    projection = render(await store.facts(), pending, await store.audit(), RenderConfig(), now)
    # What the files claim now (the change logs beside them are history).
    projected = "\n".join(projection[file][zone] for file, zone in CLAIMS)
    kept, _overruled = await facts_for_reader(
        store, entities, AUDIENCE.entity_of(ALICE), AUDIENCE.configured_names()
    )
    why = {
        f.field: await commands.why_answer(store, AUDIENCE, ALICE, f.field, now)
        for f in facts
        if f.entity_id == AUDIENCE.entity_of(ALICE)
    }
    return Surfaces(
        held_of(facts),
        facts,
        told,
        block.text,
        parse_block(block.text),
        projected,
        state_view(kept, now),
        why,
        now.date(),
    )


def _value(held: Held, field: str, entity: str = "user:primary") -> object:
    return held.get((entity, field))


def _day(value: object) -> date | None:
    try:
        return date.fromisoformat(str(value)[:10]) if value is not None else None
    except ValueError:
        return None


def judge(seen: Surfaces, story: str) -> None:
    """The invariants of one moment, across every surface; ``story`` names the beats."""
    held = seen.held
    _block_is_the_state(seen, story)
    for (entity, field), value in held.items():
        view = seen.api.get(entity, {}).get(field)
        assert view is not None, f"GET /v1/state lacks {entity} {field}\n{story}"
        assert view["value"] == value, (
            f"GET /v1/state has {entity} {field} as {view}, Canon holds {value!r}\n{story}"
        )
    for field, why in seen.why.items():
        head = why.splitlines()[0]
        assert " — " in head, f"/why {field} holds no value:\n{why}\n{story}"
        assert "nothing held" not in head, f"/why {field} holds nothing:\n{why}\n{story}"
    status = _value(held, STATUS)
    location = _value(held, "travel.location")
    asked = {q.field for q in seen.block.questions}
    # Over or home: nowhere else, unless her newer word that it began is asked ("made it
    # to tahoe" after it was called off: where she is, and "under way?"). A trip called off
    # moves nobody (trip_state): one called off in Tahoe leaves her there.
    if status == "completed" and STATUS not in asked:
        assert location in (None, HOME), f"trip {status} yet located in {location}\n{story}"
    if (status == "completed" or location == HOME) and STATUS not in asked:
        _nowhere_away(seen, story)
    leaves = _day(_value(held, DEPART))
    flagged = any("departure" in str(c.sentence.value) for c in seen.block.conflicts)
    if status in ("in_progress", "completed") and leaves and not (DEPART in asked or flagged):
        # Under way or over, its day to leave is not ahead, unless that day is asked (an
        # arrival before the planned day: "Did you leave on ...?") or shown as a conflict
        # (its No). The user's day is never after the UTC day in Portland.
        assert leaves <= seen.today, f"trip {status} before it leaves on {leaves}\n{story}"
    if status in ("in_progress", "completed") and leaves and leaves <= seen.today:
        # A trip that has left tells its departure as a day gone by.
        state = seen.told["/state"]
        assert "Your departure date is" not in state, f"left, yet still to leave:\n{state}\n{story}"
    _no_errand_after_its_trip_left(seen, story)


def _block_is_the_state(seen: Surfaces, story: str) -> None:
    """The block parses back to the committed facts: every fact it states is held with
    that value, and every fact held is in it (a fact, an expired line, or the committed
    side of a conflict it asks about)."""
    held = seen.held
    shown: set[tuple[str, str]] = set()
    for fact in seen.block.facts:
        key = (fact.entity_id, fact.field)
        assert key in held, f"block states {key}, not held\n{seen.block_text}\n{story}"
        assert str(held[key]) == str(fact.value.value), (
            f"block says {key} = {fact.value.value!r}, Canon holds {held.get(key)!r}\n"
            f"{seen.block_text}\n{story}"
        )
        shown.add(key)
    shown |= {(e.entity_id, e.field) for e in seen.block.expired}
    shown |= {(q.entity_id, q.field) for q in seen.block.questions if q.current is not None}
    if seen.block.omitted == 0:
        missing = set(held) - shown
        assert not missing, f"held but not in the block: {missing}\n{seen.block_text}\n{story}"


_AWAY_WORDS = (
    "under way",
    "in_progress",
    "You're in {place}",
    "In {place}",
    "location = {place}",
    "location: {place}",
)
"""How a surface says she is away (the block and the projections, by field)."""


def _nowhere_away(seen: Surfaces, story: str) -> None:
    """Home (a trip over, or called off, or at home): nothing says she is away."""
    said = seen.everywhere()
    for place in PLACES:
        for words in _AWAY_WORDS:
            claim = words.format(place=place)
            assert claim not in said, f"home, yet {claim!r} is said:\n{said}\n{story}"


def _no_errand_after_its_trip_left(seen: Surfaces, story: str) -> None:
    """An errand due by the day a trip left is no "coming up" once it left."""
    held = seen.held
    left = _day(_value(held, DEPART))
    due = _day(_value(held, f"{ERRAND}.due_date"))
    gone = _value(held, "travel.status") in ("in_progress", "completed")
    if not (gone and left and due and due <= left):
        return
    agenda = seen.told[ASKED[-1]]
    ahead = agenda.split("Coming up:", 1)[1] if "Coming up:" in agenda else ""
    ahead = ahead.split("\n\n", 1)[0]
    assert "amazon" not in ahead.lower(), f"errand before the trip still ahead:\n{agenda}\n{story}"
