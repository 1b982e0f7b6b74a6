"""Every surface that says what Canon believes of a life, read at one moment, and the
invariants they must keep together (``judge``): what the chat says when asked (/state,
"where am i", "what do you know about me", the agenda), the context block an assistant
reads, HEARTBEAT.md and MEMORY.md as projected, GET /v1/state's read, and /why of every
value held."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from chat_harness import ALICE, AUDIENCE
from context_parser import Block, Question, parse_block
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
    prompts: tuple[str, ...] = ()
    """The questions shown to Alice in the last beat (text of each prompt with buttons)."""
    errand_tied: bool = False
    """Whether Alice last said the errand is due before the trip ("before we go")."""
    memory: str = ""
    """MEMORY.md's current_state zone as projected."""
    ever_asked: tuple[str, ...] = ()
    """Every question shown to Alice so far."""
    closed: tuple[tuple[str, str], ...] = ()
    """Alice's questions answered or closed: (as first shown, as it reads now)."""

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
    memory = projection[MEMORY]["current_state"]
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
        tuple(life.prompted),
        life.errand_tied,
        memory,
        tuple(life.ever_asked),
        tuple((life.first_shown[n], text) for n, text in life.closed.items()),
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
    if status in ("in_progress", "completed") and leaves:
        # A trip that has left tells its departure as a day gone by, or (still held ahead,
        # that day being asked) as a day in question: never as a day to leave.
        state = seen.told["/state"]
        assert "Your departure date is" not in state, f"left, yet still to leave:\n{state}\n{story}"
    _no_errand_after_its_trip_left(seen, story)
    _memory_is_the_state(seen, story)
    _nothing_asked_is_held(seen, story)
    _prompts_speak_of_now(seen, story)
    _errand_before_we_go_is_before_the_trip(seen, story)
    _notes_quote_the_question_as_asked(seen, story)
    _questions_close_in_their_tense(seen, story)


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
    # Only the "Coming up" lines: "Overdue:" and "No day yet:" follow in the same paragraph.
    ahead = ahead.split("\n\n", 1)[0].split("\nOverdue:", 1)[0].split("\nNo day yet", 1)[0]
    assert "amazon" not in ahead.lower(), f"errand before the trip still ahead:\n{agenda}\n{story}"


_MEMORY_ENTITY = re.compile(r"^- \*\*(\S+)\*\*$")
_MEMORY_FACT = re.compile(r"^    - ([a-z0-9_.]+): (.*?)(?: \(|$)")


def _memory_facts(memory: str) -> dict[tuple[str, str], str]:
    """MEMORY.md's current state read back: (entity, field) -> value as written."""
    read: dict[tuple[str, str], str] = {}
    entity = ""
    for line in memory.splitlines():
        if found := _MEMORY_ENTITY.match(line):
            entity = found.group(1)
        elif found := _MEMORY_FACT.match(line):
            read[(entity, found.group(1))] = found.group(2)
    return read


def _memory_is_the_state(seen: Surfaces, story: str) -> None:
    """MEMORY.md states Alice's facts as Canon holds them (and /state, the block and the
    API with them): every field held, each with its value, and nothing else."""
    written = {k: v for k, v in _memory_facts(seen.memory).items() if k[0] == "user:primary"}
    mine = {k: str(v) for k, v in seen.held.items() if k[0] == "user:primary"}
    assert written == mine, f"MEMORY.md says {written}, Canon holds {mine}\n{seen.memory}\n{story}"


def _keeps_a_day_of_a_trip_off(q: Question, current: dict[tuple[str, str], str]) -> bool:
    """ "The Amazon return was due before the Tahoe trip, which is off — keep Saturday,
    December 5 as its day?": the one question that proposes a day held, whether it is
    still hers now that the trip it came from is off (``core.engine.errand_trip_off``)."""
    return (
        q.field.startswith("financial.")
        and q.field.endswith(".due_date")
        and current.get((q.entity_id, "travel.status")) == "cancelled"
    )


def _nothing_asked_is_held(seen: Surfaces, story: str) -> None:
    """No open question proposes the value a field already holds as a current fact:
    Canon never asks her to confirm what she (or it) already settled."""
    current = {(f.entity_id, f.field): str(f.value.value) for f in seen.block.facts if not f.stale}
    for q in seen.block.questions:
        held = current.get((q.entity_id, q.field))
        if _keeps_a_day_of_a_trip_off(q, current):
            continue
        assert held is None or held != str(q.candidate.value), (
            f"asks {q.field} → {q.candidate.value!r}, already held\n{seen.block_text}\n{story}"
        )


