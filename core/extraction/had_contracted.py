"""A contracted "had" spelled out: "I'd never been", "she'd ever seen", "we'd already left".

"'d" is "would" before a verb's plain form ("I'd love to", "we'd go") and "had" before
its past participle. Stories told in the past are full of the second ("the best city
he'd ever seen", "I'd just landed in Oslo when mum called"), and read as "would" they
become wishes. Before a past participle (an irregular one, or a regular "-ed" form), with
at most one adverb between, the contraction is written out as "had", so the clause reads
as the past before the past it is.

Plain forms that end in "-ed" ("need", "feed") and intentions ("we'd planned to", "I'd
hoped to") keep their reading. Participles that are also plain forms ("come", "run", "become", "put", "cut", "set",
"let", "hit", "quit", "read") are left alone: "I'd come with you" is "would".
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_PARTICIPLES = (
    "been|gone|seen|done|had|left|met|made|taken|given|got|gotten|flown|driven|ridden|"
    "written|forgotten|known|heard|found|lost|spent|bought|sold|thought|told|said|paid|sent|"
    "built|kept|slept|felt|brought|begun|eaten|fallen|grown|broken|chosen|spoken|stolen|"
    "woken|worn|swum|taught|caught|fought|won|understood|stood|sat|held|meant|heard"
)
_KEPT = (
    r"(?:\w*eed|shed|shred|wed|bed|red|embed|planned|hoped|intended|meant|wanted|expected|"
    r"wished|liked|loved|preferred|needed)\b"
)
"""Words in "-ed" that are no participle ("I'd need a taxi") and the past of an intention,
which keeps the reading it had ("We'd planned to hike today but it poured")."""
_HAD = gated(
    r"\b(?P<who>i|we|he|she|they|you|it)'d\s+"
    r"(?P<adverb>(?:ever|never|already|just|only|recently|always|not|all|both|since|long|"
    r"finally|barely|hardly|once|first)\s+)?"
    rf"(?P<verb>(?:{_PARTICIPLES})\b|(?!{_KEPT})[a-z]{{2,}}ed\b)",
    re.I,
)


def had_spelled_out(text: str) -> str:
    """``text`` with each "'d" before a past participle written "had"."""
    if "'d" not in text:
        return text
    return _HAD.sub(r"\g<who> had \g<adverb>\g<verb>", text)
