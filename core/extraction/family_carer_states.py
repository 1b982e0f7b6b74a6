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

from core.extraction.family_illnesses import DISEASES
from core.extraction.regex_branches import branched
from core.extraction.word_gates import gated

_BE = r"(?:is|are|'s|was|were|has\s+been|have\s+been|'s\s+been|seems?|looks?)"
_STILL = r"(?:(?:still|now|back|just|both|all|currently|again|also)\s+)*"
_LEAD = rf"^\s*(?:[;:\u2013\u2014-]\s*)?(?:{_BE}\s+)?{_STILL}"
"""What may come between the member and the state: a note's label mark ("Mum; comfortable",
"Sam - bad cough"), "is", and "still", "back", "now"."""

_HOSPITAL_BY_NAME = gated(
    _LEAD + r"in\s+"
    # "in the Royal Navy", "in the general area": no hospital.
    r"(?!(?:the\s+)?royal\s+(?:navy|mail|air|society|academy|opera|albert|marines|family|ballet|court|mint|"
    r"bank|oak|exchange|festival|hall|box|theatre|shakespeare|arms|hotel|mile)\b|(?:the\s+)?general\s+(?:area|election|knowledge|public|direction|vicinity|manager)\b)"
    r"(?:the\s+)?(?:(?:[a-z]+\s+)?(?:royal|general|infirmary)|"
    r"royal\s+[a-z]+|(?:st|st\.|saint)\s+[a-z']+(?:'s)?\s+(?:hospital|infirmary))\b"
)
"""In a hospital called by its name in the town: "Grandad's back in the Royal"."""

