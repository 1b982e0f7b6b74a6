"""When a piece of work is due: "thesis draft is due friday", "the Q2 roadmap is due next
friday", "my econ group project is due monday" (``project.<slug>.due_date``).

A deliverable is named by the noun that heads it (a report, a draft, a paper, a deck …), so
a bill that is due ("rent is due friday") stays the financial rules' and nothing else is
taken for work. Someone else's work ("my brother's essay is due friday", "her thesis") is
left alone: the field is the speaker's. The project's name is slugged as the status rules
slug it, without a trailing "project" ("the econ group project" → ``econ_group``).
"""

from __future__ import annotations

from core.domain.fields import slugify
from core.extraction.clause import Candidate, Clause
from core.extraction.travel_trips import end_of_day
from core.extraction.word_gates import gated

_DELIVERABLE = (
    r"(?:report|draft|thesis|paper|essay|assignment|project|presentation|deck|proposal|roadmap|"
    r"deliverable|homework|submission|spec|portfolio|dissertation|problem\s+set|pset|"
    r"midterm\s+paper|term\s+paper|writeup|write-up|lab\s+report|slides|"
    # A writer's and a student's pieces: "the Atlas copy", "chapter 3", "the lit review".
    r"copy|chapter(?:\s+\d+)?|lit(?:erature)?\s+review|coursework|manuscript|pitch|"
    # An academic's: "abstracts due 15 March", "rebuttal due Mon", "camera-ready due Friday",
    # "revisions due the 25th" (not "reviews": "Q4 reviews are due" is HR's notice).
    r"abstracts?|rebuttals?|camera[\s-]ready|revisions?|posters?|"
    r"(?:grant|funding|fellowship)\s+application)"
)
_DUE = gated(
    r"(?:^|\b(?:my|our|the|this)\s+)(?!(?:my|our|the|this|his|her|their|your|a|an)\b)"
    r"(?P<name>(?:[a-z0-9][\w-]*\s+){0,3}?" + _DELIVERABLE + r")"
    r"(?:\s+is\s+|'s\s+|\s+are\s+|\s+)(?:due|needs\s+to\s+be\s+(?:in|done|submitted))\b|"
    # Its deadline said, or moved: "the lab report deadline got pushed to next Wednesday",
    # "deadline for the Atlas copy moved to next friday".
    r"(?:^|\b(?:my|our|the|this)\s+)(?!(?:my|our|the|this|his|her|their|your|a|an)\b)"
    r"(?P<name2>(?:[a-z0-9][\w-]*\s+){0,3}?" + _DELIVERABLE + r")\s+deadline\b|"
    r"\bdeadline\s+(?:for|on)\s+(?:(?:my|our|the|this)\s+)?"
    r"(?P<name3>(?:[a-z0-9][\w-]*\s+){0,3}?" + _DELIVERABLE + r")\b"
)
_SUFFIX = gated(r"\s+project$")


def project_due(clause: Clause) -> list[Candidate]:
    """The due date of a piece of the speaker's work the clause names, if it dates it."""
    if clause.words.isdisjoint({"due", "needs", "deadline"}) and "'s due" not in clause.low:
        return []
    m = _DUE.search(clause.low)
    if m is None:
        return []
    today = clause.at.date()
    days = [t for t in clause.times if t.start >= m.end() and not t.past and t.day >= today]
    if not days:
        return []
    group = next(g for g in ("name", "name2", "name3") if m.group(g))
    name = _SUFFIX.sub("", clause.text[m.start(group) : m.end(group)].strip())
    slug = slugify(name)
    if not slug or slug == "project":
        return []
    day = days[0].day
    until = end_of_day(day, clause.at)
    return [Candidate(f"project.{slug}.due_date", day.isoformat(), 0.85, None, until)]
