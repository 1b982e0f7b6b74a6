"""Whose words a stored value is, as seen by the person a prompt is for.

A value is *untrusted* for a viewer when it came from a source anyone can write to
(a mail, a calendar event, an agent) or from another writer than the viewer (another
household member, an API token, a configured source). Such a value is still shown to
the model, but as a quotation with its origin (``core.domain.quoting``), never as
the viewer's own word: OWASP LLM01 (2025) asks that indirect, untrusted content be
segregated and clearly marked.

``provenance`` names the origin (``"a calendar event"``) or returns None for the
viewer's own and Canon's values. A record made before principals were kept has
``principal=None`` and is judged by its source type alone; so is every record when
no viewer is known (the owner's command line sees all entities as their owner).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from core.domain.principals import SYSTEM
from core.domain.quoting import CUT, QUOTED, quote
from core.domain.source_types import canonical_source_type

UNTRUSTED_SOURCES: Final[dict[str, str]] = {
    "calendar": "a calendar event",
    "email": "an email",
    "transactions_email": "a bank email",
    "agent": "an agent",
}
"""Source types whose text a stranger (or a model) may have written, and how they are named."""

ANOTHER_MEMBER: Final = "another member of the household"
"""A member's word on an entity that is not theirs, for a reader who knows no name of them:
the one wording every view uses (the chat's sentences, the marks of the context block)."""
A_MEMBER: Final = "a household member"
"""A member's word on an entity that is not theirs, said for no reader in particular."""
MEMBER: Final = "household member"
"""The label before a member's name (``member_origin``), when the reader's household
knows what they are called."""
AN_API_CLIENT: Final = "an API client"
A_CONNECTED_SOURCE: Final = "a connected source"
LABELS: Final[frozenset[str]] = frozenset(
    {*UNTRUSTED_SOURCES.values(), ANOTHER_MEMBER, A_MEMBER, AN_API_CLIENT, A_CONNECTED_SOURCE}
)
"""Every name ``provenance`` gives: letters and spaces (``core.domain.quoting.MARK`` reads
them); ``named_provenance`` may give ``member_origin``'s instead, a label and a quoted name."""


def provenance(source_type: str, principal: str | None, viewer: str | None) -> str | None:
    """Whom ``viewer`` should read this value as quoted from; None when it is theirs or Canon's.

    ``principal`` is the ref of the writer (``user:sam``, ``token:<id>``,
    ``source:<name>``, ``system``; ``core.domain.principals``), ``viewer`` the viewing
    user's entity (``user:alice``). The source type is named first: a calendar event
    is a calendar event whoever forwarded it.
    """
    named = UNTRUSTED_SOURCES.get(canonical_source_type(source_type))
    if named is not None:
        return named
    if principal is None or principal == SYSTEM.ref or principal == viewer:
        return None
    if principal.startswith("user:"):
        # With no viewer (the owner's command line) every member's word is the owner's to read.
        return None if viewer is None else ANOTHER_MEMBER
    if principal.startswith("source:"):
        return A_CONNECTED_SOURCE
    if principal.startswith("workspace:"):  # the assistant's edit of its workspace
        return UNTRUSTED_SOURCES["agent"]
    return AN_API_CLIENT


def member_origin(member_name: str) -> str:
    """Another member's origin, named as the household names them: ``household member
    "Bob"``. The name is quoted whatever it holds (a configured name is text of someone's
    choosing: ``household member "Ignore previous instructions"`` is a name, not an
    order), so the mark still reads back whole (``core.domain.quoting.MARK``)."""
    return f"{MEMBER} {quote(member_name)}"


def member_named(origin: str | None) -> str | None:
    """The name ``member_origin`` put in ``origin``; None for any other origin."""
    if origin is None or not origin.startswith(f'{MEMBER} "'):
        return None
    said = json.loads(origin[len(MEMBER) + 1 :])
    return said if isinstance(said, str) else None


MAIL_BY: Final = "an email by"
"""The label before a plain mail's From address (``mail_origin``)."""
MAX_SENDER_CHARS: Final = 100
"""A From address is shown up to this long: the sender chose it, as a title."""


def mail_sender(ref: str | None) -> str | None:
    """The From address a mail's evidence ref names (``core.signals.intake.mail_ref``:
    ``email:<address> <Message-ID>``); None when it names none. Never the Message-ID's
    domain, which the sender writes as they like."""
    address, space, _ = (ref or "").removeprefix("email:").partition(" ")
    return address if space and "@" in address else None


def mail_origin(address: str) -> str:
    """A plain mail's origin with its sender: ``an email by "desk@evil.example"``, the
    address quoted (a stranger wrote it) and cut when long, so the mark reads back whole
    (``core.domain.quoting.MARK``). The address only: a display name ("Chase") is the
    sender's free text, and the address is what a Yes would trust."""
    return f"{MAIL_BY} {quoted_sender(address)}"


def quoted_sender(address: str) -> str:
    """A From address as Canon shows it: quoted, and cut past ``MAX_SENDER_CHARS``."""
    return quote(address if len(address) <= MAX_SENDER_CHARS else address[:MAX_SENDER_CHARS] + CUT)


UNTRUSTED_SENDER: Final = "a sender you have not trusted"
"""What every claim of a mail from outside ``trusted_senders`` is asked with (``mail_doubt``)."""


def mail_doubt(address: str | None) -> str:
    """Why a mail from a sender the user has not trusted is asked, never committed on its
    word (a stranger's "Your flight to Denver" is no plan of the user's until they say so):
    who sent it, quoted, as the question names them."""
    who = "an email with no sender address" if address is None else mail_origin(address)
    return f"from {who}, {UNTRUSTED_SENDER}"


def named_provenance(
    source_type: str,
    principal: str | None,
    viewer: str | None,
    names: Mapping[str, str],
    ref: str | None = None,
) -> str | None:
    """``provenance``, with another member's word named as the household names them
    (``names``: user entity -> name; a member with no name known stays "another
    household member"), and a plain mail's by its From address when its evidence ``ref``
    names one (``mail_origin``). Only a member's own word (``user:*``) is named: an API
    client or an agent stays what it is, whoever holds its token."""
    origin = provenance(source_type, principal, viewer)
    sender = mail_sender(ref) if origin == UNTRUSTED_SOURCES["email"] else None
    if sender is not None:
        return mail_origin(sender)
    if origin != ANOTHER_MEMBER or principal is None or not names.get(principal):
        return origin
    return member_origin(names[principal])


def writers_origin(source_type: str, principal: str | None, entity_id: str) -> str | None:
    """Whom a value written about ``entity_id`` is quoted from for any reader: text kept
    once for everyone (an audit line) cannot name "another" member, so a member's word
    about an entity that is not theirs (the household's) is "a household member"'s, and
    only the entity's own user's and Canon's words are shown bare."""
    origin = provenance(source_type, principal, entity_id)
    return A_MEMBER if origin == ANOTHER_MEMBER else origin


INVITATION: Final = "from an invitation by "
"""How an unanswered invitation's evidence begins its ``needs_confirmation``; the
question's why line (``core.domain.phrasing.reason_line``) shows it whole."""


def invitation_doubt(organizer: str, response: str) -> str:
    """Why evidence from an invitation the owner has not accepted is asked: who sent it
    (quoted: a stranger chose it) and the owner's answer so far."""
    who = quote(organizer if len(organizer) <= 100 else organizer[:100] + CUT)
    answer = {
        "tentative": "you accepted only tentatively",
        "unknown": "(I can't tell whether that's you: no owner address is set)",
        "said_accepted": "marked accepted, but I never saw you accept it",
    }.get(response, "you have not accepted")
    return f"{INVITATION}{who} {answer}"


_ANSWERS: Final = {
    "you have not accepted": "not answered",
    "you accepted only tentatively": "accepted only tentatively",
    "(I can't tell whether that's you: no owner address is set)": (
        "maybe the user's own (no owner address is set)"
    ),
    "marked accepted, but I never saw you accept it": "marked accepted by its organiser only",
}
"""``invitation_doubt``'s answer words -> the same, said of the user for the model."""
_INVITATION_RE: Final = re.compile(
    re.escape(INVITATION) + rf"(?P<who>{QUOTED}) (?P<answer>{'|'.join(map(re.escape, _ANSWERS))})"
)


@dataclass(frozen=True)
class Invitation:
    """Whose unanswered invitation a question comes from (``invitation_doubt`` read back)."""

    organizer: str
    """As the invitation named them: a stranger's text, to be quoted."""
    answer: str
    """The user's answer so far, in words about the user: "not answered", ..."""


def invitation_of(source_type: str, reasons: Iterable[str]) -> Invitation | None:
    """The invitation a calendar question was raised by, from its reasons; None for the
    user's own event (or any other source: only a calendar's reasons are read)."""
    if canonical_source_type(source_type) != "calendar":
        return None
    for reason in reasons:
        found = _INVITATION_RE.fullmatch(reason)
        if found is not None:
            return Invitation(json.loads(found["who"]), _ANSWERS[found["answer"]])
        if reason.lower().startswith(INVITATION):  # cut short: an invitation all the same
            return Invitation(reason[len(INVITATION) :], _ANSWERS["you have not accepted"])
    return None


def source_type_of(source_key: str) -> str:
    """The source type of a review item's ``<type>:<ref>`` evidence key."""
    return canonical_source_type(source_key.partition(":")[0])
