"""Refunds said as people say them: "the refund from delta hit my account", "got my
refund from united", "still waiting on the refund from expedia".

A refund from someone is that merchant's refund (``financial.<merchant>_refund.status``):
``refunded`` once it came (hit the account, landed, showed up, came through, got it),
``pending`` while it is waited on. The merchant is the word or two after "refund from",
in lower case too: nothing else follows "refund from" but who pays it back.
"""

from __future__ import annotations

from core.domain.fields import slugify
from core.extraction.clause import Candidate, Clause
from core.extraction.word_gates import WordGated, gated

_STOP = (
    r"hit|landed|came|showed|arrived|went|cleared|posted|is|was|has|finally|just|yet|today|"
    r"yesterday|already|still|for|on|in|to|and|but|so|lol|ugh"
)
_MERCHANT = rf"(?P<m>[a-z][\w&'.-]*(?:\s+(?!(?:{_STOP})\b)[a-z][\w&'.-]*)?)"
"""Who pays it back: a word or two after "refund from", up to the verb."""
_FROM = rf"refund\s+(?:from|by)\s+(?:the\s+)?{_MERCHANT}"
_STATUSES: tuple[tuple[WordGated, str], ...] = (
    # "got my refund from delta"
    (
        gated(rf"\b(?:got|received)\s+(?:my\s+|the\s+|a\s+|our\s+)?(?:full\s+)?{_FROM}"),
        "refunded",
    ),
    # "the refund from delta hit my account"
    (
        gated(
            rf"\b{_FROM}\s+(?:(?:finally|just|already)\s+)?(?:hit|landed|came\s+through|came\s+in|"
            r"went\s+through|showed\s+up|arrived|cleared|posted)\b"
        ),
        "refunded",
    ),
    # "still waiting on the refund from united"
    (
        gated(
            rf"\b(?:still\s+)?(?:waiting|waitin)\s+(?:on|for)\s+(?:my\s+|the\s+|a\s+|our\s+)?{_FROM}"
        ),
        "pending",
    ),
)


def refund_in(clause: Clause) -> list[Candidate]:
    """The status of a merchant's refund the clause tells, if it names one."""
    if "refund" not in clause.low:
        return []
    for rx, status in _STATUSES:
        m = rx.search(clause.low)
        if m is not None:
            slug = slugify(f"{m.group('m').strip()} refund")
            return [Candidate(f"financial.{slug}.status", status, 0.9, "assertive")]
    return []
