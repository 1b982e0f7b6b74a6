"""How a family member is doing, in the catalogue's words (sick, well, away, home...).

``member_status`` reads what follows the member in a clause: "is sick", "has the flu",
"is feeling much better", "got over a cold", "is back in the hospital", "'s fever broke".
``rules_family`` finds the member; this module only knows the words said of them.
"""

from __future__ import annotations

from core.extraction.family_away import AWAY_DOING
from core.extraction.family_condition_words import condition_said, symptom_settled
from core.extraction.family_hospital import (
    ADMITTED_WITH,
    AND_HOME,
    CAME_OUT,
    DISCHARGE_AHEAD,
    DISCHARGED,
    OUT_OF_CARE,
    TAKEN_IN,
)
from core.extraction.family_illnesses import (
    COMING_DOWN,
    DISEASES,
    HAS_ILLNESS,
    HOME_WITH,
    SICKNESS_ADJ,
)
from core.extraction.family_members import PRE as _PRE
from core.extraction.family_status_spellings import spelled_out
from core.extraction.word_gates import gated

THREW_UP = gated(r"^\s*(?:just\s+)?(?:threw\s+up|puked|vomited|has\s+thrown\s+up)\b")
"""A member who "threw up" today is sick now (the caller checks the day)."""

_NOT_SICK = gated(
    r"^\s*(?:isn't|is\s+not|aren't|are\s+not|'s\s+not|is\s+no\s+longer|"
    r"are\s+no\s+longer)\s+(?:sick|ill|contagious)\b"
)
_SICK_WORD = gated(r"\b(?:sick|cold|flu|fever|ill|covid|bug|virus|strep)\b")
_STATUS = gated(
    _PRE + r"(?:is|are|'s\s+been|'s|'re|was|were|got|"  # 're: "they're better now"
    # "came home from hospital", "has come back from uni", non-native "is come back from
    # hostel": arrived home, and there now.
    r"(?:came|(?:has|have|'s|'ve|is|are)\s+(?:just\s+)?come)(?=\s+(?:back\s+)?home\b|\s+back\s+from\b)|"
    r"has\s+been|"
    r"have\s+been|(?:has|have)(?=\s+gone\s+back\s+to\s)|feels?|feeling|seems?|"
    # "touch wood, the kids have stayed well all winter": well all along, and still.
    r"(?:has|have|'ve)\s+(?:stayed|kept|remained)(?=\s+(?:(?:fit\s+and\s+)?well|healthy|fine)\b))\s+"
    r"(?:(?:still|really|pretty|so|very|a\s+bit|feeling|now|finally|safely|all|both|doing|staying|"
    r"much|a\s+lot|way|so\s+much|even|a\s+little|slightly|probably|definitely|actually|"
    r"loads|heaps|lots|"
    r"absolutely|totally|completely|perfectly|"
    r"(?:home|out|off)(?=\s+sick)|asleep(?=\s+at\b))\s+)*(?P<st>sick|ill|unwell|poorly|feverish|nauseous|chesty|bedridden|peaky|better|well|fine|ok|okay|"
    # "back at uni in Leeds", "gone back to university", "back in the dorm": away to study.
    r"(?:(?:back|away)\s+at|gone\s+back\s+to)\s+(?:uni|university|college|boarding\s+school)|"
    r"back\s+(?:in|at)\s+(?:the\s+|her\s+|his\s+|their\s+)?(?:dorms?|halls|campus)|recovered|away|"
    # "my daughter is at college in Ohio": away at a place of study somewhere named.
    r"at\s+(?:uni|university|college|boarding\s+school)(?=\s+(?:in|up\s+in|down\s+in|out\s+in)\s)|"
    r"traveling|travelling|out\s+of\s+town|abroad|overseas|"
    # "our son's moved back home after uni": living at home again.
    r"moved\s+back\s+home|home|"
    # Indian English "out of station" is out of town; "at home taking rest" is home.
    r"out\s+of\s+station|(?:back\s+)?at\s+home|"
    # "back to his old self" is well again; "back to school" or "back to work" is no status.
    r"back\s+to\s+(?:normal|(?:his|her|their)\s+(?:\w+\s+){0,2}sel(?:f|ves))|"
    # "back in the hospital" is a stay there again, not a return home.
    r"(?:back\s+)?in\s+(?:the\s+|a\s+)?(?:hospital|icu|er|hospice|rehab|rehabilitation(?:\s+clinic)?|"
    r"rehab\s+clinic)|"
    # "Mom is back at her own apartment": home, her own one (not "at her place", someone's).
    r"(?:back\s+)?(?:at|in)\s+(?:his|her|their)\s+own\s+(?:place|house|flat|apartment|home|bed)|"
    # "mum's back from the shops" is a return; "mum's back is killing her" is her back.
    r"back(?!'s\b|\s+(?:to|in|is|was|has|hurts?|pains?|problems?|went|gave|on\s+(?:(?:a|the|his|her)\s+)?(?:oxygen|drip|ventilator|antibiotics|steroids|morphine|ward))\b)|"
    # A hospital by its name: "in St Luke's hospital", "admitted in Apollo hospital".
    r"(?:(?:back\s+)?in|admitted\s+(?:to|in|into|at))\s+(?:the\s+)?(?:[a-z.'&-]+\s+){1,3}?"
    r"(?:hospital|infirmary|medical\s+cent(?:er|re))|"
    r"under\s+the\s+weather|out\s+of\s+(?:the\s+)?hospital|out\s+of\s+surgery|"
    r"out\s+of\s+(?:intensive\s+care|icu|hdu|high\s+dependency)|"
    r"in\s+remission|healthy|on\s+the\s+mend|"
    # Filipino English "confined" is kept in hospital: "Kuya is confined at St Luke's".
    r"confined\s+(?:at|in)\s+(?:the\s+)?(?:[a-z.'&-]+\s+){0,3}?(?:hospital|icu|ward|clinic|"
    r"medical\s+cent(?:er|re)|st(?=\.?\s)|saint)|"
    # Staying with relatives is being away: "the kids are at their grandparents", "at my mum's".
    r"at\s+(?:(?:their|his|her|my|our)\s+)?(?:grandparents|grandma|grandpa|nana|nan|gran|granny|"
    r"dad|mom|mum|father|mother|aunt|uncle|cousin|friend|in-laws)(?:'?s)?|"
    # "the kids are at her place", "he's at their house tonight": someone else's home.
    r"at\s+(?:his|her|their)\s+(?:place|house|flat|apartment)|"
    # "hospitalised at Apollo since Monday": kept in a hospital by its name.
    r"hospitali[sz]ed\s+(?:at|in)\s+(?:the\s+)?[a-z][a-z.'&-]*|"
    r"hospitali[sz]ed|admitted\s+(?:to|in|into)\s+(?:the\s+)?hospital|"
    # "dad got admitted last night": admitted with no school or club named is to hospital.
    r"admitted(?=\s*(?:$|[,.!]|last|this|yesterday|today|tonight|overnight|again|since|for\s+"
    r"(?:observation|tests|surgery))\b)|on\s+a\s+trip|at\s+camp|asleep|"
    r"throwing\s+up|coughing|vomiting|puking|contagious|injured|hurt|"
    # "better at chess", "better than me": a comparison, not health; "away at college" is away.
    r"in\s+a\s+cast)\b(?:(?<=away)|(?!\s+(?:of|and\s+tired|at|than)\b))"
)
_CARE_STAY = gated(
    r"(?:(?:back\s+)?in|admitted\s+\w+)\s+(?:.+\s+)?(?:hospital|icu|er|hospice|rehab|infirmary|"
    r"rehabilitation|(?:rehab|rehabilitation)\s+clinic|"
    r"medical\s+cent(?:er|re))$"
)
_ALL_CLEAR = gated(
    _PRE + r"(?:got|has\s+got|'s\s+got|has\s+had|was\s+given|has\s+been\s+given|is|'s)\s+"
    r"(?:the\s+|an?\s+)?all[- ]clear\b"
)
"""Given the all-clear by a doctor: "mom got the all clear from the oncologist"."""
_SYMPTOM_GONE = gated(
    # Any illness the household names, ended: "emma's fever is gone", "mum's chest
    # infection has cleared", "the kids' colds are finally gone", "his cough's cleared up".
    rf"^\s*'s\s+(?:{SICKNESS_ADJ}\s+)*(?:{DISEASES})(?:\s+|'s\s+)"
    r"(?:(?:finally|has|have|is|are|'s|all|now|completely|totally|fully)\s+)*"
    r"(?:broke|broken|gone|went\s+down|down|cleared(?:\s+up)?|clearing(?:\s+up)?|scabbed(?:\s+over)?|"
    r"(?:is\s+)?over)\b|"
    # "Mum's chest is much clearer", "his breathing's a lot better", "hubby's back is loads
    # better": the trouble easing (a back "is back" is not a return home).
    r"^\s*'s\s+(?:chest|cough|breathing|rash|skin|eczema|eyes?|ear|tummy|stomach|wound|back|"
    r"knee|hip|ankle|foot|leg|arm|shoulder|neck|throat|head|hand|wrist)\s*"
    r"(?:is|are|'s|has\s+got|has)?\s+(?:(?:much|a\s+lot|way|so\s+much|loads|far|already)\s+)?"
    r"(?:clearer|better|improved|improving|clearing\s+up|cleared\s+up|healing)\b|"
    # "Carol's hip replacement went fine": a joint put in new, as an operation.
    r"^\s*'s\s+(?:(?:hip|knee|shoulder|joint|valve|cataract)\s+(?:replacement|surgery|operation|op)|"
    r"surgery|operation|op|procedure)\s+(?:went|was|is\s+done\s+and\s+went)\s+"
    r"(?:really\s+|very\s+|so\s+)?(?:well|fine|great|ok|okay|smoothly|perfectly)\b"
)
"""The member's symptom ended or their operation went well: "dad's fever broke overnight",
"my dad's surgery went fine"."""
# "doing great", "feeling much better": how someone is doing. Negated, it is the opposite.
_DOING = gated(
    _PRE
    + r"(?:(?:is|are|'s|isn't|aren't|seems?\s+to\s+be)\s+)?(?P<neg>not\s+|n't\s+)?(?:doing|feeling|feels?|recovering|healing|keeping)\s+"
    # "feeling loads better", "heaps better" (British, Australian): by how much.
    r"(?:(?:much|a\s+lot|way|so\s+much|really|pretty|so|very|too|a\s+little|a\s+bit|loads|lots|"
    r"heaps|tons|miles|far)\s+)*"
    r"(?:great|good|well|better|fine|alright|all\s+right|okay|ok|nicely|steadily)\b"
    # "feeling good about the move", "doing great in school": a mood or a report card.
    r"(?!\s+(?:about|at|in|with|for|on|than)\b)"
)
_NOT_DOING = gated(r"^\s*(?:isn't|aren't|is\s+not|are\s+not|'s\s+not)\s+")
# "got over a cold", "recovered from the flu": well again.
_RECOVERED = gated(
    _PRE + r"(?:(?:got|is|are|'s|has\s+gotten|have\s+gotten)\s+over|"
    r"(?:(?:has|have|is|are|'s)\s+)?(?:fully\s+|completely\s+|now\s+)?recovered\s+from|"
    r"(?:is|are|'s)\s+(?:all\s+|both\s+|fully\s+)?over|beat|has\s+beaten)\s+"
    rf"(?:a\s+|the\s+|an\s+|his\s+|her\s+|their\s+)?(?:{SICKNESS_ADJ}\s+)*(?:{DISEASES})\b"
)
_RECOVERED_NOW = gated(
    _PRE + r"(?:has|have|'s|'ve)\s+(?:(?:now|fully|completely|finally|totally|almost)\s+)*"
    r"recovered\b(?!\s+(?:from|the|his|her|their|a|my)\b)"
)
"""Recovered with no illness named: "my papa has recovered fully, thank God"."""
_STATUS_CANON = {
    "ill": "sick",
    "poorly": "sick",  # British
    # A carer's note: "Mum: feverish since lunch", "dad is bedridden again".
    "feverish": "sick",
    "nauseous": "sick",
    "chesty": "sick",  # British carers: "very chesty today"
    "bedridden": "sick",
    "peaky": "sick",
    "unwell": "sick",
    "under the weather": "sick",
    "throwing up": "sick",
    "coughing": "sick",
    "vomiting": "sick",
    "puking": "sick",
    "contagious": "sick",
    "better": "well",
    "fine": "well",
    "ok": "well",
    "okay": "well",
    "recovered": "well",
    "traveling": "away",
    "travelling": "away",
    "out of town": "away",
    "out of station": "away",
    "abroad": "away",
    "overseas": "away",
    "moved back home": "home",
    "at home": "home",
    "back at home": "home",
    "on a trip": "away",
    "at camp": "away",
    "back": "home",
    "back to normal": "well",
    "out of the hospital": "well",
    "out of hospital": "well",
    "healthy": "well",
    "in remission": "well",
    "on the mend": "well",
    # The catalogue's words are sick, well, away and home: a hospital stay is being sick.
    "in the hospital": "sick",
    "in hospital": "sick",  # British and non-native usage
    "out of surgery": "well",
    "out of intensive care": "well",
    "out of icu": "well",
    "out of hdu": "well",
    "out of high dependency": "well",
    "hospitalized": "sick",
    "admitted to hospital": "sick",
    "admitted to the hospital": "sick",
    "admitted in hospital": "sick",
    "admitted in the hospital": "sick",
    "admitted into hospital": "sick",
    "admitted into the hospital": "sick",
    "hospitalised": "sick",
    "admitted": "sick",
    "hurt": "injured",
    "in a cast": "injured",
}


