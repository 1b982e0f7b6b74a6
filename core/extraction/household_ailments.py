"""How someone is, in the words a hand-over note, a nanny or a co-parent uses for a small
ailment, beside ``family_status``, ``family_condition_words`` and ``family_carer_states``.

Read last, on the words after the member ("'s been sneezing all afternoon"), only when
those found no status:

- a cold or a tummy said the nursery way ("been sneezing all afternoon", "has the squits",
  "got the trots", "an upset tummy"): sick;
- hot with a sign of being unwell beside it ("really hot and clingy", "hot and grizzly"):
  sick — "hot" alone may be the weather;
- on a named course of medicine a pharmacy hands out for an infection or a bug ("on
  trimethoprim", "started on fluclox", "on dioralyte since 6"): sick;
- a temperature read off the thermometer at or above a fever ("temp 38.2 @ 4", "temp of
  101"): sick;
- kept in bed or up all night by something, a bad ear or throat, complaining of one, thrush:
  sick;
- an old person's decline the carer's way ("off her legs", "not right today", "very
  pale"): sick; "much more with it": well;
- a passing mood set against being well ("grumpy but fine", "tired but ok in himself"):
  well.
"""

from __future__ import annotations

from core.extraction.word_gates import gated

_BE = r"(?:is|are|'s|was|were|has\s+been|have\s+been|'s\s+been|seems?|looks?|has|'s\s+got|has\s+got|got)"
_STILL = r"(?:(?:still|now|back|just|both|all|currently|again|also|a\s+bit|a\s+little|really|very|v|so)\s+)*"
_LEAD = rf"^\s*(?:[;:\u2013\u2014-]\s*)?(?:{_BE}\s+)?{_STILL}"
"""What may come between the member and the state: a note's label mark ("Rory - temp 38.2"),
"is", "has been", and "still", "really"."""

_NURSERY_AILMENT = gated(
    _LEAD + r"(?:(?:keeps?|kept)\s+)?(?:sneezing|sneezy|(?:the\s+)?(?:squits|trots)|"
    r"(?:an?\s+)?(?:upset|dodgy|funny|poorly|sore)\s+(?:tummy|stomach|tum))\b"
)
_HOT_AND_UNWELL = gated(
    _LEAD + r"hot\s+(?:and|&|n)\s+(?:(?:very|really|so|a\s+bit)\s+)?(?:clingy|grizzly|whiny|"
    r"whingy|miserable|floppy|lethargic|listless|sleepy|flushed|shivery|sweaty|tearful|"
    r"out\s+of\s+sorts)\b"
)
_MEDICINE = (
    r"trimethoprim|nitrofurantoin|flucloxacillin|fluclox|clarithromycin|doxycycline|"
    r"co-?amoxiclav|cefalexin|azithromycin|erythromycin|amox|abx|metronidazole|"
    r"dioralyte|rehydration\s+(?:salts|sachets)|oral\s+rehydration|oseltamivir"
)
_ON_A_COURSE = gated(
    _LEAD + r"(?:(?:been\s+|got\s+|was\s+)?(?:started|put)\s+)?on\s+(?:the\s+|his\s+|her\s+|"
    rf"their\s+|some\s+)?(?:a\s+course\s+of\s+)?(?:{_MEDICINE})\b"
)
_TEMPERATURE = gated(
    _LEAD + r"(?:(?:had|running|got)\s+)?(?:a\s+)?(?:temp|temperature)\s*(?:of\s+|is\s+|was\s+|"
    r"at\s+|=\s*|:\s*)?(?P<deg>\d{2,3}(?:\.\d)?)\s*(?:°\s*[cf]?|c\b|f\b)?"
)
_NOT_THEMSELVES = gated(
    # "Nan's been off her legs since Friday", "Grandad's not right today, very pale": an old
    # person's or a child's decline said the British carer's way.
    _LEAD + r"(?:off\s+(?:her|his|their)\s+legs|not\s+(?:quite\s+)?right(?=\s*(?:$|[,.;!]|today|"
    r"tonight|this|again|at\s+all|since))|(?:very|v|really|quite|a\s+bit|so)\s+pale(?:\s+and\s+\w+)?)\b"
)
_KEPT_IN_BED = gated(
    # "Evie's been in bed all day with a headache", "up and down all night with his ears",
    # "has a bad ear", "complaining his throat hurts", "has got oral thrush".
    _LEAD + r"(?:in\s+bed\s+(?:all\s+day|since\s+\w+|today|again|all\s+morning)\s+with\b|"
    r"up\s+and\s+down\s+(?:all\s+|most\s+of\s+the\s+)?night\b|"
    # (not "a bad head for heights")
    r"(?:a\s+)?(?:bad|sore|poorly|painful)\s+(?:ear|ears|throat|tummy|chest|head)\b(?!\s+for\b)|"
    r"(?:been\s+)?complaining\s+(?:(?:of|about|that)\s+)?(?:(?:his|her|their)\s+)?(?:a\s+)?"
    r"(?:sore\s+|bad\s+)?(?:throat|tummy|ear|ears|head|chest)\b|"
    r"(?:oral\s+)?thrush\b)"
)
_WITH_IT = gated(_LEAD + r"(?:much|a\s+lot|loads|far|more)\s+(?:more\s+)?with\s+it\b")
"""More "with it" again: alert and herself, well ("Dad's much more with it today")."""
_MOOD_BUT_WELL = gated(
    _LEAD + r"(?:(?:a\s+bit|a\s+little|bit|very|v|really|quite)\s+)?(?:grumpy|tired|cranky|"
    r"grizzly|whingy|clingy|quiet|shattered|knackered|teary|tearful|emotional|bruised|"
    r"sore|stroppy|grouchy|hyper|overtired)\s+(?:but|tho|though)\s+(?:otherwise\s+)?"
    r"(?:fine|ok|okay|well|happy|alright|all\s+right|good)\b"
)


def _a_fever(degrees: float) -> bool:
    """A reading that is a fever: 37.8 °C or more, or 100 °F or more (a reading between is
    neither, and a number like 12 is no temperature)."""
    return 37.8 <= degrees < 43 or 100 <= degrees < 110


def household_ailment(rest: str) -> str | None:
    """The catalogue status these words say of the member in ``rest``, or None."""
    if _MOOD_BUT_WELL.match(rest) or _WITH_IT.match(rest):
        return "well"
    if _NOT_THEMSELVES.match(rest) or _KEPT_IN_BED.match(rest):
        return "sick"
    if _NURSERY_AILMENT.match(rest) or _HOT_AND_UNWELL.match(rest) or _ON_A_COURSE.match(rest):
        return "sick"
    if (m := _TEMPERATURE.match(rest)) is not None and _a_fever(float(m.group("deg"))):
        return "sick"
    return None
