"""Family fields: how a member is doing, and when family activities happen.

``family.<member>.status`` (sick, well, away, home...) comes from "Emma is sick
today" or "the kids have the flu"; ``family.<activity>.schedule`` and
``.event_status`` from "soccer practice moved to Thursday", "school is cancelled
tomorrow" or "Piano lesson is Friday at 4". A cancellation is a present fact;
a schedule in the future is a plan.
"""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta

from core.domain.fields import slugify
from core.extraction.clause import Candidate, Clause
from core.extraction.family_members import (
    APPOSITIVE_NAME,
    HOUSEHOLD,
    NOT_MEMBERS,
    NOT_NAMES,
    Named,
    elsewhere,
    member_named,
    names_a_relation,
)
from core.extraction.family_members import PRE as _PRE
from core.extraction.linguistics.parse import parse
from core.extraction.places import GAZETTEER
from core.extraction.pronouns import RELATION_SPELLINGS, pronoun_of

__all__ = ["extract_family", "names_a_relation"]
from core.extraction.types import ObservationIntent

_NOT_SICK = re.compile(
    r"^\s*(?:isn't|is\s+not|aren't|are\s+not|'s\s+not|is\s+no\s+longer|"
    r"are\s+no\s+longer)\s+(?:sick|ill|contagious)\b"
)
_SICK_WORD = re.compile(r"\b(?:sick|cold|flu|fever|ill|covid|bug|virus|strep)\b")
_STATUS = re.compile(
    _PRE + r"(?:is|are|'s\s+been|'s|was|were|got|has\s+been|have\s+been|feels?|feeling|seems?)\s+"
    r"(?:(?:still|really|pretty|so|very|a\s+bit|feeling|now|finally|all|both|doing|staying|"
    r"much|a\s+lot|way|so\s+much|even|a\s+little|slightly|"
    r"home(?=\s+sick))\s+)*(?P<st>sick|ill|unwell|better|well|fine|ok|okay|recovered|away|"
    r"traveling|travelling|out\s+of\s+town|home|"
    # "back to his old self" is well again; "back to school" or "back to work" is no status.
    r"back\s+to\s+(?:normal|(?:his|her|their)\s+(?:\w+\s+){0,2}sel(?:f|ves))|"
    # "back in the hospital" is a stay there again, not a return home.
    r"(?:back\s+)?in\s+(?:the\s+)?(?:hospital|icu|er|hospice|rehab)|back(?!\s+(?:to|in)\b)|"
    r"under\s+the\s+weather|out\s+of\s+(?:the\s+)?hospital|out\s+of\s+surgery|"
    r"in\s+remission|healthy|"
    # Staying with relatives is being away: "the kids are at their grandparents this week".
    r"at\s+(?:their|his|her)\s+(?:grandparents|grandma|grandpa|nana|dad|mom|father|mother|"
    r"aunt|uncle|cousin|friend)(?:'?s)?|"
    r"hospitali[sz]ed|admitted\s+(?:to|in|into)\s+(?:the\s+)?hospital|on\s+a\s+trip|at\s+camp|asleep|"
    r"throwing\s+up|contagious|injured|hurt|"
    # "better at chess", "better than me": a comparison, not health; "away at college" is away.
    r"in\s+a\s+cast)\b(?:(?<=away)|(?!\s+(?:of|and\s+tired|at|than)\b))"
)
# Illnesses that make someone sick now: a small documented class, acute infections and
# serious diseases. Lifelong conditions (asthma, diabetes) and injuries ("broke his leg")
# are not a status, so they are left out on purpose.
_DISEASES = (
    r"flu|stomach\s+flu|cold|colds|fever|temperature|covid(?:-19)?|coronavirus|strep(?:\s+throat)?|"
    r"stomach\s+bug|bug|virus|(?:[a-z]+\s+)?infection|chickenpox|chicken\s+pox|rsv|cough|"
    r"migraine|pink\s+eye|lice|pneumonia|bronchitis|(?:[a-z]+\s+){0,2}cancer|leukemia|"
    r"tumou?r|mono|measles|mumps|norovirus|food\s+poisoning|tonsillitis|sore\s+throat|"
    r"shingles|croup|appendicitis|sepsis"
)
_SICKNESS_ADJ = (
    r"(?:bad|terrible|nasty|high|slight|mild|severe|awful|horrible|little|low[- ]grade|"
    r"really|very|pretty|bit\s+of\s+a)"
)
_ILLNESS = re.compile(
    _PRE
    + r"(?:has|have|has\s+got|have\s+got|has\s+had|have\s+had|'s\s+had|caught|came\s+down\s+with|got|is\s+down\s+with|"
    # Non-native progressive: "my son is having fever from yesterday".
    r"(?:is|are|'s)\s+having|"
    r"are\s+down\s+with|'s\s+got|tested\s+positive\s+for|(?:is|are|'s)\s+running|running|"
    r"(?:is|are|'s)\s+(?:fighting|battling|sick\s+with|ill\s+with)|"
    r"(?:is|was|got|has\s+been)\s+diagnosed\s+with)\s+"
    rf"(?:a\s+|the\s+|an\s+)?(?:{_SICKNESS_ADJ}\s+)*(?:{_DISEASES})\b"
)
# "coming down with something": falling ill, whatever it turns out to be.
_COMING_DOWN = re.compile(
    _PRE + r"(?:is|are|'s|was|were)\s+(?:coming|going)\s+down\s+with\s+(?:something|whatever|"
    rf"(?:a\s+|an\s+|the\s+)?(?:{_SICKNESS_ADJ}\s+)*(?:{_DISEASES}))\b"
)
_CARE_STAY = re.compile(r"(?:back\s+)?in\s+(?:the\s+)?(?:hospital|icu|er|hospice|rehab)$")
_SYMPTOM_GONE = re.compile(
    r"^\s*'s\s+(?:fever|temperature|cough|infection)\s+(?:(?:finally|has|is|'s)\s+)*"
    r"(?:broke|broken|gone|went\s+down|down|cleared(?:\s+up)?|(?:is\s+)?over)\b|"
    r"^\s*'s\s+(?:surgery|operation|procedure)\s+(?:went|was|is\s+done\s+and\s+went)\s+"
    r"(?:really\s+|very\s+|so\s+)?(?:well|fine|great|ok|okay|smoothly|perfectly)\b"
)
"""The member's symptom ended or their operation went well: "dad's fever broke overnight",
"my dad's surgery went fine"."""
# "doing great", "feeling much better": how someone is doing. Negated, it is the opposite.
_DOING = re.compile(
    _PRE
    + r"(?:(?:is|are|'s|isn't|aren't|seems?\s+to\s+be)\s+)?(?P<neg>not\s+|n't\s+)?(?:doing|feeling|feels?|recovering|healing)\s+"
    r"(?:(?:much|a\s+lot|way|so\s+much|really|pretty|so|very|too|a\s+little|a\s+bit)\s+)*"
    r"(?:great|good|well|better|fine|alright|all\s+right|okay|ok)\b"
    # "feeling good about the move", "doing great in school": a mood or a report card.
    r"(?!\s+(?:about|at|in|with|for|on|than)\b)"
)
_NOT_DOING = re.compile(r"^\s*(?:isn't|aren't|is\s+not|are\s+not|'s\s+not)\s+")
# A member reporting on themself: what follows the pronoun is said of the member.
_REPORTED = re.compile(
    r"^\s*(?:just\s+)?(?:texted|told|called|said|messaged|emailed|wrote|let)\s+(?:(?:me|us)\s+)?"
    r"(?:from\s+(?:work|school|the\s+\w+)\s+)?(?:to\s+say\s+|know\s+)?(?:that\s+)?"
    r"(?P<p>she|he|they)(?=\s|'s\b|'re\b)"
)
# "got over a cold", "recovered from the flu": well again.
_RECOVERED = re.compile(
    _PRE + r"(?:(?:got|is|are|'s|has\s+gotten|have\s+gotten)\s+over|"
    r"(?:has\s+|have\s+)?recovered\s+from|(?:is|are|'s)\s+(?:all\s+)?over|beat|has\s+beaten)\s+"
    rf"(?:a\s+|the\s+|an\s+|his\s+|her\s+|their\s+)?(?:{_SICKNESS_ADJ}\s+)*(?:{_DISEASES})\b"
)
_STATUS_CANON = {
    "ill": "sick",
    "unwell": "sick",
    "under the weather": "sick",
    "throwing up": "sick",
    "contagious": "sick",
    "better": "well",
    "fine": "well",
    "ok": "well",
    "okay": "well",
    "recovered": "well",
    "traveling": "away",
    "travelling": "away",
    "out of town": "away",
    "on a trip": "away",
    "at camp": "away",
    "back": "home",
    "back to normal": "well",
    "out of the hospital": "well",
    "out of hospital": "well",
    "healthy": "well",
    "in remission": "well",
    # The catalogue's words are sick, well, away and home: a hospital stay is being sick.
    "in the hospital": "sick",
    "in hospital": "sick",  # British and non-native usage
    "out of surgery": "well",
    "hospitalized": "sick",
    "admitted to hospital": "sick",
    "admitted to the hospital": "sick",
    "admitted in hospital": "sick",
    "admitted in the hospital": "sick",
    "admitted into hospital": "sick",
    "admitted into the hospital": "sick",
    "hospitalised": "sick",
    "hurt": "injured",
    "in a cast": "injured",
}
_HEAD = (
    r"practice|lessons?|class|recital|game|match|tournament|rehearsal|appointment|checkup|"
    r"check-up|playdate|play\s+date|camp|daycare|preschool|school|tutoring|therapy|conference|"
    r"physio|appt|chemo|dialysis|infusion|surgery|procedure|scan|"
    r"pickup|pick-up|dropoff|drop-off|party|meet"
)
_SPORT = (
    r"soccer|football|baseball|basketball|hockey|softball|volleyball|swimming|ballet|gymnastics|"
    r"karate|scouts|choir|orchestra|band|chess|dance|piano|swim|art|music|drama|theater|tennis"
)
# "soccer practice" as a whole; a bare sport ("soccer is cancelled") stands for its activity.
_ACTIVITY = re.compile(
    rf"\b(?P<act>(?:(?:{_SPORT})\s+)?(?:{_HEAD})|(?:soccer|football|baseball|basketball|hockey|"
    rf"softball|volleyball|swimming|ballet|gymnastics|karate|scouts|choir|orchestra))\b"
)
_CANCELLED = re.compile(
    r"^\s*(?:is|was|got|has\s+been|are|'s|were)\s+(?:\w+\s+)?(?:cancell?ed|canceled|off|called\s+off|"
    r"closed)\b|^\s*(?:cancell?ed|canceled|closed)\b"
)
_NO_ACT = re.compile(r"\bno\s+$")
_MOVED = re.compile(
    r"^\s*(?:is\s+|was\s+|got\s+|has\s+been\s+)?(?:moved|rescheduled|pushed|postponed|changed|"
    r"switched|bumped|shifted)\b"
)
_SCHEDULED = re.compile(
    r"^\s*(?:is|'s|starts|begins|will\s+be|happens|on|at|this|next|tomorrow|tonight|today|"
    r"moved\s+to)\b"
)
_DROP = frozenset(
    [
        "the",
        "our",
        "my",
        "his",
        "her",
        "their",
        "a",
        "an",
        "this",
        "that",
        "next",
        "no",
        "we",
        "i",
        "they",
        "she",
        "he",
        "you",
        "it",
        "have",
        "has",
        "had",
        "is",
        "was",
        "are",
        "at",
        "to",
        "from",
        "for",
        "and",
        "but",
        "so",
        "after",
        "before",
        "today",
        "tomorrow",
        "tonight",
        "got",
        "get",
    ]
)