VERBLESS = gated(
    r"^\s*(?:(?:still|now|both|all)\s+)?(?=(?:away|home|sick|ill|poorly|unwell|off\s+sick|out\s+sick|back\s+home|back\s+from|"
    # A note's "Ella fine now", "Grandad much better" (not "fine with that", "fine by me").
    r"(?:fine|(?:much\s+|a\s+lot\s+|loads\s+|slightly\s+|a\s+(?:bit|little)\s+)?better)"
    r"(?!\s+(?:with|by|for|to|than|at|in)\b)|"
    r"(?:back\s+)?in\s+(?:the\s+)?(?:hospital|icu|hospice|rehab)|out\s+of\s+town|at\s+|"
    # A symptom under way with its "is" left out, as a tired parent types it: "kid puking",
    # "baby throwing up again", "mum coughing all night".
    r"(?:puking|vomiting|throwing\s+up|coughing|wheezing)(?!\s+(?:up\s+)?(?:blood\b)))\b)"
)
"""What a status line says of a member without its verb: "husband away till Sunday",
"kids at grandma's this week", "son home sick today", "emma still sick" ("still" or "now"
may come between, as after "is")."""


_SYMPTOM_WORSE = gated(
    # Any illness the household names come back: "Nana's UTI is back", "his croup is worse".
    rf"^\s*'s\s+(?:{DISEASES}|rash|pain|breathing|sugar|"
    # ("her fever's back": the verb run on to the symptom)
    r"blood\s+pressure|bp)(?:\s+|(?='s\s))(?:(?:is|are|has|have|'s|got|gotten|keeps)\s+)*(?:(?:a\s+lot|much|even|way)\s+)?"
    r"(?:worse|getting\s+worse|back|came\s+back|come\s+back|returned|up\s+again|spiking|higher|"
    # "her temperature spiked again", "his temp's shot up": a fever now.
    r"spiked|shot\s+up|(?:gone|went)\s+up|through\s+the\s+roof|"
    r"bad\s+again|not\s+(?:going\s+)?"
    r"down)\b"
)
"""The member's symptom worse or back: "dad's cough is worse", "her fever is back" (the
mirror of a symptom gone)."""


