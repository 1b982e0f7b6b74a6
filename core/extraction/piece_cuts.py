"""Where a sentence's pieces are cut into clauses beyond the joints ``segments`` scans.

``segments`` cuts a sentence at its commas and conjunctions before a subject; each cut
here finds a clause boundary those miss, by what stands on either side of it: a quoted
piece kept with its clause, being back and then a remark, a "-ing … now" after a story,
a trip going on, a condition at the tail, a farewell, being there already, and two
clauses dictated without a stop (a bill come and its sum, where one is and the way back).
The order matters: each cut sees the pieces the cuts before it left.
"""

from __future__ import annotations

from core.extraction.already_there import cut_before_already_there
from core.extraction.back_again import (
    cut_after_coming_back,
    cut_before_coming_back,
    cut_before_going_back,
)
from core.extraction.bill_came_run_on import cut_after_bill_came
from core.extraction.comma_cuts import Kept
from core.extraction.conditional_tail import cut_before_conditional_tail
from core.extraction.doing_now import cut_before_doing_now
from core.extraction.going_on import cut_before_going_on
from core.extraction.pieces_kept import kept_with_their_clause
from core.extraction.see_you_back import cut_before_farewell


def cut_into_clauses(kept: Kept) -> Kept:
    """``kept`` (piece, joint) with every cut of the module's doc made, in order."""
    kept = cut_before_doing_now(
        cut_after_coming_back(cut_before_coming_back(kept_with_their_clause(kept)))
    )
    kept = cut_before_conditional_tail(cut_before_going_on(kept))
    kept = cut_before_farewell(cut_before_already_there(kept))
    return cut_before_going_back(cut_after_bill_came(kept))