def _slug_activity(clause: Clause, start: int, noun: str) -> str:
    """The activity's name: its head noun and up to two modifiers ("soccer practice").
    A word the parse does not hang inside the phrase is no modifier ("the coach said
    practice is off": "said" is the verb)."""
    low = clause.low
    heads = _heads_before(clause, start)
    words: list[str] = []
    for wm in reversed(list(re.finditer(r"\S+", low[:start]))[-2:]):
        w = wm.group()
        if w in _DROP or w.endswith("'s") or not w.replace("-", "").isalpha():
            break
        if heads is not None and not heads.get(wm.start(), False):
            break
        words.insert(0, w)
    return slugify(" ".join([*words, noun]))


def _heads_before(clause: Clause, start: int) -> dict[int, bool] | None:
    """For each word before ``start`` in the clause (by its offset in the clause), whether
    the parse hangs it on a later word up to ``start``: a modifier of the phrase there.
    None when the clause is not found in the message's parse."""
    base = clause.start_in_message
    if base < 0 or not clause.message:
        return None
    out: dict[int, bool] = {}
    for tok in parse(clause.message):
        if tok.idx < base:
            continue
        if tok.idx >= base + start:
            break
        out[tok.idx - base] = tok.head.i > tok.i and tok.head.idx <= base + start
    return out


