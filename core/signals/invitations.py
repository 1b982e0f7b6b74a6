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

The answer is part of the evidence's ref (``core.signals.intake.calendar_payloads``):
an invitation accepted later is new evidence on the next poll, not a duplicate.
"""

from __future__ import annotations

from typing import Any, Final

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
