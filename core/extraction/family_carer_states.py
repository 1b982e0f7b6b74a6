"""How someone is, in the words co-parents, carers and grandparents pass on, beside
``family_status`` and ``family_condition_words``.

Read after those, on the words after the member ("'s in for his knee"), only when they
found no status:

- a hospital by the name a town calls it ("back in the Royal", "in the General with his
  chest"), or being "in" for a procedure ("in for his hip", "staying in overnight for
  observation"): sick;
- a child kept off school or nursery for a stretch by an illness said after it ("off school
  all this week with flu", "off nursery for the rest of the week, conjunctivitis",
  "staying off nursery, temp of 38"): sick — the place itself is open;
- a British household's cold and chest ("full of cold", "his chest is rattly again"): sick;
- an illness that has passed ("her tummy bug has passed", "the sickness has stopped"): well.
"""

from __future__ import annotations

import re

from core.extraction.family_status import DISEASES

_BE = r"(?:is|are|'s|was|were|has\s+been|have\s+been|'s\s+been|seems?|looks?)"
_STILL = r"(?:(?:still|now|back|just|both|all|currently|again|also)\s+)*"
_LEAD = rf"^\s*(?:{_BE}\s+)?{_STILL}"

_HOSPITAL_BY_NAME = re.compile(
    _LEAD + r"in\s+"
    # "in the Royal Navy", "in the general area": no hospital.
    r"(?!(?:the\s+)?royal\s+(?:navy|mail|air|society|academy|opera|albert|marines|family|ballet|court|mint|"
    r"bank)\b|(?:the\s+)?general\s+(?:area|election|knowledge|public|direction|vicinity|manager)\b)"
    r"(?:the\s+)?(?:(?:[a-z]+\s+)?(?:royal|general|infirmary)|"
    r"royal\s+[a-z]+|(?:st|st\.|saint)\s+[a-z']+(?:'s)?\s+(?:hospital|infirmary))\b"
)
"""In a hospital called by its name in the town: "Grandad's back in the Royal"."""

_PROCEDURE = (
    r"knee|hip|shoulder|back|heart|bowel|gallbladder|hernia|cataracts?|eyes?|"
    r"op|operation|surgery|procedure|tests|scans?|bloods|biopsy|bypass|replacement|"
    r"stent|pacemaker|angiogram|colonoscopy|endoscopy|observation|obs|monitoring"
)
_IN_FOR = re.compile(
    _LEAD
    + r"(?:(?:staying|kept|going)\s+)?in\s+(?:hospital\s+)?for\s+(?:(?:his|her|their|an?|the|some|"
    rf"more|a\s+few)\s+)?(?:new\s+|small\s+|minor\s+)?(?:{_PROCEDURE})\b|"
    + _LEAD
    + r"(?:staying|kept|being\s+kept)\s+in\s+(?:(?:hospital|again)\s+)?(?:overnight|another\s+night|"
    r"tonight|for\s+(?:observation|obs|tests|monitoring|a\s+few\s+(?:days|nights)|"
    r"(?:another|one\s+more|a)\s+(?:night|day)))\b"
)
"""In hospital for a procedure: "Dad's in for his knee", "staying in overnight"."""

_SPAN = (
    r"(?:(?:today|tomorrow|again|this\s+week|this\s+wk|all\s+week|all\s+this\s+week|"
    r"the\s+rest\s+of\s+the\s+week|for\s+the\s+rest\s+of\s+the\s+(?:week|day)|"
    r"for\s+(?:a\s+few|a\s+couple\s+of|two|three|\d+)\s+days|for\s+the\s+week|"
    r"(?:till|until|til)\s+[a-z0-9]+|since\s+[a-z]+)\s*)*"
)
_ILL_AFTER_A_WHILE = (
    r"\s*" + _SPAN + r"(?:,\s*|-\s*|\(\s*|with\s+|w/\s*|w\s+)"
    r"(?:(?:a|an|the|his|her|their|suspected)\s+)?(?:(?:bad|nasty|high|awful|horrible|stinking)\s+)?"
    rf"(?:{DISEASES}|sick|ill|poorly|unwell|temp\s+of|a\s+temp)\b"
)
_OFF_A_WHILE_ILL = re.compile(
    _LEAD + r"(?:staying\s+|kept\s+)?(?:off|home\s+from|out\s+of)\s+(?:school|nursery|daycare|"
    r"preschool|childminder's|the\s+childminder's)\s+" + _ILL_AFTER_A_WHILE
)
"""Kept off for a stretch by an illness: "Ivy's off school all this week with flu"."""

_COLD_AND_CHEST = re.compile(
    _LEAD + r"(?:(?:really|very|so|absolutely)\s+)?full\s+of\s+(?:(?:a|the|his|her|their)\s+)?"
    r"(?:cold|colds|it|the\s+lurgy|cough)\b|"
    r"^\s*'s\s+(?:chest|breathing)\s+(?:is\s+|'s\s+|sounds?\s+|seems?\s+)?(?:still\s+|really\s+|"
    r"very\s+|a\s+bit\s+|quite\s+)?(?:rattly|rattling|crackly|crackling|tight|wheezy|noisy|"
    r"laboured|labored|bad|worse|chesty|bubbly)\b"
)
"""A cold or a chest as a British household says it: "both kids full of cold"."""

_PASSED = re.compile(
    r"^\s*'s\s+(?:(?:tummy|stomach|sickness|vomiting|winter)\s+)?(?:bug|virus|cold|cough|"
    r"sickness|temp|temperature|fever|migraine|headache|rash)\s+"
    r"(?:(?:has|have|'s|seems\s+to\s+have|finally|now|all)\s+)*(?:passed|stopped|settled|"
    r"run\s+its\s+course|gone\s+away|eased|eased\s+off)\b"
)
"""An illness that has passed: "Kit's tummy bug has passed"."""


_KEPT_OFF_ILL = re.compile(_ILL_AFTER_A_WHILE)


def kept_off_ill(after: str) -> bool:
    """Whether ``after`` (the words after "off school") names the illness that keeps the
    child off, a stretch of days maybe first: "… all this week with flu", "…, conjunctivitis"."""
    return _KEPT_OFF_ILL.match(after) is not None


def carer_state(rest: str) -> str | None:
    """The catalogue status these words say of the member in ``rest``, or None."""
    if _PASSED.match(rest):
        return "well"
    if (
        _HOSPITAL_BY_NAME.match(rest)
        or _IN_FOR.match(rest)
        or _OFF_A_WHILE_ILL.match(rest)
        or _COLD_AND_CHEST.match(rest)
    ):
        return "sick"
    return None