OFF_SICK = gated(
    _PRE + r"(?:is|are|'s|was|were|has\s+been|have\s+been|'s\s+been)\s+(?:still\s+|now\s+)?"
    # The place may go unsaid: "jonah's off today with a tummy bug", "she's out with flu".
    r"(?:off|home|out)\s+(?:(?:of\s+|from\s+)?(?:school|nursery|daycare|preschool|work|college|uni)\s+)?"
    # The day between: "off school today with a temp", "home from nursery again w/ a cough".
    r"(?:(?:today|again|tomorrow|this\s+week|all\s+week|since\s+\w+)\s+)?"
    rf"(?:sick|ill|poorly|unwell|with\s+(?:a\s+|the\s+|an\s+)?(?:{SICKNESS_ADJ}\s+)*(?:{DISEASES}))\b"
)
"""Kept off school or work by an illness: "sophie's been off school with a cough"."""
_AND_THEN = gated(
    r"\s+and\s+(?=(?:has|have|is|are|got|caught|came|running|'s|seems|looks|feels)\b)"
)
"""A second predicate of the same member: "the baby is teething and has a fever"."""


_BACK_AFTER_ILLNESS = gated(
    _PRE + r"(?:is|are|'s|was|were)\s+(?:finally\s+|all\s+|both\s+)*back\s+(?:at|to|in)\s+"
    r"(?:school|work|daycare|preschool|nursery|class)\s+(?:(?:today|again|now|this\s+morning)\s+)?after\s+(?:(?:being|a\s+week|two\s+days|"
    r"a\s+few\s+days|days)\s+)?(?:(?:off|out|home|sick|ill|poorly|in\s+bed)\b|(?:\w+\s+){0,3}?"
    rf"(?:{DISEASES})\b)"
)
"""Back at school or work after an illness is well again: "the kids are back at school after
being off with flu", "he's back at work after the stomach bug"."""


