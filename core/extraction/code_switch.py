"""English mixed with Spanish, Hindi or Tagalog, its other language's function words glossed.

People who switch languages mid-sentence keep the English rules' nouns (places, firms,
bills) but say the frame in the other language: "estoy en Madrid this week, back el
viernes", "mi mamá está enferma", "trabajo en Amazon now", "nos mudamos to Phoenix next
month", "Netflix cancel kar diya", "abhi office mein hoon", "nanay ko is in the hospital".
The rules read English, so ``glossed`` puts the frame into English where its words can mean
nothing else: a relative after a possessive ("mi hijo", "mis papás", "mera bhai", "anak
ko"), being somewhere ("estoy en", "office mein hoon", "ghar pe hoon"), being ill ("está
enferma", "tiene fiebre", "ko fever hai"), working, moving and arriving said in Spanish,
Spanish days and "mañana", "hoy", "ayer", and Hindi's light verbs of an act done ("cancel
kar diya", "cancel ho gaya", "discharge kar diya", "Infosys join kar liya", "Hyderabad shift
ho gaye"), a place by its name with "mein hoon" ("Mumbai mein hoon"), a bill come ("bill
aaya hai") and the day it must be paid by ("15 tak bharna hai"). A word that is also English or means
two things is read by what is around it or left alone: Hindi "kal" is yesterday after a
past verb ("paid the insurance kal") and tomorrow after "will", else left; Tagalog "ate" is a sister
and a past tense, Spanish "la mañana" is the morning.
"""

from __future__ import annotations

import re

from core.extraction.word_gates import WordGated, gated

_SPANISH_KIN = {
    "mamá": "mom", "mama": "mom", "mami": "mom", "madre": "mother", "papá": "dad",
    "papi": "dad", "padre": "father", "hijo": "son", "hija": "daughter", "esposo": "husband",
    "marido": "husband", "esposa": "wife", "hermano": "brother", "hermana": "sister",
    "tía": "aunt", "tia": "aunt", "tío": "uncle", "tio": "uncle", "suegra": "mother-in-law",
    "suegro": "father-in-law", "novio": "boyfriend", "novia": "girlfriend",
    "hijos": "kids", "niños": "kids", "ninos": "kids", "papás": "parents", "papas": "parents",
    "padres": "parents", "hermanos": "siblings",
}  # fmt: skip
_SPANISH_ONLY = {
    k: v
    for k, v in _SPANISH_KIN.items()
    if k not in {"mama", "mami", "madre", "papi", "padre", "papas", "padres", "tia", "tio"}
}
_HINDI_KIN = {
    "bhai": "brother", "bhaiya": "brother", "didi": "sister", "behen": "sister",
    "bahen": "sister", "beti": "daughter", "beta": "son", "biwi": "wife", "pati": "husband",
    "papa": "dad", "mummy": "mom", "maa": "mom", "mummy ji": "mom", "papa ji": "dad",
}  # fmt: skip
_TAGALOG_KIN = {
    "nanay": "mom", "tatay": "dad", "anak": "kid", "asawa": "partner", "kapatid": "sibling",
    "lola": "lola", "lolo": "lolo", "tita": "tita", "tito": "tito",
}  # fmt: skip


def _alternatives(words: dict[str, str]) -> str:
    return "|".join(sorted(map(re.escape, words), key=len, reverse=True))


