"""A story told in the present under a date behind: the historic present of storytellers
("last summer we're driving through Utah and the AC dies on us", "Christmas 2020, we're in
lockdown in Manchester") and the plain present of learners ("two years ago I work in a
hotel in Malaga, the pay is very bad so I leave").

The date sets the scene; the present tense is the teller's, not now. A clause in the
plain present (no perfect, no modal, no future, nothing that marks now) is read in the
past when

- it opens on a past date followed by its subject ("back in uni I'm renting a room in
  Leeds", "flashback to 2015, I'm living in a van"), or
- it goes on, in the same sentence, from such a clause or from the date said alone
  ("Last Easter now, I'm above in Sligo"), or
- its sentence dates itself behind at its end ("…, I'm in a Waffle House outside
  Nashville, this was like three years ago").

A past verb keeps its own reading ("in 2019 I moved to Leeds" may still be where the
speaker lives), a present one marked now keeps the present ("Christmas 2020 we lost dad,
we're still in Manchester"), and a year not behind the message's own is no scene ("in
2027 we're in Lisbon").
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from core.extraction.clause import Clause
from core.extraction.intent import ClauseIntent
from core.extraction.intent_tense import marks_present
from core.extraction.linguistics.reading import ClauseReading
from core.extraction.segments import Segment
from core.extraction.word_gates import gated

_SEASON = r"(?:summer|winter|spring|autumn|fall)"
_FEAST = (
    r"(?:christmas|xmas|easter|thanksgiving|halloween|new\s+year(?:'s)?(?:\s+eve)?|diwali|eid|"
    r"hanukkah|passover|ramadan)"
)
_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
)
_YEAR = r"(?:(?:19|20)\d\d|'\d\d)"
_A_YEAR = gated(r"\b(?:19|20)\d\d\b|(?<!\w)'\d\d\b")
_PAST_DATE = (
    # "last summer", "last Easter" (not "my last year of uni", "last year's trip").
    r"(?:(?<!\bmy\s)(?<!\bour\s)(?<!\bthe\s)(?<!\bthis\s)(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)"
    rf"last\s+(?:year|decade|term|semester|{_SEASON}|{_FEAST})(?!'s)|"
    # "summer of '68", "Christmas 2020", "the year 2015", "March 2019", "back in 2019".
    rf"(?:the\s+)?(?:{_SEASON}|{_FEAST}|year|{_MONTH})\s+(?:of\s+)?{_YEAR}|"
    rf"(?:back\s+)?in\s+{_YEAR}|(?<=\bto\s)(?:19|20)\d\d|(?:back\s+)?in\s+the\s+(?:'|19|20)?\d0s|"
    r"back\s+in\s+(?:uni|college|school|high\s+school|the\s+day|the\s+(?:good\s+)?old\s+days|"
    r"(?:my|our)\s+(?:[a-z]+\s+)?days)|"
    # "two years ago", "a few summers ago", "years ago", "back then", "that winter".
    r"(?:(?:a|one|two|three|four|five|six|seven|eight|nine|ten|\d+|a\s+few|a\s+couple(?:\s+of)?|"
    rf"many|several)\s+)?(?:years?|months?|decades?|{_SEASON}s?|{_FEAST}s?)\s+ago|"
    rf"back\s+then|in\s+those\s+days|that\s+(?:year|{_SEASON}|{_FEAST})|"
    # Learners' "when I am child" for "when I was a child": a childhood is always behind.
    r"when\s+(?:i|we)\s+(?:am|are|was|were|'m|'re)\s+(?:a\s+)?(?:kids?|child|children|little|"
    r"small|young|boys?|girls?|teens?|teenagers?|students?))"
)
_LEAD = (
    # What a teller says before the date: "okay so", "story time,", "flashback to".
    r"^(?:(?:so|and|ok|okay|anyway|well|right|now|like|then|honestly|lol)\b[\s,]*)*"
    r"(?:(?:story\s+time|true\s+story|funny\s+story|fun\s+fact)\b[\s,:]*)?"
    r"(?:(?:so|and|anyway)\b[\s,]*)?(?:flashback\s+to\s+|cast\s+your\s+mind\s+back\s+to\s+)?"
)
_ALONE = gated(rf"{_LEAD}{_PAST_DATE}(?:\s+now)?[\s,.!:;-]*$")
"""The date said alone, the scene it opens told after it ("Christmas 2020, we're…")."""
_OPENS = gated(
    rf"{_LEAD}{_PAST_DATE}\s*[,:]?\s+(?:(?:and|so)\s+)?(?:there\s+)?"
    r"(?:i|we|i'm|im|we're|i\s+am|we\s+are|me|my|our|the|you|he|she|they|it's|there's|"
    r"[a-z]+\s+and\s+(?:i|me))\b"
)
"""A clause that opens on the date, its subject next ("last summer we're driving…")."""
_ON_THE_DAY_OF = gated(
    rf"{_LEAD}the\s+(?:night|day|morning|evening|afternoon)\s+of\s+(?:the|my|our|his|her|their)\s+"
    r"(?:[a-z]+\s+){0,2}?[a-z]+\s*,?\s+(?:i|we|i'm|im|we're|i\s+am|we\s+are|me\s+and\s+\w+)\b"
)
"""A clause set on the day of an event, the speaker in it ("The night of the match we're in
Croke Park"): a day that is not today. Told as now with no day ahead found in it, it is the
teller's scene, not where the speaker is."""
_DATED_AFTER = gated(
    r"^(?:(?:and|but|so)\s+)?(?:this|that|it)\s+(?:was|were)\s+(?:(?:like|about|around|maybe|"
    rf"probably|already|back|all|way)\s+)*(?:{_PAST_DATE}|ages\s+ago|a\s+(?:long\s+)?(?:time|while)"
    r"\s+(?:ago|back))\b"
)
"""A sentence dated at its end: "…, this was like three years ago"."""
_NOW_HERE = gated(
    r"\b(?:here|today|tonight|right\s+now|rn|atm|at\s+the\s+moment|this\s+(?:week|weekend|"
    r"morning|afternoon|evening|month|year))\b"
)
_AS_A_RULE = gated(r"\b(?:always|usually|normally|never|often|every|each)\b")
"""A habit ("the morning of a race I'm always nervous"): true of every such day, now too."""
"""Words of the moment of writing: a clause with them is about now, whatever the scene."""


def _behind(m: re.Match[str] | None, at: datetime) -> bool:
    """The date matched is behind the message (a year after it is a plan, not a scene)."""
    if m is None:
        return False
    said = _A_YEAR.search(m.group())
    if said is None:
        return True
    year = said.group()
    full = int(year) if not year.startswith("'") else 1900 + int(year[1:])
    if year.startswith("'") and full + 100 < at.year:
        full += 100  # "'19" said in 2026 is 2019
    return full < at.year


class PastScene:
    """Whether the clauses of one message are told inside a scene set in the past; fed the
    segments in order (``read``), it says which present clauses belong to that past."""

    def __init__(self, segments: list[Segment], at: datetime) -> None:
        self._at = at
        self._sentence: list[int] = []
        self._alone: list[bool] = []
        self._dated: set[int] = set()  # sentences dated at their end or by a date alone
        sentence = -1
        for seg in segments:
            sentence += seg.sentence_start or sentence < 0
            self._sentence.append(sentence)
            low = seg.low.strip(" .!?")
            self._alone.append(_behind(_ALONE.match(low), at))
            if self._alone[-1] or _behind(_DATED_AFTER.match(low), at):
                self._dated.add(sentence)
        for n, alone in enumerate(self._alone):
            # "Christmas 2020. We're in lockdown…": a date that is its whole sentence
            # opens the scene of the next.
            if alone and self._sentence.count(self._sentence[n]) == 1:
                self._dated.add(self._sentence[n] + 1)
        self._opened = -1  # the sentence a clause opened on a past date
        self._index = 0

    def read(
        self, seg: Segment, ci: ClauseIntent, clause: Clause, reading: ClauseReading | None
    ) -> tuple[ClauseIntent, Clause]:
        """``ci`` and ``clause`` read in the past if the clause is told inside the scene."""
        n = self._index
        self._index += 1
        sentence = self._sentence[n]
        low = seg.low.strip(" .!?")
        if self._alone[n]:
            told = ci.intent in ("assertive", "planning") and not seg.question
        else:
            opens = (
                _behind(_OPENS.match(low), self._at)
                or (
                    ci.intent == "assertive"
                    and _ON_THE_DAY_OF.match(low) is not None
                    and _AS_A_RULE.search(low) is None
                )
            ) and _in_the_present(reading, low)
            if opens:
                self._opened = sentence  # the present it is told in goes on after it
            in_scene = opens or sentence in self._dated or self._opened == sentence
            told = in_scene and _told_as_now(seg, ci, reading, low)
        if not told:
            return ci, clause
        return replace(ci, intent="historical"), replace(clause, intent="historical")


def _told_as_now(seg: Segment, ci: ClauseIntent, reading: ClauseReading | None, low: str) -> bool:
    """A plain present (or verbless) clause that would otherwise be read as now."""
    if seg.question or ci.command or ci.intent not in ("assertive", "planning"):
        return False
    return _in_the_present(reading, low)


def _in_the_present(reading: ClauseReading | None, low: str) -> bool:
    """The plain present (or no verb; "will" is the future, not the present), nothing in it
    marking now."""
    if reading is not None and (
        reading.tense not in ("present", "none") or reading.perfect or reading.modal
    ):
        return False
    return not marks_present(low) and _NOW_HERE.search(low) is None
