"""Turning raw inputs (chat, Markdown, calendar, mail, SignalEvents) into observation payloads.

Each function returns JSON payloads in the StateObservation shape; the engine
validates them like any other input, so nothing here can bypass the schema.
Event ids are derived from the source (message id, file and line, calendar
event id and revision), so reading the same input twice is a duplicate. A chat
message's ids are keyed with the store's message key when given (``id_key``):
another principal cannot compute them from the message's ref.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, Final

from core.domain.household import HouseholdUsers, member_slug_user
from core.domain.ids import derived_id, keyed_id
from core.domain.provenance import ANOTHER_MEMBER, mail_doubt
from core.domain.state import Scalar, value_key
from core.domain.timeutil import format_ts
from core.errors import PayloadInvalid
from core.extraction.types import (
    ExtractedObservation,
    Extractor,
    ReadRequest,
    Writer,
    read_text,
)
from core.signals.invitations import invitation_doubt_of, invitation_response
from core.signals.mail_mapping import map_email
from core.signals.mapping import MappedObservation, map_calendar
from core.signals.rules import Rule
from core.signals.trust import sender_address


def default_extractor() -> Extractor:
    """The offline extractor (no network, no key, no model)."""
    from core.extraction.offline import extract_offline

    return extract_offline


def _payload(
    *,
    entity_id: str,
    field: str,
    value: Any,
    intent: str,
    at: datetime,
    source_type: str,
    source_ref: str,
    extraction_confidence: float = 1.0,
    valid_until: datetime | None = None,
    evidence_text: str = "",
    needs_confirmation: str = "",
    id_key: bytes | None = None,
) -> dict[str, Any]:
    named = (source_type, source_ref, entity_id, field, intent, value_key(value))
    payload: dict[str, Any] = {
        "event_id": derived_id(*named) if id_key is None else keyed_id(id_key, *named),
        "event_ts": format_ts(at),
        "entity_id": entity_id,
        "domain": field.split(".", 1)[0],
        "field": field,
        "candidate_value": value,
        "intent": intent,
        "source": {"type": source_type, "ref": source_ref[:256]},
        "extraction_confidence": round(extraction_confidence, 4),
    }
    if valid_until is not None:
        payload["valid_until"] = format_ts(valid_until)
    if evidence_text:
        payload["evidence_text"] = evidence_text[:1000]
    if needs_confirmation:
        payload["needs_confirmation"] = needs_confirmation[:500]
    return payload


def _from_extracted(
    o: ExtractedObservation,
    at: datetime,
    source_type: str,
    ref: str,
    id_key: bytes | None = None,
) -> dict[str, Any]:
    return _payload(
        entity_id=o.entity_id,
        field=o.field,
        value=o.candidate_value,
        intent=o.intent,
        at=at,
        source_type=source_type,
        source_ref=ref,
        extraction_confidence=o.extraction_confidence,
        valid_until=o.valid_until,
        evidence_text=o.evidence_text,
        needs_confirmation=o.needs_confirmation,
        id_key=id_key,
    )


def message_payload(
    entity_id: str,
    field: str,
    value: Scalar,
    *,
    at: datetime,
    message_ref: str,
    evidence_text: str,
    needs_confirmation: str,
    intent: str = "assertive",
    id_key: bytes | None = None,
) -> dict[str, Any]:
    """One observation of a chat message that Canon, not the extractor, read in it (with
    the speaker's state), to be asked: ``needs_confirmation`` says why."""
    return _payload(
        entity_id=entity_id,
        field=field,
        value=value,
        intent=intent,
        at=at,
        source_type="conversation_assertive",
        source_ref=message_ref,
        evidence_text=evidence_text,
        needs_confirmation=needs_confirmation,
        id_key=id_key,
    )


def message_payloads(
    text: str,
    *,
    at: datetime,
    entity_id: str,
    message_ref: str,
    extractor: Extractor,
    family_entity: str | None = None,
    known_people: frozenset[str] = frozenset(),
    id_key: bytes | None = None,
    recent_subject: str | None = None,
    writer: Writer = "user",
) -> list[dict[str, Any]]:
    """Observations in a chat message (source conversation_assertive); family facts go
    to ``family_entity`` (the speaker's household) when there is one. ``known_people``:
    names the state already knows, read in lower case too; ``recent_subject``: the member
    the chat was last about, whom "she" or "he" may mean; ``writer``: who wrote it, as
    ``entity_id`` sees them (a model is told). With ``id_key`` (the store's
    message key) the event ids are ``keyed_id``s nobody else can compute."""
    request = ReadRequest(
        text, at, entity_id, "conversation_assertive", known_people, recent_subject, writer
    )
    extraction = read_text(extractor, request)
    found = [
        replace(o, entity_id=family_entity) if family_entity and o.domain == "family" else o
        for o in extraction.observations
    ]
    return [_from_extracted(o, at, "conversation_assertive", message_ref, id_key) for o in found]


REPORTED_FIELDS: Final = ("travel.", "profile.", "financial.")
"""What a claim about another user may be about, asked of that user: where they are, are
going, live; their clock, work and name; their money. Never committed on the speaker's
word, so nothing a member says of another is lost or taken as true."""
REPORTED_DOUBT: Final = "{who} said it of you: only you can make it a fact"
"""The ``needs_confirmation`` of what one user said of another: asked, never taken as
theirs (``who``: the speaker's name, else "another member of the household")."""


def reported_observations(
    payloads: list[dict[str, Any]],
    user: str,
    speaker: str,
    users: HouseholdUsers,
    *,
    by_user: bool = True,
) -> list[dict[str, Any]]:
    """What a clause said of ``user`` by name, read as the user's own words
    (``core.extraction.reported_users``), kept as a claim about the user's whereabouts.
    Said by someone else, each is asked of the user: ``needs_confirmation`` names who said
    it, so it is never committed on their word, and a Yes is the user's. ``speaker``: the
    entity the message speaks for; ``by_user``: whether that user wrote it (False: an
    assistant's token for them, whose "Alice is back home" is its claim, not her words).
    Only the user themself ("alice is back home" from Alice) keeps it as theirs."""
    kept = [
        p
        for p in payloads
        if p.get("entity_id") == user and str(p.get("field", "")).startswith(REPORTED_FIELDS)
    ]
    if user == speaker and by_user:
        return kept
    who = (users.name_of(speaker) or ANOTHER_MEMBER) if by_user else "an assistant"
    return [{**p, "needs_confirmation": REPORTED_DOUBT.format(who=who)} for p in kept]


_PLACES_TRIP: Final = {"away": "in_progress", "home": "completed"}
"""A household status that places someone, as that user's own trip state says it."""


def placed_users(
    payloads: list[dict[str, Any]],
    speaker: str,
    users: HouseholdUsers,
    *,
    by_user: bool = True,
) -> list[dict[str, Any]]:
    """``payloads`` (the speaker's own reading of their words) with each household status
    that places a user of the household ("alice is at her mom's": ``family.alice.status =
    away``) made that user's whereabouts: her trip under way (or over, for "home"), asked
    of her as ``reported_observations`` asks, never the household's fact on the speaker's
    word. What places nobody ("alice is sick") stays the household's."""
    out: list[dict[str, Any]] = []
    for p in payloads:
        user = member_slug_user(users, str(p.get("field", "")))
        trip = _PLACES_TRIP.get(str(p.get("candidate_value")))
        if user is None or trip is None or p.get("intent") != "assertive":
            out.append(p)
            continue
        theirs = {
            **p,
            "event_id": derived_id(str(p.get("event_id")), user, "travel.status", trip),
            "entity_id": user,
            "domain": "travel",
            "field": "travel.status",
            "candidate_value": trip,
        }
        out += reported_observations([theirs], user, speaker, users, by_user=by_user)
    return out


def markdown_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, line) for lines that can carry a claim: no fences, comments or blanks."""
    in_fence = False
    in_comment = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith(("```", "~~~")):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        if in_comment or line.startswith("<!--"):
            in_comment = "-->" not in line
            continue
        if line and not line.startswith("#"):
            yield number, line


def markdown_payloads(
    file: str, text: str, *, at: datetime, entity_id: str, extractor: Extractor
) -> list[dict[str, Any]]:
    """Observations in a Markdown note's lines (source static_markdown).

    The ref names the file and a hash of the line, so an unchanged line read
    again is a duplicate and an edited line is new evidence.
    """
    out: list[dict[str, Any]] = []
    for _, line in markdown_lines(text):
        digest = hashlib.sha256(line.encode("utf-8")).hexdigest()[:16]
        ref = f"{file}:{digest}"
        extraction = extractor(line, at=at, entity_id=entity_id, source="static_markdown")
        out.extend(_from_extracted(o, at, "static_markdown", ref) for o in extraction.observations)
    return out


def calendar_payloads(
    event: dict[str, Any],
    *,
    at: datetime,
    entity_id: str,
    rules: Sequence[Rule] = (),
    zone: str | None = None,
) -> list[dict[str, Any]]:
    """Observations a calendar event supports at ``at`` (and what configured ``rules`` map).

    An invitation the owner has not accepted is asked about (``needs_confirmation``);
    its answer is part of the ref, so accepting it later is new evidence, not a duplicate.
    """
    ref = (
        f"calendar:{event['id']}:{event.get('status', 'confirmed')}:{event['start']}:{event['end']}"
    )
    response = invitation_response(event)
    if response is not None:
        ref += f":{response}"
    evidence = " | ".join(str(event.get(k)) for k in ("summary", "location") if event.get(k))
    mapped = map_calendar(event, at, rules, zone)
    doubt = invitation_doubt_of(event)
    return _mapped(mapped, at, entity_id, "calendar", ref, evidence, needs_confirmation=doubt)


def email_payloads(
    mail: dict[str, Any],
    *,
    at: datetime,
    entity_id: str,
    rules: Sequence[Rule] = (),
    trusted: bool = False,
    zone: str | None = None,
) -> list[dict[str, Any]]:
    """Observations a mail supports (receipts, reservations, cancellations, ``rules``);
    transaction evidence only when its sender is ``trusted``. Anyone else's claims are
    each asked (``needs_confirmation``: ``mail_doubt``), whatever the policy would commit
    alone: a stranger's mail must never do what only the user's Yes does."""
    source_type, mapped = map_email(mail, at, rules, trusted=trusted, zone=zone)
    subject = str(mail.get("subject", ""))
    doubt = "" if trusted else mail_doubt(sender_address(str(mail.get("from", ""))))
    return _mapped(
        mapped, at, entity_id, source_type, mail_ref(mail), subject, needs_confirmation=doubt
    )


def mail_ref(mail: dict[str, Any]) -> str:
    """The ref of a mail's evidence: ``email:<From address> <Message-ID>``, or
    ``email:<Message-ID>`` when From names no address. The From address is who the
    question says sent it (``core.domain.phrasing_reasons``) and whom a Yes trusts;
    the Message-ID, which the sender writes as they like, only tells mails apart."""
    address = sender_address(str(mail.get("from", "")))
    return (f"email:{address} {mail['id']}" if address else f"email:{mail['id']}")[:256]


def _mapped(
    mapped: list[MappedObservation],
    at: datetime,
    entity_id: str,
    source_type: str,
    ref: str,
    evidence: str,
    *,
    needs_confirmation: str = "",
) -> list[dict[str, Any]]:
    return [
        _payload(
            entity_id=m.entity or entity_id,
            field=m.field,
            value=m.value,
            intent=m.intent,
            at=at,
            source_type=source_type,
            source_ref=ref,
            valid_until=m.valid_until,
            extraction_confidence=m.confidence,
            evidence_text=evidence,
            needs_confirmation=needs_confirmation,
        )
        for m in mapped
    ]


def signal_payloads(
    signal: dict[str, Any],
    at: datetime,
    rules: Sequence[Rule] = (),
    *,
    trusted: bool = False,
    zone: str | None = None,
) -> list[dict[str, Any]]:
    """StateObservation payloads for a valid SignalEvent (the replay's mapping, plus ``rules``);
    a mail is transaction evidence only when its sender is ``trusted``; its days are the
    user's, on the clock of ``zone``.

    A date the mapping cannot work with (a trip ending 9999-12-31, whose expiry is
    a day later) makes the signal invalid: ``PayloadInvalid``, for the dead-letter queue.
    """
    entity = signal["entity_id"]
    try:
        if signal["kind"] == "calendar_event":
            found = calendar_payloads(
                signal["payload"], at=at, entity_id=entity, rules=rules, zone=zone
            )
        else:
            found = email_payloads(
                signal["payload"], at=at, entity_id=entity, rules=rules, trusted=trusted, zone=zone
            )
    except OverflowError as e:
        raise PayloadInvalid(
            "signal_event", [f"$.payload: a date is outside the calendar Canon can use ({e})"]
        ) from e
    # Untrusted text never reaches the profile, whatever a mapping says.
    return [p for p in found if p.get("domain") != "profile"]


def weighted(payload: dict[str, Any], weight: float) -> dict[str, Any]:
    """The observation with its certainty scaled by its source's weight (a failing source's
    evidence counts less, see ``core.sources.health``)."""
    if weight >= 1.0:
        return payload
    certainty = float(payload.get("extraction_confidence", 1.0))
    return {**payload, "extraction_confidence": round(certainty * weight, 4)}