_PROCEDURE = (
    r"knee|hip|shoulder|back|heart|bowel|gallbladder|hernia|cataracts?|eyes?|"
    r"op|operation|surgery|procedure|tests|scans?|bloods|biopsy|bypass|replacement|"
    r"stent|pacemaker|angiogram|colonoscopy|endoscopy|observation|obs|monitoring"
)
_IN_FOR = gated(
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
_OFF_A_WHILE_ILL = gated(
    _LEAD + r"(?:staying\s+|kept\s+)?(?:off|home\s+from|out\s+of)\s+(?:school|nursery|daycare|"
    r"preschool|childminder's|the\s+childminder's)\s+" + _ILL_AFTER_A_WHILE
)
"""Kept off for a stretch by an illness: "Ivy's off school all this week with flu"."""

_COLD_AND_CHEST = gated(
    _LEAD + r"(?:(?:really|very|so|absolutely)\s+)?full\s+of\s+(?:(?:a|the|his|her|their)\s+)?"
    r"(?:cold|colds|it|the\s+lurgy|cough)\b|"
    + _LEAD
    + r"(?:both\s+)?streaming\s+with\s+(?:a\s+|the\s+)?cold\b|"
    r"^\s*'s\s+(?:chest|breathing)\s+(?:is\s+|'s\s+|sounds?\s+|seems?\s+)?(?:still\s+|really\s+|"
    r"very\s+|a\s+bit\s+|quite\s+)?(?:rattly|rattling|crackly|crackling|tight|wheezy|noisy|"
    r"laboured|labored|bad|worse|chesty|bubbly)\b"
)
"""A cold or a chest as a British household says it: "both kids full of cold"."""

_NOTED_SYMPTOM = gated(
    # A note's symptom without its verb: "Sam - bad cough, no fever", "Leo - nits AGAIN".
    _LEAD + r"(?:(?:a\s+)?(?:bad|nasty|chesty|dry|hacking|barking|tickly|croupy|high|slight|"
    r"awful|horrible|streaming|runny)\s+(?:cough|cold|temp|temperature|fever|nose|chest)|"
    rf"(?:{DISEASES}))\b(?:\s+again)?\s*(?:[,.;!]|$)"
)
"""A note's symptom or illness said bare after the member: sick."""
_OFF_THE_BOTTLE = gated(
    _LEAD
    + r"(?:has\s+|had\s+)?(?:refused|refusing|rejected|rejecting)\s+(?:(?:his|her|their|the|a)\s+)?"
    r"(?:bottles?|feeds?|milk|breastfeeds?|formula)\b"
)
"""A baby turning feeds away ("Rosie refused her bottle twice"): unwell, as a carer's "refused
lunch" is."""
_IN_A_WARD = gated(
    _LEAD + r"(?:(?:been\s+)?(?:moved|put|transferred)\s+(?:in)?to\s+|in\s+|on\s+)(?:a\s+|the\s+)?"
    r"(?:ward\s+\d+[a-z]?|side\s+room|isolation\s+room|bay\s+\d+)\b"
)
"""In a numbered ward or a side room: "Mum's back in Ward 4", "moved to a side room"."""
_AWAY_WITH_OTHERS = gated(
    _LEAD + r"(?:(?:at|on)\s+(?:a\s+|the\s+|her\s+|his\s+|their\s+)?(?:[a-z']+\s+)?(?:camp|"
    r"residential|sleepover|sleep-over|school\s+trip)\b|(?:staying|stopping)\s+(?:at|with)\s+"
    r"(?:ours|mine|us|me)\b|in\s+respite(?:\s+care)?\b)"
)
"""Away from home a while: at Brownies camp, at a sleepover, "stopping at ours", in respite."""
_PASSED = gated(
    r"^\s*'s\s+(?:(?:tummy|stomach|sickness|vomiting|winter)\s+)?(?:bug|virus|cold|cough|"
    r"sickness|temp|temperature|fever|migraine|headache|rash)\s+"
    r"(?:(?:has|have|'s|seems\s+to\s+have|finally|now|all)\s+)*(?:passed|stopped|settled|"
    r"run\s+its\s+course|gone\s+away|eased|eased\s+off)\b"
)
"""An illness that has passed: "Kit's tummy bug has passed"."""


_KEPT_OFF_ILL = gated(_ILL_AFTER_A_WHILE)


def kept_off_ill(after: str) -> bool:
    """Whether ``after`` (the words after "off school") names the illness that keeps the
    child off, a stretch of days maybe first: "… all this week with flu", "…, conjunctivitis"."""
    return _KEPT_OFF_ILL.match(after) is not None


_ILLNESS_NAMED = (
    r"(?:(?:a|an|the|his|her|their|some)\s+)?(?:(?:bad|nasty|high|awful|horrible|stinking|raging|"
    rf"slight|little)\s+)*(?:{DISEASES}|temp|temperature|something|spots)\b"
)
LEFT_ILL = branched(
    # Kept up last night: "Leo was up all night with croup", "were up half the night being sick".
    r"\b(?:was|were)\s+up\s+(?:all|half|most\s+of)\s+(?:the\s+)?night\s+(?:with\s+"
    + _ILLNESS_NAMED
    + r"|coughing|being\s+sick|throwing\s+up|vomiting)|"
    # Woken ill: "woke up with a temperature", "woke up covered in spots", "woke up all hot".
    r"\b(?:woke|woken|wakes)\s+up\s+(?:(?:this\s+morning|today|in\s+the\s+night)\s+)?(?:with\s+"
    + _ILLNESS_NAMED
    + r"|covered\s+in\s+(?:spots|a\s+rash|hives|bites|blisters)|(?:all\s+|really\s+|very\s+)?"
    r"(?:hot|poorly|sick|feverish|burning\s+up|wheezy|croupy)\b)|"
    # Brought home ill: "came home from school with a rash", "came out of swimming with an
    # earache", "was sent out of PE with a headache".
    r"\b(?:came|come|got\s+sent|was\s+sent|were\s+sent|been\s+sent)\s+(?:home|back|out)\s+"
    r"(?:(?:early\s+)?(?:from|of)\s+(?:the\s+)?[a-z']+\s+)?(?:early\s+)?with\s+"
    + _ILLNESS_NAMED
    + r"|"
    # Fallen ill: "she's come down with something", "has gone down with the flu".
    r"(?:\b(?:has|have)|'s|'ve)\s+(?:just\s+)?(?:come|gone)\s+down\s+with\s+"
    + _ILLNESS_NAMED
    + r"|"
    # A turn or an attack, as a carer reports it: "had a funny turn this morning".
    r"\bhad\s+(?:a|another)\s+(?:(?:funny|bad|nasty|dizzy|fainting)\s+turn|(?:small\s+|mild\s+|"
    r"mini[- ])?(?:seizure|fit|stroke|tia|heart\s+attack|asthma\s+attack|angina\s+attack))\b|"
    # Sick in the night, as a parent says a child vomited: "was sick in the night".
    r"\b(?:was|were|'s\s+been|has\s+been)\s+(?:sick|ill)\s+(?:twice\s+|again\s+|all\s+)?(?:in|during|"
    r"through)\s+the\s+night\b"
)
"""A recent event that leaves the member ill now (``grammar_results`` reads its past as a
result that holds): "Poppy woke up with a temperature"."""
CARE_RESULT = branched(
    LEFT_ILL.pattern + r"|\b(?:had|'s\s+had|has\s+had)\s+(?:a\s+)?(?:(?:very|v|really|fairly)\s+)?"
    r"(?:settled|comfortable|peaceful)\s+night\b|\bslept\s+(?:right\s+)?through\b(?!\s+(?:my|the|his|"
    r"her)\s+alarm)|\brefused\s+(?:(?:his|her|their|the|a)\s+)?(?:bottles?|feeds?|milk|formula)\b|"
    # "Dad has had a good day", "Nan's had a quiet morning": the day so far, how they are now
    # (the simple past, "we had a good day at the zoo", stays a story).
    r"(?:'s|\bhas|\bhave|'ve)\s+had\s+(?:a\s+)?(?:(?:very|v|really|fairly|pretty|much)\s+)?"
    r"(?:good|great|lovely|better|calm|quiet|brighter|settled|comfortable|peaceful)\s+"
    r"(?:day|morning|afternoon|evening|night)\b"
)
"""A carer's or a parent's past that says how the member is now: ill (``LEFT_ILL``), or a
settled night, slept through."""

_DATED_BEHIND = gated(
    r"\b(?:last\s+(?:week|month|year|weekend|spring|summer|autumn|winter)|ago|back\s+in|in\s+"
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december|"
    r"(?:19|20)\d\d))\b"
)
"""A turn or an illness dated well behind ("had a mild stroke last week but …"): a story; how
the member is now is said after it."""

_WELL_AGAIN = gated(
    _LEAD + r"(?:(?:really|much|a\s+lot|loads)\s+)?(?:right\s+as\s+rain|fit\s+as\s+a\s+fiddle|"
    r"full\s+of\s+beans|perked\s+up|(?:back\s+to\s+)?(?:his|her|their)\s+(?:usual|normal|old)\s+self|"
    r"(?:all\s+)?(?:settled|comfortable|comfy|peaceful)(?=\s*(?:$|[,.;!]|now|tonight|today|again|and|in\s+(?:bed|(?:her|his|the)\s+(?:bed|chair))|"
    r"after|this))|slept\s+(?:right\s+)?through(?:\s+the\s+night)?|slept\s+(?:well|soundly|"
    r"like\s+a\s+log|all\s+night))"
)
"""Well again, as a family or a carer says it: "Lucy's right as rain now", "Gran's settled",
"Nana slept through"."""

_INTO_RESPITE = gated(
    _LEAD + r"(?:gone|went|going|moved)\s+(?:in(?:to)?\s+)?(?:(?:the|a)\s+)?(?:(?:care\s+)?home\s+|"
    r"hospice\s+)?for\s+(?:a\s+(?:week|fortnight)\s+(?:of\s+)?|some\s+)?respite\b"
)
"""Gone into a home for respite: away for a while ("Nan's gone into the home for respite")."""


def carer_state(rest: str) -> str | None:
    """The catalogue status these words say of the member in ``rest``, or None."""
    if _INTO_RESPITE.match(rest) or _AWAY_WITH_OTHERS.match(rest):
        return "away"
    if _PASSED.match(rest) or _WELL_AGAIN.match(rest):
        return "well"
    if (
        (m := LEFT_ILL.search(rest)) is not None
        and "," not in rest[: m.start()]
        and not _DATED_BEHIND.search(re.split(r",|\bbut\b|\band\b", rest[m.end() :])[0])
    ):
        return "sick"
    if (
        _HOSPITAL_BY_NAME.match(rest)
        or _IN_FOR.match(rest)
        or _OFF_A_WHILE_ILL.match(rest)
        or _COLD_AND_CHEST.match(rest)
        or _NOTED_SYMPTOM.match(rest)
        or _OFF_THE_BOTTLE.match(rest)
        or _IN_A_WARD.match(rest)
    ):
        return "sick"
    return None