def _who(clause: Clause) -> tuple[str, str, Named] | None:
    """The member's slug, the words after it, and how it was found."""
    if clause.pronoun_member is not None:
        # "My dad called. He's in the hospital": the pronoun stands for the member.
        slug, end = clause.pronoun_member
        return slug, clause.low[end:], "relation"
    found = member_named(clause)
    if found is None:
        return None
    m, how = found
    who = m.group(1)
    if who[0].isupper() and (who.lower() in GAZETTEER or who in NOT_MEMBERS):
        return None
    rest = clause.low[m.end() :]
    slug = slugify(who)
    named = APPOSITIVE_NAME.match(clause.text, m.end())
    if (
        how == "relation"
        and named
        and named.group("name") not in NOT_MEMBERS
        and named.group("name").lower() not in NOT_NAMES
    ):
        # "my daughter Lily is sick": Lily is who the field is about, as in "Lily is fine now".
        slug, rest = slugify(named.group("name")), clause.low[named.end() :]
    return slug, rest, how


def _member(clause: Clause) -> list[Candidate]:
    who = _who(clause)
    if who is None:
        return []
    slug, rest, how = who
    if slug in {"kid", "children", "child"}:
        slug = "kids"
    slug = RELATION_SPELLINGS.get(slug, slug)
    if (rm := _REPORTED.match(rest)) and pronoun_of(slug) in (rm.group("p"), "?"):
        # "my wife texted me that she has strep throat": she says it of herself.
        rest = rest[rm.end() :]
    status = _status(rest)
    if status is None and slug in HOUSEHOLD and elsewhere(clause, rest):
        status = "away"
    if status is None or (how == "noun" and (status != "sick" or _MACHINE_ILL.search(rest))):
        return []  # a bare noun ("work is fine", "laptop has a virus") is a name only when ill
    return [Candidate(f"family.{slug}.status", status, 0.9 if status == "well" else 0.95)]