_KIN = gated(
    # "mi hijo", "mis papás" (Spanish); "mera bhai", "meri beti" (Hindi); "my suegra".
    rf"\b(?:(?P<es>mis?)\s+(?P<es_kin>{_alternatives(_SPANISH_KIN)})|"
    # "my suegra", "my hijo": after the English possessive, only words English lacks (not
    # "my mama", "my Padres").
    rf"my\s+(?P<my_kin>{_alternatives(_SPANISH_ONLY)})|"
    rf"(?P<hi>mera|meri|mere)\s+(?P<hi_kin>{_alternatives(_HINDI_KIN)})|"
    # "nanay ko" (Tagalog: the possessive after the noun).
    rf"(?P<tl_kin>{_alternatives(_TAGALOG_KIN)})\s+ko)\b",
    re.I,
)
_DONE_WORDS = (
    r"finish(?:ed)?|complete(?:d)?|done|khatam|khatm|khtm|poora|pura|poori|puri|submit(?:ted)?"
)
"""What a piece of work is when "ho gaya" follows: finished ("khatam ho gaya", "complete ho
gaya", "done ho gaya")."""
_WORK_WORDS = (
    r"(?:launch|release|migration|redesign|remodel|renovation|refactor|rewrite|revamp|draft|"
    r"thesis|dissertation|project|website|site|app|report|edit|build|deploy|deployment|"
    r"rollout|upgrade|cleanout|submission|assignment|essay|proposal|deck|paper|chapter|"
    r"integration|prototype|campaign|pitch|manuscript|setup|move)"
)
"""Words that name a piece of work, after which "ho gaya" alone says it got done."""
_PHRASES: list[tuple[WordGated, str]] = [
    (gated(p, re.I), english)
    for p, english in (
        # Being somewhere: "estoy en Madrid", "estamos en casa", "abhi office mein hoon".
        (r"\bestoy\s+en\s+casa\b", "I'm at home"),
        (r"\bestamos\s+en\s+casa\b", "we're at home"),
        (r"\bestoy\s+en\b", "I'm in"),
        (r"\bestamos\s+en\b", "we're in"),
        (r"\b(?:ghar|home)\s+(?:pe|par)\s+(?:hi\s+)?(?:hoon|hu|hun)\b", "I'm at home"),
        (
            r"\b(?:abhi\s+)?(?P<place>office|hospital|station|airport|ghar)\s+(?:mein|me|mai)\s+hoon\b",
            "I'm at the \\g<place>",
        ),
        # "main abhi Mumbai mein hoon": a place by its name, "I'm in" it; "Rahul Dubai mein
        # hai": someone else is.
        (
            r"\b(?:main\s+)?(?:abhi\s+)?(?P<place>[A-Z][a-z]+)\s+(?:mein|me|mai)\s+(?:hoon|hu|hun)\b",
            "I'm in \\g<place>",
        ),
        (
            r"\b(?:hum(?:\s+log)?\s+)?(?:abhi\s+)?(?P<place>[A-Z][a-z]+)\s+(?:mein|me|mai)\s+hain\b",
            "we're in \\g<place>",
        ),
        (r"\b(?:abhi\s+)?(?P<place>[A-Z][a-z]+)\s+(?:mein|me|mai)\s+hai\b", "is in \\g<place>"),
        # Coming back, moving and joining said with Hindi's verbs: "kal wapas aa raha hoon",
        # "hum log Hyderabad shift ho gaye", "maine Infosys join kar liya" (a firm by its
        # capital: "maine course join kar liya" joined no employer).
        (
            r"\bkal\s+wapas\s+aa\s+(?:raha|rahi|rahe)\s+(?:hoon|hu|hun|hain)\b",
            "I'm coming back tomorrow",
        ),
        (r"\bwapas\s+aa\s+(?:raha|rahi|rahe)\s+(?:hoon|hu|hun|hain)\b", "I'm coming back"),
        (
            r"\bhum(?:\s+log)?\s+(?P<place>[A-Z][a-z]+)\s+shift\s+ho\s+(?:gaye|gye|gaya)\b",
            "we moved to \\g<place>",
        ),
        (
            r"\b(?:main|mai)\s+(?P<place>[A-Z][a-z]+)\s+shift\s+ho\s+(?:gaya|gayi|gya|gyi)\b",
            "I moved to \\g<place>",
        ),
        (
            r"\bmaine\s+(?P<firm>(?-i:[A-Z])[\w&]+(?:\s+(?-i:[A-Z])[\w&]+)?)\s+join\s+(?:kar|kr)\s+(?:liya|lia|li)\b",
            "I joined \\g<firm>",
        ),
        # Being ill: "está enferma", "tiene fiebre", "papa ko fever hai".
        (r"\b(?:está|esta)\s+(?:enferm[oa]|malit[oa])\b", "is sick"),
        (r"\b(?:están|estan)\s+enferm[oa]s\b", "are sick"),
        # "papa ki tabiyat theek nahi hai", "meri tabiyat kharab hai": unwell.
        (
            r"\b(?:meri|mera)\s+tabiyat\s+(?:(?:theek|thik|thk)\s+nahi?n?|kharab)\s+hai\b",
            "I'm sick",
        ),
        (
            r"\b(?P<who>[a-z]+)\s+ki\s+tabiyat\s+(?:(?:theek|thik|thk)\s+nahi?n?|kharab)\s+hai\b",
            "\\g<who> is sick",
        ),
        (r"\btiene\s+(?:fiebre|calentura)\b", "has a fever"),
        (r"\btiene\s+gripe\b", "has the flu"),
        (
            r"\b(?P<who>[a-z]+)\s+ko\s+(?:thoda\s+|bahut\s+)?(?:fever|bukhar)\s+hai\b",
            "\\g<who> has a fever",
        ),
        # A place closed: "la escuela está cerrada".
        (r"\b(?:la\s+)?escuela\s+(?:está|esta)\s+cerrada\b", "the school is closed"),
        # Working, moving, arriving said in Spanish, at a clause's head.
        (r"(?:^|(?<=[,.!?;]\s))(?:ahora\s+)?trabajo\s+en\b", "I work at"),
        (r"(?:^|(?<=[,.!?;]\s))trabajo\s+desde\s+casa\b", "I'm working from home"),
        (r"\bnos\s+mudamos\s+(?:a|to)\b", "we're moving to"),
        (r"\bme\s+mudo\s+(?:a|to)\b", "I'm moving to"),
        (r"\bme\s+mudé\s+(?:a|to)\b", "I moved to"),
        (r"\bacabo\s+de\s+llegar\s+(?:a|to)\b", "I just got to"),
        # "ya llegamos a Guadalajara", "ya llegué a Lima": arrived, now there.
        (r"\bya\s+llegu[ée]\s+(?:a|to)\b", "I just got to"),
        (r"\bya\s+llegamos\s+(?:a|to)\b", "we just got to"),
        (r"\bacabamos\s+de\s+llegar\s+(?:a|to)\b", "we just got to"),
        (r"\bya\s+pagu[ée]\b", "I already paid"),
        # A bill come: "bill aaya hai" (the day it is owed by, "15 tak bharna hai", below).
        (r"\b(?P<bill>bill)\s+(?:aaya|aya|aa\s+gaya)(?:\s+hai)?\b", "\\g<bill> came"),
        # "regresamos el domingo": back on Sunday.
        (r"\bregres(?:amos|o)(?=\s+el\b)", "back"),
        # A piece of work done, said in Hindi, Spanish or Tagalog: "app launch finished ho
        # gaya", "thesis khatam ho gaya", "the migration ya está lista", "podcast edit ya
        # quedó", "tapos na yung thesis". The name stays English and the project rules judge
        # it, as "X is done" (never a project called "ho gaya yaar"); "ho gaya" alone follows
        # only a word of work ("kitchen remodel finally ho gaya"): "late ho gaya", "theek ho
        # gaya" are being late and well.
        (
            rf"\s+(?:{_DONE_WORDS})\s+ho\s+(?:gaya|gayi|gai|gya|gyi|gaye)\b",
            " is done",
        ),
        (
            rf"\b(?P<work>{_WORK_WORDS})(?:\s+(?:finally|aakhir|aakhirkar|aaj|bhi))?"
            r"\s+ho\s+(?:gaya|gayi|gai|gya|gyi|gaye)\b",
            "\\g<work> is done",
        ),
        (
            rf"\b(?P<work>{_WORK_WORDS})\s+(?:ya\s+)?(?:está|esta|is)\s+(?:ya\s+)?"
            r"(?:list[oa]|terminad[oa]|acabad[oa])\b",
            "\\g<work> is done",
        ),
        (
            rf"\b(?P<work>{_WORK_WORDS})\s+ya\s+(?:qued[óo](?:\s+list[oa])?\b|"
            r"est[áa](?=\s*(?:[,.!;]|$)))",
            "\\g<work> is done",
        ),
        (
            rf"\b(?P<work>{_WORK_WORDS})\s+tapos\s+na\b"
            r"(?!\s+(?:ang|yung|ung|ng|ko|kami|kayo|sila|ako|ba)\b)",
            "\\g<work> is done",
        ),
        (
            rf"\btapos\s+na\s+(?:yung|ung|ang)\s+(?P<work>(?:[a-z][\w-]*\s+){{0,2}}{_WORK_WORDS})"
            r"(?:\s+(?:ko|namin|natin))?(?=\s*(?:[,.!;]|$))",
            "the \\g<work> is done",
        ),
        # "el app redesign", "la migración": the Spanish article before a piece of work.
        (
            rf"(?-i:\b(?:[Ee]l|[Ll]a))\s+(?=(?:[a-z][\w-]*\s+){{0,2}}{_WORK_WORDS}\b)",
            "the ",
        ),
        # Whose it is, said in Hindi before an English noun: "mera project" is mine, "uska
        # project" and "Priya ka app launch" someone else's (kin after "mera" are read above).
        (r"\b(?:mera|meri)\b", "my"),
        (r"\b(?:hamara|hamari|hamare)\b", "our"),
        (r"\b(?:uska|uske)\b", "his"),
        (r"\buski\b", "her"),
        (r"\b(?:unka|unki|unke)\b", "their"),
        (r"(?-i:\b(?P<who>[A-Z][a-z]+))\s+(?:ka|ki|ke)\s+(?=[a-z])", "\\g<who>'s "),
        # Hindi's light verbs of an act done: "Netflix cancel kar diya", "plan cancel ho gaya".
        (r"\bcancel\s+(?:kar|kr)\s+(?:diya|dia|diye|di)\b", "is cancelled"),
        (r"\bcancel\s+ho\s+(?:gaya|gayi|gai|gaye)\b", "got cancelled"),
        (
            r"\b(?P<who>[a-z]+)\s+ko\s+(?:hospital\s+se\s+)?discharge\s+(?:kar|kr)\s+(?:diya|dia|diye|di)\b",
            "\\g<who> was discharged",
        ),
        # Days and "today": "back el viernes", "hasta el 15", "mañana" (not "la mañana").
        # "If", opening a clause before its subject or verb: "si no llueve", "si nos mudamos".
        # "si consigo vacaciones", "si tengo tiempo": also before a verb of the one asking.
        (
            r"(?:^|(?<=[,.!?;]\s))si\s+(?=(?:no|nos|me|te|mi|mis|el|la|I|we|you|it|my|the|consigo|"
            r"tengo|puedo|podemos|tenemos|hay|quiero|puedes|tienes|llueve)\b)",
            "if ",
        ),
        # A condition and a wish: Hindi "agar … toh …" (if … then …), Spanish "ojalá".
        (
            r"\bagar\b(?P<cond>[^,.!?;]*?)(?:,?\s+toh?\b)",
            "if\\g<cond>,",
        ),
        (r"\bagar\b", "if"),
        (r"\bojal[áa]\b", "I wish"),
        # Leaving for somewhere: "salgo para Miami", "salimos pa' Cancún".
        (r"\bsalgo\s+(?:para|pa'?)\b", "I'm leaving for"),
        (r"\bsalimos\s+(?:para|pa'?)\b", "we're leaving for"),
        # Tagalog's days: "kanina" (earlier today: "just arrived today" is news now, where
        # "just arrived earlier today" reads as a story), "kahapon" (yesterday).
        (r"\bkanina\b", "today"),
        (r"\bkahapon\b", "yesterday"),
        # A diet said with its Spanish ending: "vegetariana", "vegano".
        (r"\bvegetarian[ao]s?\b", "vegetarian"),
        (r"\bvegan[ao]s?\b", "vegan"),
        (r"\bahora\b", "now"),
        # Tagalog's "here I am", "here we are": "nandito pa ako sa Baguio".
        (r"\b(?:nandito|andito|nandiyan|nandyan)\s+(?:pa\s+|na\s+)?ako\b", "I'm"),
        (r"\b(?:nandito|andito|nandiyan|nandyan)\s+(?:pa\s+|na\s+)?kami\b", "we're"),
        # Tagalog's "na" (already) after "here": "here na sa Davao" is being there now.
        (r"\bhere\s+na\b", "here now"),
        # Tagalog's "sa" before a place's name: "a job sa Dubai", "nasa hotel kami sa Cebu".
        (r"(?-i:(?<![A-Za-z'])sa\s+(?=[A-Z][a-z]))", "in "),
        # The bills named in Spanish: "ya pagué la renta", "la luz is due friday".
        (r"\bla\s+renta\b", "the rent"),
        (r"\bla\s+luz\b", "the electric bill"),
        (r"(?<!\bla\s)(?<!\bde\s)(?<!\bpor\s)\bmañana\b", "tomorrow"),
        (r"\bhoy\b", "today"),
        (r"\bayer\b", "yesterday"),
        (r"\besta\s+semana\b", "this week"),
        (r"\bla\s+pr[óo]xima\s+semana\b", "next week"),
        (r"\bel\s+pr[óo]ximo\s+mes\b", "next month"),
    )
]
_CUE = gated(
    rf"\b(?:{_alternatives(_SPANISH_ONLY)}|si|mis?|mera|meri|mere|ko|estoy|estamos|est[áa]n?|tiene|escuela|trabajo|nos|me|acabo|"
    r"acabamos|ya|kar|kr|ho|list[oa]|tapos|uska|uske|uski|unka|unki|unke|hamara|hamari|hamare|ka|ki|ke|hoon|hu|hun|hai|hain|tabiyat|wapas|aaya|aya|tak|regresamos|regreso|el|hasta|mañana|hoy|ayer|esta|la|kal|sa|agar|ojal[áa]|salgo|salimos|kanina|kahapon|vegetarian[ao]s?|vegan[ao]s?|ahora|nandito|andito|nandiyan|nandyan)\b",
    re.I,
)


