"""Punctuation said aloud to a phone and written out as words: "Hi Linda comma I'm at the
hospital with my husband period They are keeping him overnight period".

Dictation that does not turn the words into marks leaves "comma", "period", "full stop",
"question mark", "exclamation point" and "new paragraph" in the text. Read as words they
join two sentences into one ("…in Rochester period Will call after" reads "Rochester
period" as a place and a plan), hide a question ("Are you still coming for Easter question
mark" reads as a plan) and put "period" into a due date. ``written_marks`` gives them their
marks where they stand as marks: a mark word after a word of the sentence and before the
end, a capital (dictation capitalises the next sentence) or another mark word. As a noun
they keep their word: "the trial period", "my period is late", "a question mark over his
job", "the Oxford comma", "for a period of two weeks".
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_MARKS = {
    "comma": ",",
    "period": ".",
    "full stop": ".",
    "question mark": "?",
    "exclamation point": "!",
    "exclamation mark": "!",
    "new paragraph": "\n",
    "new line": "\n",
}
_MARK_WORD = r"comma|period|full\s+stop|question\s+mark|exclamation\s+(?:point|mark)|new\s+(?:paragraph|line)"
_NOUN_BEFORE = (
    # What makes the word a noun: a determiner or a word that names a kind of period, mark
    # or line ("grace period", "a big question mark", "the Oxford comma", "a new line of work").
    "a|an|the|this|that|these|those|my|your|his|her|our|their|its|no|any|every|each|one|"
    "same|whole|first|second|third|fourth|fifth|sixth|last|next|short|long|trial|grace|"
    "probation|probationary|waiting|notice|cooling|free|billing|holding|rest|time|school|class|"
    "lunch|study|reporting|rental|transition|incubation|recovery|adjustment|settling|"
    "honeymoon|busy|peak|heavy|painful|missed|week|month|year|day|"
    "big|huge|real|serious|oxford|serial|inverted|with|without|[1-9](?:st|nd|rd|th)?"
)
_OPENS = (
    r"(?:i|im|i'm|we|were|we're|he|she|they|it's|its|my|our|kids|will|call|see|be|love|"
    r"just|so|also|then|no|yes|ok|okay|thanks|ugh|lol|long|still|gonna|back|home|hotel|"
    r"traffic|can't|cant|should|need|talk|text)"
)
"""Words that open a sentence of a dictated message, never a word a noun "period" takes
after it ("period of", "period is", "period cramps")."""
_NOUN_MAKER = gated(rf"(?i:{_NOUN_BEFORE})")
_PERIOD_KIND = gated(
    # "over the Christmas period we'll be away": a season's or a holiday's stretch, only
    # before "period" ("coming for Easter question mark" is still the question's mark).
    r"(?i:christmas|xmas|holiday|holidays|festive|summer|winter|spring|autumn|fall|easter|"
    r"exam|exams|term|semester|quarter|tax|pay|payment|contract|warranty|lease)"
)
_WORD_BEFORE = gated(r"([\w'$%)]+)\s*$")
_SPOKEN = gated(
    rf"(?<=[\w'%$)])\s+(?P<mark>(?i:{_MARK_WORD}))\b"
    # Then the end, another mark word, a capital or (after "comma") any word.
    rf"(?=\s*$|\s+(?i:{_MARK_WORD})\b|\s+[A-Z0-9$\"']|(?<=(?i:comma))\s+[a-z]|"
    # Dictation left in lower case: a "period" then a word that opens a sentence ("…left
    # Bakersfield period kids are asleep", "…in Oakland period long drive").
    rf"(?:(?<=(?i:period))|(?<=(?i:full\sstop)))\s+{_OPENS}\b)"
)


def written_marks(text: str) -> str:
    """``text`` with the punctuation said aloud as its marks (see the module's doc)."""
    low = text.lower()
    if not any(w in low for w in ("comma", "period", "full stop", " mark", "new ")):
        return text
    return _SPOKEN.sub(_mark, text)


def _mark(m: re.Match[str]) -> str:
    before = _WORD_BEFORE.search(m.string, 0, m.start())
    if before is not None and _NOUN_MAKER.fullmatch(before.group(1)):
        return m.group()
    if m.group("mark").lower() == "period" and before and _PERIOD_KIND.fullmatch(before.group(1)):
        return m.group()
    return _MARKS[" ".join(m.group("mark").lower().split())]
