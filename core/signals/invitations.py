"""What an invitation on the user's calendar may claim: who said it decides.

Anyone can invite the user, and calendars add an invitation to the user's
calendar before they answer it (Google with ``responseStatus`` needsAction,
CalDAV servers and feeds with ``ATTENDEE;PARTSTAT=NEEDS-ACTION``). The sources
mark an event someone else organised with ``invitation`` (``core.sources.ical``,
``core.sources.kinds.google``); its claims depend on the user's answer:

- declined: no evidence at all (``core.signals.mapping.map_calendar`` maps nothing);
- not answered, only tentatively, from an organiser Canon cannot tell from the owner
  (no owner address configured), or marked accepted in the copy as it arrived
  (``said_accepted``: the organiser writes every ATTENDEE line of what they send,
  the owner's PARTSTAT=ACCEPTED too; ``core.sources.remembered.as_answered``): the same
  claims, each carrying
  ``needs_confirmation`` (``invitation_doubt_of``), so the resolver asks the user,
  never commits it on the organiser's word, and it vouches for no other evidence;
- accepted: the user's own plan, as an event they organised.

Its title chooses the ``family.<slug>`` item only once it is the user's plan: until then
a family event or a ``[[rules]]`` ``{slug}`` is filed under the organiser
(``organiser_item``), so a stranger's "Swim lessons" never lands on the user's own
``family.swim_lessons``; when the user accepts, what it claimed on the organiser's item
is asked no more (``core.engine.signal_ingest``) and the title's item is claimed instead.

The answer is part of the evidence's ref (``core.signals.intake.calendar_payloads``):
an invitation accepted later is new evidence on the next poll, not a duplicate.
"""

from __future__ import annotations

from typing import Any, Final

from core.domain.fields import slugify
from core.domain.provenance import invitation_doubt

UNANSWERED: Final = frozenset({"needs_action", "tentative", "unknown", "said_accepted"})
"""Answers that leave an invitation the organiser's word, not the user's (``unknown``:
the owner's addresses are not known, so the organiser may be anyone; ``said_accepted``:
accepted in the copy as it first reached the calendar, which the organiser wrote)."""


def invitation_response(event: dict[str, Any]) -> str | None:
    """The owner's answer when ``event`` is an invitation; None when it is their own event."""
    invited = event.get("invitation")
    return str(invited.get("response")) if isinstance(invited, dict) else None


def invitation_doubt_of(event: dict[str, Any]) -> str:
    """Why the claims of ``event`` are asked: an invitation the owner has not accepted;
    empty for the owner's own events and for invitations they accepted."""
    response = invitation_response(event)
    if response not in UNANSWERED:
        return ""
    return invitation_doubt(str(event["invitation"].get("organizer", "")), response)


def organiser_item(event: dict[str, Any]) -> str | None:
    """The item slug ``event``'s claims are filed under while it is its organiser's word
    (an invitation not accepted): the organiser's address as a slug, the same item a mail
    of theirs is filed under (``core.signals.mail_mapping.sender_item``); None when the
    title is the owner's to name by (their own event, or one they accepted)."""
    if invitation_response(event) not in UNANSWERED:
        return None
    return _organiser_slug(event)


def accepted_from_item(event: dict[str, Any]) -> str | None:
    """The organiser's item an invitation the owner has now accepted was filed under
    before (``organiser_item``): its questions there are moot, its title's item is
    claimed instead. None unless ``event`` is an accepted invitation."""
    return _organiser_slug(event) if invitation_response(event) == "accepted" else None


def _organiser_slug(event: dict[str, Any]) -> str:
    return slugify(str(event["invitation"].get("organizer", "")))[:40]
