"""'paid it', 'just paid it this morning': the one bill still due is paid.

The extractor reads each message alone: "paid the electric bill" names a bill, "paid
the bill" a kind that ``same_errand`` places, but "paid it" names nothing, and was "I'm
not sure what you mean" while the electric bill stayed due, then overdue: a bill the user
said she paid, told back to her as owed. Canon knows which bills are still due
(``financial.<bill>.status`` = due, goods to send back aside: ``errand_done`` reads
"returned it"). The user's own past "paid it" ("just paid it", "ok paid that one",
"we paid it off this morning"), with nothing after it but when, is that bill while it is
the only one due. A plan ("i'll pay it friday"), a question ("did you pay it?"), someone
else ("he paid it"), a denial ("haven't paid it") and two bills due are not read: Canon
does not choose between bills. Asked, never taken: Canon chose the bill ("Did you pay
the electric bill?").

A pure function of the message's payloads and words and the speaker's committed values.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from core.domain.errands import is_goods_return
from core.domain.state import Scalar

Payload = dict[str, Any]

BILL_CHOSEN = "'paid it' while one bill is due: Canon chose the bill"
"""Why it is asked: the words named no bill."""

_PAID_IT = re.compile(
    r"^(?:(?:ok(?:ay)?|so|yay|phew|whew|finally|also|and|btw|oh|well|update|done|k)\W+)*"
    r"(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+|already\s+)*"
    r"paid\s+(?:it|that(?:\s+one)?|this(?:\s+one)?)(?:\s+off)?"
    r"(?:\s+(?:today|this\s+morning|this\s+afternoon|this\s+evening|tonight|last\s+night|"
    r"yesterday|just\s+now|already|finally|online|now|lol|phew|haha))*\W*$"
)
_CLAUSE = re.compile(r"[^.!?;,\n]+[.!?;,\n]*")


def bill_said_paid(
    payloads: list[Payload],
    text: str,
    entity_id: str,
    state: Mapping[str, Scalar],
    said: Callable[[str, str], Payload],
) -> list[Payload]:
    """``payloads`` with the one bill of ``entity_id`` still due said paid by ``text``
    ("paid it"), as ``said(field, clause)`` makes it (asked), when the message read no
    bill's status of its own."""
    if any(_a_bill_status(str(p.get("field") or "")) for p in payloads):
        return payloads
    due = [
        name
        for name, value in state.items()
        if value == "due" and _a_bill_status(name) and not is_goods_return(name.split(".")[1])
    ]
    if len(due) != 1:
        return payloads
    for clause in _CLAUSE.findall(text.lower()):
        if _PAID_IT.match(clause.strip()):
            return [*payloads, said(due[0], clause.strip())]
    return payloads


def _a_bill_status(field: str) -> bool:
    return field.startswith("financial.") and field.endswith(".status")