BACK_TO_SCHOOL = gated(
    _PRE
    # ("is back to school today" stays no status: the term starting, ``_member_status``.)
    + r"(?:(?:is|are|'s|'re)\s+(?:finally\s+|all\s+|both\s+)*back\s+at|(?:went|(?:has|have|'s|'ve)\s+"
    r"gone)\s+back\s+to)\s+(?:school|daycare|preschool|nursery|kindergarten|kindy)"
    r"(?:\s+(?:today|again|now|this\s+morning|at\s+last|finally))*\W*$"
)
"""A child back at school, said as the whole news ("Maya's back at school", "emma went back
to school today"): well enough to go again. Not with where ("back at school in Boston", a
term away), a day ahead ("back at school monday", a plan) or uni ("went back to uni");
``TERM_AWAY`` in the message makes it a term begun ("…, dropped her at the dorm")."""
TERM_AWAY = gated(r"\b(?:dorms?|halls|campus|boarding|uni|university|college|term\s+starts?)\b")


_WENT_BACK_TO_STUDY = gated(
    _PRE + r"went\s+back\s+to\s+(?:uni|university|college|boarding\s+school)\b"
)
"""Gone back to study, said in the simple past ("my daughter went back to college on
sunday"): away there now, as "has gone back to uni" is (a year long ago makes it a story,
which the clause's tense tells)."""


