"""One validation for every way a value comes in: the schema, then what each field takes.

Found by attack31: a STATE-INPUT line committed ``travel.return_date = 0000-01-01`` and
``financial.x.due = 2026-02-30`` (a manual edit outranks everything), and nothing refused
the same values as JSON either (``canon ingest``, the API, an assistant over MCP): the
schema takes any short text, and only the Markdown grammar read the field catalogue (an
amount is a number), so a value it refused came in as JSON.

Now every entry's payload passes ``core.domain.evidence_time.evidence_errors`` (schema,
then ``core.domain.told_values``) before the resolver, and each bad value is a dead letter
with a reason that says what is wrong, nothing committed and nothing asked:

    value                   JSON  API  MCP  Markdown  calendar  email
    impossible day           x     x    x      x         x        x
    year 0 / year 10000      x     x    x      x         x        x
    NaN / infinite amount    x          x      x         x        x
    a 100 KB string          x     x    x      x         x        x
    control characters       x     x    x      x
    wrong types              x     x    x      x         x        x
    negative duration                                    x

Blank cells are values the entry cannot carry: JSON over HTTP has no NaN (a body holding
one is a 400, nothing read), a Markdown line no number for a status; an event has a
duration and an observation none; an event's or a mail's text may hold control characters
(form feeds are common in real mail): it is data, read as words, and no value taken from
it holds one. The bot's text goes
through the extractor, which reads values from words (a day it cannot count from is not
read, ``test_far_days_api``); a message holding a control character is refused whole
(``test_hostile_input``)."""

from __future__ import annotations

import json
import math
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from api_harness import Api, running_api
from canon_testing import NOW, make_observation, make_signal

from core.engine.signal_ingest import ingest_signals
from core.errors import CanonError
from core.extraction.offline import extract_offline
from core.mcp.scoped import Scope, ScopedCanon, token_mcp_principal
from core.workspace.manual_input import ingest_markdown_text

ALICE = "user:alice"

Value = str | float | bool | int


async def _as_json_line(api: Api, field: str, value: Value) -> None:
    """``canon ingest``'s path: a parsed line straight into the engine's batch."""
    await api.engine.ingest_batch([make_observation(field, value, entity=ALICE)], now=NOW)


async def _over_http(api: Api, field: str, value: Value) -> None:
    told = make_observation(field, value, entity=ALICE)
    posted = await api.call(ALICE, "POST", "/v1/observations", json_body={"observations": [told]})
    assert posted.status == 200, posted.body
    assert [r["decision"] for r in posted.body["results"]] == ["invalid"], posted.body


async def _over_mcp(api: Api, field: str, value: Value) -> None:
    [token] = [t for t in await api.engine.store.api_tokens.tokens() if t.entity_id == ALICE]
    mcp = ScopedCanon(
        api.engine, Scope(ALICE), clock=lambda: NOW, principal=token_mcp_principal(token)
    )
    with pytest.raises(CanonError):
        await mcp.propose(field, value)


async def _in_markdown(api: Api, field: str, value: Value) -> None:
    shown = value if isinstance(value, str) else json.dumps(value).lower()
    text = (
        "# Heartbeat\n"
        "<!-- STATE-INPUT:BEGIN zone_id=manual_overrides schema=v1 -->\n"
        f"- [{ALICE}] {field} = {shown}\n"
        "<!-- STATE-INPUT:END zone_id=manual_overrides -->\n"
    )
    await ingest_markdown_text(
        api.engine, "HEARTBEAT.md", text, now=NOW, entity_id=ALICE, extractor=extract_offline
    )


Entry = Callable[[Api, str, Value], Awaitable[None]]
ENTRIES: dict[str, Entry] = {
    "json line": _as_json_line,
    "http api": _over_http,
    "mcp": _over_mcp,
    "markdown": _in_markdown,
}