_MONTHS = [date(2026, m, 1).strftime("%B") for m in range(1, 13)]
_SAID_DAY = re.compile(
    r"(Did you leave|Do you leave|Are you leaving|Are you back|Did you get back|due) on "
    r"(?:[A-Z][a-z]+day), (" + "|".join(_MONTHS) + r") (\d{1,2})\b"
)


def _prompts_speak_of_now(seen: Surfaces, story: str) -> None:
    """A question shown in the last beat speaks of the days it names in their tense (no
    "Did you leave on" a day still ahead, no "Do you leave on" a day gone), and never
    asks whether the trip is under way, or she is where she is, when Canon holds it."""
    status = _value(seen.held, STATUS)
    location = _value(seen.held, "travel.location")
    for prompt in seen.prompts:
        for verb, month, day in _SAID_DAY.findall(prompt):
            said = _nearest(seen.today, _MONTHS.index(month) + 1, int(day))
            if verb in ("Did you leave", "Did you get back"):
                assert said <= seen.today, f"{verb} on {said}, still ahead:\n{prompt}\n{story}"
            if verb in ("Do you leave", "Are you leaving"):
                # Her day is at most one behind UTC's.
                assert said >= seen.today - timedelta(days=1), (
                    f"{verb} on {said}, gone by:\n{prompt}\n{story}"
                )
        if status == "in_progress":
            assert "Is your trip under way?" not in prompt, f"asks held:\n{prompt}\n{story}"
        if location is not None:
            assert f"Are you in {location}?" not in prompt, f"asks held:\n{prompt}\n{story}"


def _nearest(today: date, month: int, day: int) -> date:
    """The day ``month``/``day`` nearest to ``today`` (a question names no year)."""
    days = [date(today.year + n, month, day) for n in (-1, 0, 1)]
    return min(days, key=lambda d: abs((d - today).days))


def _errand_before_we_go_is_before_the_trip(seen: Surfaces, story: str) -> None:
    """An errand she said is due before the trip is due no later than the trip leaves,
    while it is planned and the errand still to do (unless either day is being asked)."""
    held = seen.held
    due = _day(_value(held, f"{ERRAND}.due_date"))
    leaves = _day(_value(held, DEPART))
    asked = {q.field for q in seen.block.questions}
    if not (seen.errand_tied and due and leaves) or asked & {DEPART, f"{ERRAND}.due_date"}:
        return
    if _value(held, STATUS) != "planning" or _value(held, f"{ERRAND}.status") != "due":
        return
    assert due <= leaves, f"errand due {due} 'before we go', the trip leaves {leaves}\n{story}"


_LEAVE_ON = re.compile(r"\b(Do|Did) you leave on ([A-Z][a-z]+, [A-Z][a-z]+ \d{1,2})\b")


def _notes_quote_the_question_as_asked(seen: Surfaces, story: str) -> None:
    """An answer that names the question waiting ('I've asked you: "..."') words a
    departure as the chat asked it, or later in the past: never "Do you leave on
    Wednesday?" once a prompt asked "Did you leave on Wednesday?"."""
    asked: dict[str, set[str]] = {}
    for prompt in seen.ever_asked:
        for verb, day in _LEAVE_ON.findall(prompt):
            asked.setdefault(day, set()).add(verb)
    for answer in seen.told.values():
        for note in re.findall(r"I've asked you: \"([^\"]*)\"", answer):
            for verb, day in _LEAVE_ON.findall(note):
                # Days only pass: once asked in the past, never quoted in the future.
                assert verb == "Did" or "Did" not in asked.get(day, ()), (
                    f"quotes {verb!r} you leave on {day}, asked {asked[day]}:\n{answer}\n{story}"
                )


def _questions_close_in_their_tense(seen: Surfaces, story: str) -> None:
    """A question answered or closed keeps the tense it was asked in (or, a day later, the
    past): "Did you leave on Wednesday?" never closes as "Do you leave on Wednesday?"."""
    for asked, closed in seen.closed:
        was = {day: verb for verb, day in _LEAVE_ON.findall(asked)}
        for verb, day in _LEAVE_ON.findall(closed):
            assert verb == "Did" or was.get(day) != "Did", (
                f"asked:\n{asked}\nclosed:\n{closed}\n{story}"
            )