_DAY_NAMES = {
    "lunes": "Monday", "martes": "Tuesday", "miercoles": "Wednesday", "miércoles": "Wednesday",
    "jueves": "Thursday", "viernes": "Friday", "sabado": "Saturday", "sábado": "Saturday",
    "domingo": "Sunday",
}  # fmt: skip
_DAY = gated(
    r"\b(?:(?P<lead>until|till|til|hasta|by|since|from|before|after|para)\s+)?el\s+"
    rf"(?P<day>{_alternatives(_DAY_NAMES)})\b",
    re.I,
)
""""back el viernes": on Friday; "until el domingo", "hasta el lunes": until Sunday, Monday."""
_LEADS = {"hasta": "until", "para": "by"}
_KAL = gated(r"\bkal\b(?!\s+(?:se|ki|ka|ke)\b)", re.I)
""""kal": yesterday or tomorrow, told apart by the English verb before it in its clause."""
_CLAUSE_START = gated(r"[^,.!?;]*$")
_PAST_VERB = gated(
    r"\b(?:paid|got|went|came|left|reached|landed|bought|sent|had|did|was|were|took|gave|saw|"
    r"met|ate|flew|drove|arrived|\w{3,}ed)\b",
    re.I,
)
_WILL = gated(r"\b(?:will|'ll|going\s+to|gonna|shall)\b", re.I)
_UNTIL_DAY = gated(r"\bhasta\s+el\s+(?P<d>[1-9]|[12]\d|3[01])\b(?!\s*[%\d:])", re.I)
""""hasta el 15": until the 15th."""
_PAY_BY_DAY = gated(
    r"\b(?P<d>[1-9]|[12]\d|3[01])\s+tak\s+(?:bharna|bharni|bhar\s+dena|pay\s+karna)\s+hai\b", re.I
)
""""15 tak bharna hai": due by the 15th."""