NAN, INF = math.nan, math.inf
BAD_VALUES: list[tuple[str, str, Value, str]] = [
    # (what, field, value, what the reason says)
    ("impossible day", "travel.return_date", "2026-02-30", "not a day on the calendar"),
    ("impossible day, no _date", "financial.x.due", "2026-02-30", "not a day on the calendar"),
    ("impossible month", "project.launch.due_date", "2026-13-01T09:00:00Z", "not a day on"),
    ("year 0", "travel.return_date", "0000-01-01", "not a day Canon can plan on"),
    ("year 0, no _date", "financial.x.due", "0000-01-01", "not a day Canon can plan on"),
    ("year 10000", "travel.depart_date", "10000-01-01", "not a day Canon can plan on"),
    ("NaN amount", "financial.rent.amount", NAN, "NaN and Infinity"),
    ("infinite amount", "financial.rent.amount", INF, "NaN and Infinity"),
    ("100 KB string", "travel.location", "x" * 100_000, "long"),
    ("NUL", "travel.location", "Tahoe\x00", "control character U+0000"),
    ("terminal escape", "profile.employer", "Acme\x1b[31m", "control character U+001B"),
    ("amount as words", "financial.rent.amount", "forty", "number"),
    ("amount as true", "financial.rent.amount", True, "number"),
    ("status as a number", "travel.status", 3, "one of"),
]
CANNOT_CARRY = {
    ("http api", "NaN amount"),  # JSON has no NaN: the body is refused whole (a 400)
    ("http api", "infinite amount"),
    ("markdown", "amount as true"),  # a line's 'true' is the text "true": 'amount as words'
    ("markdown", "status as a number"),  # a line's '3' is the text "3" (refused: not listed)
}
CELLS = [
    pytest.param(entry, field, value, reason, id=f"{what}-{entry}")
    for what, field, value, reason in BAD_VALUES
    for entry in ENTRIES
    if (entry, what) not in CANNOT_CARRY
]


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[Api]:
    async with running_api(tmp_path) as api:
        yield api


async def _nothing_changed(api: Api, field: str) -> None:
    assert await api.engine.store.fact(ALICE, field) is None
    assert await api.engine.store.open_review_items([ALICE]) == []


async def _one_letter_saying(api: Api, reason: str) -> None:
    [letter] = await api.engine.store.dead_letters()
    assert letter.status == "waiting"
    assert reason in " ".join(letter.errors), letter.errors


@pytest.mark.parametrize(("entry", "field", "value", "reason"), CELLS)
async def test_a_bad_value_is_a_dead_letter_whichever_way_it_comes_in(
    api: Api, entry: str, field: str, value: Value, reason: str
) -> None:
    await ENTRIES[entry](api, field, value)
    await _nothing_changed(api, field)
    await _one_letter_saying(api, reason)
    assert (await api.call(ALICE, "GET", "/v1/context")).status == 200


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("travel.return_date", "2028-02-29"),
        ("financial.x.due", "2026-02-28"),
        ("travel.location", "Lake Tahoe, CA"),
        ("travel.location", "2026 Olympics village"),  # text beginning with a year
        ("project.launch.due_date", "2026-03-01T09:00:00Z"),
        ("financial.rent.amount", 2100),
        ("financial.rent.amount", 19.99),
        ("travel.status", "in_progress"),
        ("profile.employer", "Tab\tand line\nfeed are text"),
    ],
)
@pytest.mark.parametrize("entry", ["json line", "http api"])
async def test_values_people_write_are_read_as_before(
    api: Api, entry: str, field: str, value: Value
) -> None:
    told = make_observation(field, value, entity=ALICE)
    if entry == "json line":
        decisions = [o.decision for o in await api.engine.ingest_batch([told], now=NOW)]
    else:
        body = {"observations": [told]}
        posted = await api.call(ALICE, "POST", "/v1/observations", json_body=body)
        decisions = [r["decision"] for r in posted.body["results"]]
    assert decisions in (["auto_commit"], ["ask_user"]), decisions
    assert await api.engine.store.dead_letters() == []


def _event(**changes: Any) -> dict[str, Any]:
    return make_signal("calendar_event", entity_id=ALICE, **changes)


def _mail(**changes: Any) -> dict[str, Any]:
    return make_signal("email", entity_id=ALICE, **changes)


