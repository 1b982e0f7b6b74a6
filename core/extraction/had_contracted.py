"""A contracted "had" spelled out: "I'd never been", "she'd ever seen", "we'd already left".

"'d" is "would" before a verb's plain form ("I'd love to", "we'd go") and "had" before
its past participle. Stories told in the past are full of the second ("the best city
he'd ever seen", "I'd just landed in Oslo when mum called"), and read as "would" they
become wishes. Before a past participle (an irregular one, or a regular "-ed" form), with
at most one adverb between, the contraction is written out as "had", so the clause reads
as the past before the past it is.

Participles that are also plain forms ("come", "run", "become", "put", "cut", "set",
"let", "hit", "quit", "read") are left alone: "I'd come with you" is "would".
"""

from __future__ import annotations

import re

_PARTICIPLES = (
    "been|gone|seen|done|had|left|met|made|taken|given|got|gotten|flown|driven|ridden|"
    "written|forgotten|known|heard|found|lost|spent|bought|sold|thought|told|said|paid|sent|"
    "built|kept|slept|felt|brought|begun|eaten|fallen|grown|broken|chosen|spoken|stolen|"
    "woken|worn|swum|taught|caught|fought|won|understood|stood|sat|held|meant|heard"
)
_HAD = re.compile(
    r"\b(?P<who>i|we|he|she|they|you|it)'d\s+"
    r"(?P<adverb>(?:ever|never|already|just|only|recently|always|not|all|both|since|long|"
    r"finally|barely|hardly|once|first)\s+)?"
    rf"(?P<verb>(?:{_PARTICIPLES})\b|[a-z]{{2,}}ed\b)",
    re.I,
)


def had_spelled_out(text: str) -> str:
    """``text`` with each "'d" before a past participle written "had"."""
    if "'d" not in text:
        return text
    return _HAD.sub(r"\g<who> had \g<adverb>\g<verb>", text)