def glossed(text: str) -> str:
    """``text`` with the Spanish, Hindi and Tagalog frame around its English put into
    English (see the module's doc); English alone comes back as it was."""
    if _CUE.search(text) is None:
        return text
    out = _KIN.sub(_kin, text)
    for pattern, english in _PHRASES:
        out = pattern.sub(english, out)
    out = _KAL.sub(_kal, _DAY.sub(_day, out))
    out = _PAY_BY_DAY.sub(lambda m: f"due by the {_ordinal(int(m.group('d')))}", out)
    return _UNTIL_DAY.sub(lambda m: f"until the {_ordinal(int(m.group('d')))}", out)


def _kal(m: re.Match[str]) -> str:
    before = _CLAUSE_START.search(m.string, 0, m.start())
    head = before.group() if before is not None else ""
    if _WILL.search(head):
        return "tomorrow"
    if _PAST_VERB.search(head):
        return "yesterday"
    return m.group()


def _day(m: re.Match[str]) -> str:
    day = _DAY_NAMES[m.group("day").lower()]
    lead = m.group("lead")
    if lead is None:
        return f"on {day}"
    return f"{_LEADS.get(lead.lower(), lead)} {day}"


def _ordinal(day: int) -> str:
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


def _kin(m: re.Match[str]) -> str:
    if m.group("es_kin"):
        return "my " + _SPANISH_KIN[m.group("es_kin").lower()]
    if m.group("my_kin"):
        return "my " + _SPANISH_KIN[m.group("my_kin").lower()]
    if m.group("hi_kin"):
        return "my " + _HINDI_KIN[m.group("hi_kin").lower()]
    return "my " + _TAGALOG_KIN[m.group("tl_kin").lower()]
