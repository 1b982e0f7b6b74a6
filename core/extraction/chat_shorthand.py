"""Chat shorthand read as the words it stands for, before any rule reads the message.

Three kinds of it, each mended only where the word typed cannot stand:

- a phone's autocorrect putting in a real word that sounds like the one meant: "my sun has
  a fever", "I'm of to Chicago", "I quite my job", "rent is dew friday", "wear are you",
  "home with the flew", "payed the rent", "sick all weak";
- the shorthand of a hurried text: "flight cxld", "pd rent", "bk sun", "lv for ATL at 7",
  "wyd", "wya", "hbu", "nxt wk", "ooo til the 12th".

Pure and cheap: one search for the words first, most messages have none.
"""

from __future__ import annotations

import re
from functools import partial

from core.extraction.word_gates import WordGated, gated

_ANY = gated(
    r"\b(?:sun|of|quite|dew|wear|flew|flue|payed|weak|cxld|cxl'?d|canx|cncld|cnxld|pd|bk|lv|"
    r"sik|sikk|sicc|sickk|betr|bettr|beter|bettter|bettar|betta|bettah|wyd|wya|hbu|wbu|nxt|ooo|guess|intil|untill|unitl|untl|leave|hospitable|rant|thirsty|flt|n|and|wait|batter|w|hopping|popping|nipping|at|next|base|sch|skl|b'?days?|lowkey|highkey|deadass)\b|\s&\s|@",
    re.I,
)
_SUBJECT = r"(?:i|you|u|we|he|she|they|it|my|our|his|her|their|the|this|that)"
_MENDS: tuple[tuple[WordGated, str], ...] = (
    # "my sun has a fever": a son is someone's and does things; the sun is no one's.
    (
        gated(
            r"(?P<lead>\b(?:my|our|his|her|ur|your)\s)sun(?=(?:'s)?\s+(?:has|is|was|got|had|"
            r"threw|feels|felt|isn't|wasn't|woke|came|just|still|needs|caught|broke)\b)",
            re.I,
        ),
        "son",
    ),
    # "I'm of to Chicago", "we're of tomorrow": being "of" somewhere cannot be said.
    (
        gated(
            r"(?P<lead>\b(?:i'm|im|we're|i\s+am|we\s+are|be|heading|head|headed)\s)of"
            r"(?=\s+(?:to\s+(?!be\b)|for\b|work\b|sick\b|today\b|tomorrow\b|tonight\b|"
            r"till?\b|until\b|now\b|home\b))",
            re.I,
        ),
        "off",
    ),
    # "I quite my job at Walmart": "quite" grades a word after it, never "my job".
    (
        gated(
            r"(?P<lead>\b(?:i|just|finally|officially|we|she|he)\s)quite"
            r"(?=\s+(?:my|his|her|our|the\s+job|today|yesterday|last|on|work|smoking)\b)",
            re.I,
        ),
        "quit",
    ),
    # "rent is dew on friday": a bill due, never drops of water.
    (
        gated(
            r"(?P<lead>(?:\b(?:is|are|was|were|bill|rent|payment|invoice|tuition)|'s)\s)dew\b", re.I
        ),
        "due",
    ),
    # "wear are you guys", "wear r u": a question's where; clothes take an object.
    (
        gated(r"(?:^|(?<=[.!?]\s))wear(?=\s+(?:are|r|is|were|was|did|do|does)\b)", re.I),
        "where",
    ),
    # "home sick with the flew", "has the flue": an illness after "the", not a chimney.
    (
        gated(
            r"(?P<lead>\b(?:the|stomach|a\s+bad)\s)(?:flew|flue)\b(?!\s+(?:to|in|out|from|back|home)\b)",
            re.I,
        ),
        "flu",
    ),
    # "my mom's in the hospitable again": a ward, not a welcome.
    (
        gated(r"(?P<lead>\b(?:the|a)\s)hospitable\b(?!\s+(?:host|people|place|welcome)\b)", re.I),
        "hospital",
    ),
    # "paid the rant for march", "the rant is due on the 1st": the rent, where money is said.
    (
        gated(
            r"(?P<lead>\b(?:paid|pay|paying|owe|the|my|our)\s)rant\b"
            r"(?=\s+(?:for|is|was|'s|due|on|this|next|today|yesterday|of|in|and|\d)\b|\s*$)",
            re.I,
        ),
        "rent",
    ),
    # "flying to Austin on Thirsty": the day autocorrect thirsts for.
    (gated(r"(?P<lead>\b(?:on|till?|until|by|this|next|from)\s)thirsty\b", re.I), "Thursday"),
    # "mom is feeling much batter today": how one is, not what a cake is made of.
    (
        gated(
            r"(?P<lead>\b(?:feeling|feels|felt|is|are|'s|much|lot|bit|way|doing|getting|got)\s)"
            r"batter\b(?!\s+(?:mix|for|up)\b)",
            re.I,
        ),
        "better",
    ),
    # "emma is sik", "still sikk": no word of its own, only sick typed in a hurry.
    (gated(r"\b(?:sik|sikk|sicc|sickk)\b", re.I), "sick"),
    # "feeling betr", "much bettr now", "beter today": better, the letters slipped.
    (gated(r"\b(?:betr|bettr|beter|bettter|bettar)\b", re.I), "better"),
    # "she's feeling betta", "all bettah": better said as it sounds (not "a betta fish").
    (
        gated(
            r"(?P<lead>\b(?:feeling|feels|felt|feelin|is|are|'s|much|lot|bit|way|doing|getting|"
            r"got|all|loads|heaps|tons)\s)(?:betta|bettah)\b(?!\s+fish\b)",
            re.I,
        ),
        "better",
    ),
    # "payed the rent": the nautical word is never said of money.
    (gated(r"\bpayed\b", re.I), "paid"),
    # "sick all weak", "back next weak": a week counted, not a weakness.
    (
        gated(
            r"(?P<lead>\b(?:all|this|next|last|whole)\s)weak\b(?!\s+(?:spot|link|point)\b)", re.I
        ),
        "week",
    ),
)
_SHORT: tuple[tuple[WordGated, str], ...] = (
    # "im lowkey in vegas rn", "we're highkey moving to austin": a teen's "kind of" or
    # "really" between the subject and what it is, which grades nothing a rule reads.
    (
        gated(
            r"\b(?P<lead>(?:i'?m|i\s+am|we'?re|we\s+are|were|they'?re|she'?s|he'?s|u\s+r|ur)\s)"
            r"(?:lowkey|highkey|deadass)\s+(?=(?:in|at|on|so|moving|going|flying|driving|home|back|"
            r"sick|done|stuck|starting|working|leaving|heading|visiting|staying)\b)",
            re.I,
        ),
        "",
    ),
    # "in lisbon intil friday", "untill the 20th": until, slipped or doubled (no other word).
    (gated(r"\b(?:intil|untill|unitl|untl)\b", re.I), "until"),
    # "flight cxld", "trip canx": cancelled.
    (gated(r"\b(?:cxld|cxl'?d|canx|cncld|cnxld)\b", re.I), "cancelled"),
    # "pd rent 2day", "pd the gas bill", "pd mike back": paid, before what was paid.
    (
        gated(
            r"\bpd(?=\s+(?:the|my|our|rent|bills?|back|off|it|in\s+full|[a-z]+\s+bill|"
            r"[a-z]+\s+back)\b)",
            re.I,
        ),
        "paid",
    ),
    # "bk sun nite", "bk home tmrw": back, before when or where.
    (
        gated(
            r"\bbk(?=\s+(?:home|on|by|in|at|from|tomorrow|tmrw|tonight|2nite|today|sat|sun|mon|"
            r"tue|tues|wed|thu|thur|thurs|fri|next|nxt|this|the)\b)",
            re.I,
        ),
        "back",
    ),
    # "lv for ATL @ 7am": leave, before where to or when.
    (gated(r"\blv(?=\s+(?:for|at|@|from|tomorrow|tmrw|tonight|today|on)\b)", re.I), "leave"),
    # "rent pd ✅", "phone bill pd": paid, after what was paid.
    (gated(r"(?P<lead>\b(?:rent|bill|invoice|tuition|deposit)\s)pd\b", re.I), "paid"),
    # "flt 2 dc @ 3": the flight.
    (
        gated(r"\bflts?\b(?=\s+(?:to|2|at|@|is|was|got|home|back|delayed|cancell?ed|\d))", re.I),
        "flight",
    ),
    # "at the ER w my son", "in bed w the flu": with, before whom or what.
    (
        gated(
            r"\bw/?(?=\s+(?:my|the|his|her|our|their|a|an|me|him|them|us|mom|mum|dad|fam|family|"
            r"friends|the\s+kids|kids|covid|flu|strep)\b)",
            re.I,
        ),
        "with",
    ),
    # "Dad's bday meal is off", "gran b'day tea": a birthday, however short.
    (gated(r"\bb'?day(?=s?\b)", re.I), "birthday"),
    # "off sch w/ tummy bug": a hand-over's "w/" is "with" before anything at all.
    (gated(r"\bw/(?!o\b|out\b)(?=\s*[a-z])", re.I), "with "),
    # "off sch today", "pick up from skl": school, after what is done at or to it.
    (
        gated(
            r"(?P<lead>\b(?:off|to|from|at|after|before|for|no|into|outside)\s)(?:sch|skl)\b", re.I
        ),
        "school",
    ),
    # "hopping over to portland for the weekend", "popping down to brighton": going there.
    (
        gated(
            r"\b(?:hopping|popping|nipping|zipping)\s+(?:over|down|up|out|across)?\s*(?=to\s)", re.I
        ),
        "heading ",
    ),
    # A nomad's labelled status: "base: lisbon. next: madeira on the 20th".
    (gated(r"(?:^|(?<=[.!?;,]\s))(?:home\s+)?base\s*:\s*(?=[a-z])", re.I), "based in "),
    (
        gated(
            r"(?:^|(?<=[.!?;,]\s))next\s*:\s*(?=[a-z])"
            r"(?!(?:what|who|where|when|why|how|is|are|do|does|can|up|week|time|step)\b)",
            re.I,
        ),
        "next stop ",
    ),
    # "at practice til 6 then home", "@ work til 5": where the writer is, "I'm" left out.
    (
        gated(
            r"^\W*(?:at|@)(?=\s+(?:the\s+|my\s+|a\s+)?[a-z']+(?:\s+[a-z']+)?\s+(?:til|till|until|rn|"
            r"right\s+now|all\s+day|for\s+now|for\s+the\s+(?:day|night|weekend))\b)",
            re.I,
        ),
        "I'm at",
    ),
    (gated(r"\bwyd\b", re.I), "what are you doing"),
    (gated(r"\bwya\b", re.I), "where are you"),
    (gated(r"\b(?:hbu|wbu)\b", re.I), "how about you"),
    (gated(r"\bnxt\b", re.I), "next"),
    # "ooo til the 12th": out of the office, an absence that holds now.
    (
        gated(
            r"(?:^|(?<=[.!?,;]\s))ooo\b(?=\s+(?:til|till|until|thru|through|today|this|all|on|from|rest)\b)",
            re.I,
        ),
        "I'm out of office",
    ),
    # "cant wait to be in cancun next week": the trip ahead, said as what one longs for.
    (
        gated(
            r"\b(?:i\s+)?(?:can'?t|cannot|can\s+not)\s+wait\s+to\s+(?:be|get)\s+(?:back\s+)?"
            r"(?:in|to)(?=\s+[a-z])",
            re.I,
        ),
        "I'm going to",
    ),
    # "leave for atlanta tomorrow at 7" opening a line: the writer's own departure, the
    # subject left out as notes do ("leaving for atlanta tomorrow" reads so already).
    (
        gated(
            r"(?:^|(?<=[.!?;]\s))leave(?=\s+for\s+(?!(?:the\s+)?(?:day|now|good|ever)\b)[^,.!?;]*?\b"
            r"(?:tomorrow|tmrw|tonight|today|sat|sun|mon|tues?|wed|thu|thurs|fri|"
            r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|next|at\s+\d|@\s*\d|on\s+the\b))",
            re.I,
        ),
        "I leave",
    ),
)
_WE_TWO = gated(
    r"(?:^|(?<=[.!?,;]\s))(?:(?:me|i)\s+(?:n|and|&)\s+(?:my\s+|the\s+)?[a-z]+|"
    r"(?:my\s+|the\s+)?[a-z]+\s+(?:n|and|&)\s+(?:i|me))\s+(?:r|are)\b(?=\s+(?:in|at|on|back|"
    r"home|still|stuck|staying|moving|flying|driving|heading|going|leaving|here|there|finally|"
    r"officially|both|out|off|sick|away)\b)",
    re.I,
)
""""me n jess r in vegas", "gf & i r in tulum", "me and the bf are moving": the writer and
another, one subject: "we are"."""


def _kept_case(typed: str, meant: str) -> str:
    return meant[:1].upper() + meant[1:] if typed[:1].isupper() else meant


def _mended(m: re.Match[str], meant: str) -> str:
    """The match with its word read as meant; a word before it that only tells where the
    slip is (``lead``) stays as typed."""
    lead = m.groupdict().get("lead") or ""
    return lead + _kept_case(m.group()[len(lead) :], meant)


def chat_shorthand(text: str) -> str:
    """``text`` with autocorrect's real-word slips and a texter's shorthand read as the words
    meant."""
    if _ANY.search(text) is None:  # the cheap test first
        return text
    for pattern, meant in _MENDS + _SHORT:
        text = pattern.sub(partial(_mended, meant=meant), text)
    return _WE_TWO.sub("we are", text)
