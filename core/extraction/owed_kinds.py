"""What is owed, named by its kind: a bill, a fee, a deposit, a premium.

A pattern's text, not a compiled pattern: the bill readers (``core.extraction.bill_comes_to``)
and the list lines' status after a dash (``core.extraction.status_after_dash``) each build
their own from it. Its own module so that cleaning a typed text (which reads a list's "rent
- paid") does not load the money rules that read a bill's sum.
"""

from __future__ import annotations

OWED = (
    # "the car lease is $420 a month": a car's lease is paid monthly like a bill (a
    # home's lease, which ends, is not).
    r"bill|rent|mortgage|invoice|premium|insurance|deposit|fees?|copay|co-pay|dues|tuition|car\s+lease|"
    r"(?:car|loan|card|mortgage)\s+payment|"
    r"(?<!\bno\s)tax(?!\s+(?:refund|return|free|break|credit|season))"
)
"""What is owed by its kind: a bill, a fee, a deposit, a premium."""