SIGNALS: list[tuple[str, dict[str, Any], str]] = [
    ("impossible day", _event(payload_start="2027-02-30"), "not a valid date-time or date"),
    ("year 0", _event(payload_end="0000-01-01"), "not a valid date-time or date"),
    ("year 10000", _event(payload_end="10000-01-01"), "not a valid date-time or date"),
    ("NaN summary", _event(payload_summary=NAN), "NaN and Infinity"),
    ("100 KB summary", _event(payload_summary="Flight to Lisbon " + "x" * 100_000), "long"),
    ("wrong type", _event(payload_summary=42), "is not of type"),
    (
        "negative duration",
        _event(payload_start="2027-03-14", payload_end="2027-03-10"),
        "an event cannot last a negative time",
    ),
    (
        "negative duration, times",
        _event(payload_start="2027-03-14T10:00:00Z", payload_end="2027-03-14T09:00:00+00:00"),
        "an event cannot last a negative time",
    ),
    ("mail: impossible day", _mail(payload_date="2026-02-30T10:00:00Z"), "date-time"),
    ("mail: year 0", _mail(payload_date="0000-01-01T10:00:00Z"), "date-time"),
    ("mail: NaN subject", _mail(payload_subject=NAN), "NaN and Infinity"),
    ("mail: 100 KB subject", _mail(payload_subject="y" * 100_000), "long"),
    ("mail: wrong type", _mail(payload_body=["not", "text"]), "is not of type"),
]


@pytest.mark.parametrize(
    ("signal", "reason"), [pytest.param(s, r, id=what) for what, s, r in SIGNALS]
)
async def test_a_bad_calendar_event_or_mail_is_a_dead_letter(
    api: Api, signal: dict[str, Any], reason: str
) -> None:
    await ingest_signals(api.engine, [signal], NOW)
    for field in ("travel.status", "travel.destination", "travel.depart_date"):
        await _nothing_changed(api, field)
    await _one_letter_saying(api, reason)


async def test_a_control_character_in_an_event_is_data_never_part_of_a_value(api: Api) -> None:
    """An event is anyone's document: its text is read as words, and no value taken from
    it holds the control character (the words stop there)."""
    await ingest_signals(api.engine, [_event(payload_summary="Flight to Lis\x1bbon")], NOW)
    asked = await api.engine.store.open_review_items([ALICE])
    assert asked, "the trip is still read"
    assert not any("\x1b" in str(q.candidate_value) for q in asked), asked


async def test_an_event_of_no_time_at_all_is_read_as_before(api: Api) -> None:
    zero = _event(payload_start="2031-03-10T09:00:00Z", payload_end="2031-03-10T09:00:00Z")
    await ingest_signals(api.engine, [zero], NOW)
    assert await api.engine.store.dead_letters() == []


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("2026-02-30", "not a day on the calendar"),
        ("0000-01-01", "not a day Canon can plan on"),
        ("10000-01-01", "not a day Canon can plan on"),
        ("Tahoe\x1b[31m", "control character U+001B"),
    ],
)
async def test_an_edited_answer_the_field_cannot_take_is_refused_with_why(
    api: Api, value: str, reason: str
) -> None:
    """An answer's edit is a value coming in too (the chat's Edit, ``canon answer ID edit``,
    the API): the same rules, refused with the reason, the question left open."""
    said = await api.call(
        ALICE, "POST", "/v1/messages", json_body={"text": "I think I'm flying to Denver on friday"}
    )
    [asked] = [q for q in said.body["questions"] if q["field"] == "travel.destination"]
    path = f"/v1/questions/{asked['id']}/answer"
    edit = {"answer": "edit", "value": value, "new_place": True}  # "use it anyway"
    edited = await api.call(ALICE, "POST", path, json_body=edit)
    assert edited.status == 422, edited.body
    assert reason in edited.body["detail"], edited.body
    assert await api.engine.store.fact(ALICE, "travel.destination") is None
    assert [q["id"] for q in (await api.call(ALICE, "GET", "/v1/questions")).body["questions"]]
