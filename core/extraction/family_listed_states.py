"""A carer's note's list of states after a member, each without its verb.

"mum had a bad night, very confused, on antibiotics for a UTI now": each later item of
the comma list is read as what is said of the member (``family_status.member_status``),
unless it has a subject of its own.
"""

from __future__ import annotations

from core.extraction.family_status import member_status
from core.extraction.word_gates import gated

_LISTED = gated(r",\s*(?:and\s+)?(?=[a-z])")
"""A carer's note lists states after the member, each without its verb: "mum had a bad
night, very confused, on antibiotics for a UTI now"."""
_OWN_SUBJECT = gated(
    r"(?:i|we|you|he|she|they|it|my|our|your|his|her|their|the|this|that|there|[a-z]+'s)\b"
)


def listed_state(rest: str) -> str | None:
    """Sick or well as said by a later item of a comma list after the member (a note's
    states without their verb); None when no later item says either. An item with a
    subject of its own is someone else's news, not a state of the member."""
    items = [rest.split(",", 1)[0].strip()] if _VERBLESS_LEAD.match(rest) else []
    items += [rest[m.end() :].split(",", 1)[0] for m in _LISTED.finditer(rest)]
    for item in items:
        if _OWN_SUBJECT.match(item):
            continue
        # "seems much better in herself" has its verb; "very chesty" needs one.
        said = member_status(" " + item) or member_status("is " + item)
        if said in ("sick", "well"):
            return said
    return None


_VERBLESS_LEAD = gated(r"\s*(?:very|quite|a\s+bit|bit|really|so|more|much)\s+[a-z]")
"""A note's first state said without its verb: "grandma very chesty, coughing a lot"."""
