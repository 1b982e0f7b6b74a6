"""A question about the reader's own state that someone else raised, put to the reader.

Bob said "alice is in tahoe"; an assistant posted "Alice is back home". Either is a claim
about Alice's own whereabouts (``core.signals.intake.reported_observations``), and only
Alice can make it a fact. Her question says who said it, in the second person, and asks:
"Bob says you're in Tahoe — is that right?" (Yes / No / Edit, as every change). Who said
it is the speaker's name when Canon knows it (``core.domain.household``), else the words
every other view uses ("Another member of the household", "An assistant").

Pure: the names are read by the caller.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from core.conversation.provenance import by_words, user_viewer
from core.domain import phrasing
from core.domain.claims import SIGNAL_TYPES
from core.domain.principals import SYSTEM
from core.domain.provenance import source_type_of
from core.domain.read_values import item_as_read
from core.domain.review_items import ReviewItem
from core.signals.intake import REPORTED_DOUBT

_SAID_BY = re.compile(re.escape(REPORTED_DOUBT).replace(re.escape("{who}"), "(.{1,80}?)"))
_TRIP: dict[str, str] = {
    "in_progress": "you're away",
    "completed": "you're back home",
    "planning": "you're planning a trip",
    "cancelled": "your trip is off",
}
"""A trip's state said of the reader by someone else: where they are, in their words."""
_SAID: dict[str, str] = {
    "travel.location": "you're in {v}",
    "travel.destination": "you're going to {v}",
    "profile.home_city": "you live in {v}",
}


def _sentence(item: ReviewItem, mine: str, names: Mapping[str, str]) -> str:
    """What ``item`` says of its reader, in the second person, lower case (the value in
    the speaker's words, ``read_values``, quoted from a member by name)."""
    value = item_as_read(item, mine, names).candidate_value
    if value is None:
        held = "" if item.current_value is None else f" {phrasing.show(item.current_value)}"
        if item.field == "travel.location":
            return f"you're no longer in{held}"
        return f"{phrasing.label(item.field, item.entity_id, mine)} is no longer{held}"
    if item.field == "travel.status" and str(value) in _TRIP:
        return _TRIP[str(value)]
    if item.field in _SAID:
        return _SAID[item.field].format(v=phrasing.show(value))
    if item.field == "travel.return_date" and value is not None:
        return f"you're back on {phrasing.show_date(value)}"
    if item.field == "travel.depart_date" and value is not None:
        return f"you leave on {phrasing.show_date(value)}"
    return f"{phrasing.label(item.field, item.entity_id, mine)} is {phrasing.show_in(item.field, value)}"


def said_of_reader(item: ReviewItem, mine: str) -> bool:
    """Whether ``item`` is a change to the reader's own entity that another person or an
    assistant proposed (not the reader, Canon, or a connected source)."""
    principal = item.principal
    if principal is None or principal in (mine, SYSTEM.ref):
        return False
    kind = principal.partition(":")[0]
    # A signals token (a calendar or mailbox feed) is a connected source, not an
    # assistant, whatever its payload says of itself.
    fed = source_type_of(item.source_key) in (*SIGNAL_TYPES, "transactions_email")
    assistant = kind == "token" and not fed
    return item.kind == "change" and item.entity_id == mine and (kind == "user" or assistant)


def who_says(item: ReviewItem, mine: str, names: Mapping[str, str]) -> str:
    """Who raised ``item``, for its reader: their name, else "another member of the
    household" / "an assistant" (``by_words``)."""
    principal = item.principal or ""
    known = names.get(principal)
    if known:
        return known
    # The name the speaker had when they said it (``REPORTED_DOUBT``), if Canon knew it:
    # only another member's (Canon wrote it); a token writes its own needs_confirmation.
    if principal.startswith("user:"):
        said = next((m.group(1) for r in item.reasons if (m := _SAID_BY.fullmatch(r))), None)
        if said:
            return said
    return by_words(principal, item.source_key.partition(":")[0], user_viewer(mine))


def reported_question(
    members: Sequence[ReviewItem], mine: str, names: Mapping[str, str] = {}
) -> str:
    """ "Bob says you're in Tahoe — is that right?" for ``members`` (one message's claims,
    asked together). A trip under way goes without saying beside where the reader is."""
    fields = {m.field for m in members}
    status = {m.candidate_value for m in members if m.field == "travel.status"}
    # The plan a called-off trip forgets names the trip: "your Tahoe trip is off".
    place = next((m.current_value for m in members if m.field == "travel.destination"), None)
    said: list[str] = []
    for m in members:
        away = (m.field, m.candidate_value) == ("travel.status", "in_progress")
        if away and "travel.location" in fields:
            continue
        if status & {"completed", "cancelled"} and m.candidate_value is None:
            continue  # back home says where they no longer are; off, what is no longer planned
        if (m.field, m.candidate_value) == ("travel.status", "cancelled") and place is not None:
            said.append(f"your {phrasing.show(place)} trip is off")
            continue
        if m.field == "travel.depart_date" and m.candidate_value and "in_progress" in status:
            said.append(f"you left on {phrasing.show_date(m.candidate_value)}")  # there now
            continue
        said.append(_sentence(m, mine, names))
    who = who_says(members[0], mine, names)
    claim = " and ".join(dict.fromkeys(said)) or "something about you"
    return f"{who[:1].upper()}{who[1:]} says {claim} — is that right?"


REPORTED_WHY = "only you can confirm what others say of you"
"""The reason line under a reported question."""