def member_status(rest: str) -> str | None:
    """The catalogue status said of the member in ``rest``, or None."""
    rest = spelled_out(rest)
    if _BACK_AFTER_ILLNESS.search(rest) or symptom_settled(rest) or _SYMPTOM_GONE.match(rest):
        return "well"
    said = _member_status(rest)
    if said == "well" and OUT_OF_CARE.search(rest) and AND_HOME.search(rest):
        return "home"
    if said is None and (AWAY_DOING.search(rest) or _WENT_BACK_TO_STUDY.match(rest)):
        return "away"
    if said is None and BACK_TO_SCHOOL.match(rest):
        return "well"
    if said is None and (
        ADMITTED_WITH.search(rest)
        or TAKEN_IN.search(rest)
        or OFF_SICK.search(rest)
        or DISCHARGE_AHEAD.search(rest)
    ):
        return "sick"
    if said is None and (m := _AND_THEN.search(rest)) is not None:
        # Only an illness said after "and": "is fine and has a new bike" says no status.
        after = " " + rest[m.end() :]
        if HAS_ILLNESS.search(after) or COMING_DOWN.search(after):
            return "sick"
        if condition_said(after.strip()) == "sick":
            return "sick"  # "slept badly and is a bit wheezy today"
        if _member_status(after) in ("sick", "well", "home"):
            # "had a fall last week and is in the hospital", "had a scare and is fine now":
            # what happened, then how the member is ("had his hip done and is home").
            return _member_status(after)
    return said if said is not None else condition_said(rest)


def _member_status(rest: str) -> str | None:
    if (
        _NOT_SICK.search(rest)
        or _ALL_CLEAR.search(rest)
        or _RECOVERED.search(rest)
        or _RECOVERED_NOW.search(rest)
        or DISCHARGED.search(rest)
        or CAME_OUT.search(rest)
    ):
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
        elif said.startswith(("confined ", "hospitalised ", "hospitalized ")):
            st = "sick"
        elif " own " in said:
            st = "home"
        elif said.startswith("back to "):
            st = "well"
        elif (
            said.startswith(("at ", "back at ", "away at ", "back in ", "gone back "))
            and st != "home"
        ):
            st = "away"
        if st == "home" and (_SICK_WORD.search(rest) or HOME_WITH.search(rest)):
            st = "sick"  # "home with a cold", "home from nursery again with a cough"
        return st
    if HAS_ILLNESS.search(rest) or COMING_DOWN.search(rest):
        return "sick"
    if _SYMPTOM_GONE.match(rest):
        return "well"
    if _SYMPTOM_WORSE.match(rest):
        return "sick"
    return None
