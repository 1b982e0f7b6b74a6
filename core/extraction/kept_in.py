"""A relative kept in hospital, said with the hospital as the subject.

British and Irish English tell a stay in hospital by what the hospital does to the patient:
"they're keeping him in for tests", "the hospital kept Mum in overnight", "they've admitted
her", "the doctors are keeping my dad in till Monday". The relative is the object, and the
rules for a relative's health read a relative as the subject ("Dad is in hospital"), so the
sentence is put that way round: "he is in hospital for tests", "Mum is in hospital
overnight", "she has been admitted". A pronoun keeps its own reading ("him" is "he") and is followed back to the
relative named before it as any other.

Only "keep … in" with what a stay in hospital is kept for (tests, observation, a night, a
day named) and "admit" are read: "they kept him in at lunch" (a school's detention) is not.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import gated

_WHO = (
    r"him|her|them|(?:my|our|his|her)\s+(?:mum|mom|dad|mother|father|wife|husband|son|daughter|"
    r"sister|brother|nan|gran|grandma|grandpa|grandad|granny|baby|partner|aunt|uncle)|"
    r"mum|mom|dad|nan|gran|grandma|grandpa|grandad|granny|[A-Z][a-z]+"
)
_BY_THE_HOSPITAL = (
    r"\b(?:they|the\s+(?:hospital|doctors?|docs|consultants?|ward|nurses?|hospice))\s*"
    r"(?:'re\s+|'ve\s+|are\s+|have\s+|had\s+|might\s+|will\s+|'ll\s+|may\s+)?(?:still\s+|now\s+)?"
    r"(?:be\s+)?"
)
_KEPT_IN = gated(
    _BY_THE_HOSPITAL + rf"(?:keeping|kept|keep)\s+(?P<who>{_WHO})\s+in\b"
    r"(?=\s*(?:$|[,.;!]|for\s+(?:tests|observation|obs|monitoring|scans|another|a\s+few|"
    r"the\s+night|a\s+(?:night|day|week|couple)|now)|overnight|till\b|until\b|again|another))|"
    # "they've admitted her", "they admitted Dad to the cardiac ward last night" (not "they
    # admitted it", "they admitted he was right"); Indian English says the family admits the
    # patient: "we have admitted him in KMC".
    + _BY_THE_HOSPITAL.replace("(?:they|", "(?:they|we|")
    + rf"(?:admitted|admitting|admit)\s+(?P<who2>{_WHO})\b(?!\s+(?:was|is|that|had|did)\b)",
    re.I,
)
_AT_A_HOSPITAL = gated(r"\s+(?:in|at)\s")
"""Admitted in or at a hospital by its name ("admitted him in KMC"): in hospital."""
_PRONOUN = {"him": "he", "her": "she", "them": "they"}


def kept_in_hospital(text: str) -> str:
    """``text`` with a relative kept in or admitted by the hospital said as in hospital."""
    if " in" not in text and "admit" not in text:
        return text
    return _KEPT_IN.sub(_in_hospital, text)


def _in_hospital(m: re.Match[str]) -> str:
    who = m.group("who") or m.group("who2")
    subject = _PRONOUN.get(who.lower(), who)
    if who[0].isupper() and who.lower() not in _PRONOUN and m.start() > 0:
        subject = who  # a name keeps its capital
    if m.group("who2") and not _AT_A_HOSPITAL.match(m.string, m.end()):
        return f"{subject} {'have' if subject == 'they' else 'has'} been admitted"
    return f"{subject} {'are' if subject == 'they' else 'is'} in hospital"