_MACHINE_ILL = re.compile(r"\b(?:virus|bug)\b")


def _status(rest: str) -> str | None:
    """The catalogue status said of the member in ``rest``, or None."""
    if _NOT_SICK.search(rest) or _RECOVERED.search(rest):
        return "well"
    if dm := _DOING.search(rest):
        negated = dm.group("neg") is not None or _NOT_DOING.search(rest) is not None
        return "sick" if negated else "well"
    sm = _STATUS.search(rest)
    if sm:
        said = " ".join(sm.group("st").split())
        st = _STATUS_CANON.get(said, said)
        if _CARE_STAY.match(said):
            st = "sick"  # in hospital, intensive care, hospice or rehab
        elif said.startswith("back to "):
            st = "well"
        elif said.startswith("at "):
            st = "away"
        if st == "home" and _SICK_WORD.search(rest):
            st = "sick"  # "home with a cold"
        return st
    if _ILLNESS.search(rest) or _COMING_DOWN.search(rest):
        return "sick"
    if _SYMPTOM_GONE.match(rest):
        return "well"
    return None


def _end_of_day(clause: Clause, when: datetime | None) -> datetime | None:
    if when is None:
        return None
    return datetime.combine(when.date() + timedelta(days=1), time(0), tzinfo=clause.at.tzinfo)


def _activity(clause: Clause) -> list[Candidate]:
    m = _ACTIVITY.search(clause.low)
    if m is None:
        return []
    slug = _slug_activity(clause, m.start(), m.group("act"))
    if slug in {"item", "class", "game", "party", "meet"}:
        return []
    rest = clause.low[m.end() :]
    after = [t for t in clause.times if t.start >= m.end()] or list(clause.times)
    ref = after[0] if after else None
    when = datetime.combine(ref.day, ref.clock or time(0), tzinfo=clause.at.tzinfo) if ref else None
    field = f"family.{slug}"
    if _CANCELLED.search(rest) or _NO_ACT.search(clause.low[: m.start()]):
        until = _end_of_day(clause, when)
        out = [Candidate(f"{field}.event_status", "cancelled", 0.95, "assertive", until)]
        if ref is not None:
            # "school is closed tomorrow": the day that is off is kept, not only its expiry.
            out.append(Candidate(f"{field}.schedule", ref.iso(clause.at), 0.95, "assertive", until))
        return out
    if ref is None:
        return []
    iso = ref.iso(clause.at)
    if _MOVED.search(rest):
        return [
            Candidate(f"{field}.event_status", "moved", 0.95, None, _end_of_day(clause, when)),
            Candidate(f"{field}.schedule", iso, 0.95, None, _end_of_day(clause, when)),
        ]
    if _SCHEDULED.search(rest) or clause.markdown:
        forced: ObservationIntent | None = "planning" if ref.day >= clause.at.date() else None
        return [
            Candidate(f"{field}.event_status", "scheduled", 0.9, forced, _end_of_day(clause, when)),
            Candidate(f"{field}.schedule", iso, 0.9, forced, _end_of_day(clause, when)),
        ]
    return []


def extract_family(clause: Clause) -> list[Candidate]:
    """Family candidates in one clause."""
    return _member(clause) + _activity(clause)
