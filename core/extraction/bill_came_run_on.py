"""A bill come and its sum run together without a stop: "the water bill came today its 84
dollars due on the 20th", "electric bill came its 120 due on the 15th".

Dictated and hurried text drops the comma the sentence needs after the bill's arrival, so
the segmenter keeps one clause, and the words after "came" read as part of the bill's name
("came it's"). The "it's" that names the bill's sum or day is a clause of its own, as it is
after a comma ("the gas bill came, it's $80"); ``segments`` cuts there and
``bill_it_is`` reads it of the bill that came.
"""

from __future__ import annotations

import re

from core.extraction.bill_names import BILL_ARRIVED
from core.extraction.comma_cuts import Kept, cut_at_gap
from core.extraction.word_gates import gated

_CAME_THEN_IT = gated(
    rf"\bbill\s+(?:just\s+)?{BILL_ARRIVED}(?:\s+in)?"
    r"(?:\s+(?:today|this\s+morning|yesterday|finally|in\s+the\s+(?:post|mail)))*"
    r"(?P<gap>\s+)(?=(?:it's|its|it\s+is)\s+(?:(?:only|just|like|about|around)\s+)?"
    r"(?:[$£€₹]|\d|due\b))",
    re.I,
)


def cut_after_bill_came(kept: Kept) -> Kept:
    """``kept`` (piece, joint) with each piece in which a bill "came" and "it's" its sum or
    its day runs straight on cut between the two, the second joined by a comma."""
    return cut_at_gap(kept, _CAME_THEN_IT.search)
