"""What a clause says when no field rule found anything in it.

The message intent is built from its clauses; a clause that sets no field still
counts, and these checks say how: a past event told as a scene is a story
("I lost my wallet at the mall"), a reaction, a request or a verbless line claims
nothing, and the simple present of a motion verb is a habit, not a trip. They read
the clause's grammar (``ClauseReading``) and its words; no I/O.
"""

from __future__ import annotations

from core.extraction.clause import Clause
from core.extraction.family_status import member_status
from core.extraction.intent import ClauseIntent
from core.extraction.intent_tense import CARE_NOTE, JOB_TAKEN_AT
from core.extraction.linguistics.reading import ClauseReading
from core.extraction.regex_branches import branched
from core.extraction.travel_objects import out_at_a_stop
from core.extraction.travel_presence import ON_A_VEHICLE
from core.extraction.word_gates import gated

_SCENE_CLAUSES = frozenset(
    {
        "advcl:when",
        "advcl:because",
        "advcl:bc",
        "advcl:cause",
        "advcl:after",
        "advcl:before",
        "advcl:while",
    }
)
"""A subordinate clause that sets the event in a moment ("when I heard", "bc my ex
showed up"); a place or moment by preposition is the reading's ``scene``."""


WHEREABOUTS = gated(
    r"^(?:(?:still|now|finally|already|just|currently)\s+)?(?:in|at)\s+(?:the|my|our|a|an)\s+"
    r"(?:[a-z'&-]+\s+){0,2}?(?!(?:morning|afternoon|evening|night|end|meantime|moment|past|"
    r"future|beginning|middle|mood|same|least|most|first|last|time|rain|dark|world|case|"
    r"process|meantime|long\s+run)\b)[a-z'&-]+(?:\s+(?:now|rn|still|atm|already|again))?"
    r"\s*(?:[,!.]|$)"
)
"""A verbless "in the uber now", "at the gate, phone at 4%": where the speaker is, the
"I'm" left out, as in "finally in Tahoe"; not a time ("in the morning") or a frame."""
_RESCHEDULED = gated(
    r"\b(?:moved|pushed|rescheduled|postponed|bumped|shifted|changed|brought\s+forward|preponed|"
    r"put\s+back)\s+(?:back\s+|up\s+)?"
    r"(?:to|till|til|until)\s+(?:\d|noon|next\b|tomorrow|tmrw|tonight|later|"
    r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|the\s+\d)"
)
"""A thing moved to a time: people and households move to places, meetings move to days."""

_AWAITED = gated(r"\bfinally\s+(?:came|arrived|showed\s+up|got\s+here|came\s+in|was\s+delivered)\b")
"""Something waited for that came ("finally came", "finally arrived"): it is here now."""
_HELD_NOW = gated(
    r"^(?:(?:still|now|just|currently|literally)\s+)?(?:stuck|stranded|trapped|held\s+up|"
    r"snowed\s+in)\s+(?:at|in|on|outside|behind)\b"
)
"""A participle of being held somewhere, its "I'm" left out ("stuck at the dmv", "stranded
at the airport"): a state the speaker is in now, not an event told as a scene."""


def episode(clause: Clause, ci: ClauseIntent, reading: ClauseReading | None) -> bool:
    """A past event told as a scene: dated in the past or set at a place and time.

    "I got promoted" and "we returned the rental car" are news whose result holds;
    "I lost my wallet at the mall" and "i won twenty bucks on a scratch ticket" are
    stories. Only a clause no field rule found anything in gets here.
    """
    if not ci.past_event or reading is None:
        return False
    if _RESCHEDULED.search(clause.low):
        return False  # "standup moved to 10": the new time, whoever the tagger took it for
    if JOB_TAKEN_AT.search(clause.low) and not any(t.past for t in clause.times):
        return False  # "my son got a job at Target": a job got is held now, whoever got it
    if reading.subject_person:
        return True  # "my best friend moved to Canada": news of someone else, told
    if _AWAITED.search(clause.low) and not any(t.past for t in clause.times):
        return False  # "the guest bed finally came, just in time": here now, waited for
    if _HELD_NOW.match(clause.low) and not any(t.past for t in clause.times):
        return False  # "stuck at the dmv", "stranded at the airport": a state, held now
    today = clause.at.date()
    if clause.times and all(t.day == today and t.unit == "day" for t in clause.times):
        # "we closed on the house in raleigh today", "got the keys this morning": an event
        # whose result holds, from today, is the news of the day, wherever it happened.
        return False
    return (
        reading.scene
        or any(t.past for t in clause.times)
        or any(c in _SCENE_CLAUSES for c in reading.complements)
    )


_MOTION_VERBS = frozenset({"go", "fly", "drive", "head", "travel", "commute", "walk", "take"})


def habitual_motion(reading: ClauseReading | None, ci: ClauseIntent) -> bool:
    """ "i go to college in boston", "we fly to Denver a lot": a habit, not a trip.

    The simple present of a motion verb plans a trip only with a day named
    ("we fly to Denver on Friday", "we fly to Tahoe today").
    """
    if reading is None or ci.future_time or not reading.simple_present:
        return False
    return reading.verb.split(" ")[0] in _MOTION_VERBS and not reading.modal


_PARENTHETICAL = frozenset({"think", "guess", "suppose", "believe", "reckon", "bet"})


REACTION = branched(
    r"^(?:omg|oh\s+no|oh|aw+|yay|wow|haha+|lol|lmao|ugh|yikes|dang|damn)\b|"
    r"\b(?:congrats|congratulations|condolences|sorry\s+to\s+hear)|"
    # "so sorry" said to someone, not tacked on to news ("we're all sick so sorry").
    r"(?:^|[,.!]\s*|\b(?:i'm|im|i\s+am|oh|aw+|omg|no)\s+)(?:so|really|very)\s+sorry\b|\b(?:"
    r"i\s+(?:totally\s+|completely\s+)?understand\s+how|must(?:\s+have|'ve)\s+been\s+(?:so\s+|really\s+)?"
    r"(?:hard|tough|awful|scary|terrible|rough|fun|amazing|terrifying|frightening|stressful|"
    r"exhausting|horrible|lovely|brilliant|gutting|painful|heartbreaking|devastating|surreal|"
    r"intense|wild|crazy|nice|awesome|incredible)|"
    r"i\s+feel\s+(?:that|you|ya)|same\s+here|me\s+too|"
    # "can't believe it's already March", "can you believe this weather", "can't believe
    # they came back from 2-0 down": wonder, no news ("can't believe my dog is ten
    # already" tells of the dog).
    r"^(?:(?:i\s+)?(?:can't|cant|cannot|can\s+not)|can\s+(?:you|u))\s+believe\s*"
    r"(?:(?:it'?s|it\s+is|this|that|how|what|you|u|ur|they|he|she)\b|$)|"
    # "I can't thank you enough": gratitude, no news.
    r"^(?:i\s+)?can't\s+thank\s+(?:you|u)\s+enough\b|"
    # "I do not know what to do", "idk what to say": at a loss, no news.
    r"^(?:(?:i|we)\s+(?:really\s+|just\s+|honestly\s+)?(?:don't|do\s+not|dont)|idk)\s+(?:really\s+)?"
    r"know\s+(?:what|how|where|who|whether|if)\s+to\b|"
    r"that(?:'s|\s+is|s)\s+(?:so\s+|really\s+|very\s+|pretty\s+)?(?:amazing|awesome|great|cool|sad|"
    r"hard|terrible|awful|rough|wonderful|exciting|scary|crazy|funny|nice|lovely|tough)\b|"
    # "that's so kind of her", "that's a shame": a thanks or a pity passed on, no news.
    r"that(?:'s|\s+is|s)\s+(?:so\s+|really\s+|very\s+)?(?:kind|sweet|good|generous|thoughtful|"
    r"lovely|nice)\s+of\s+(?:you|u|her|him|them|ya)\b|that(?:'s|\s+is|s)\s+(?:such\s+)?a\s+"
    r"(?:shame|pity|relief)\b)"
)
"""Reactions to what the other person said: sympathy, delight, back-channel."""
TEASER = gated(
    r"^(?:you(?:'re|\s+are)?|u(?:\s+r)?|ur|youre)\s+(?:not\s+gonna|not\s+going\s+to|never\s+gonna|"
    r"won't|wont|will\s+never)\s+believe\b"
)
"""A teaser for news to come ("ur not gonna believe who i just saw", "you won't believe
what happened"): no news yet, whatever its future tense says."""


_REPORT_LATER = frozenset({"know", "find out", "let", "update", "keep", "text"})


def promises_news(reading: ClauseReading | None) -> bool:
    """A future of knowing or telling ("will know tmrw", "I'll let you know", "will text
    you", "we'll see"): a promise to report, not a plan of the speaker's own ("I'll see
    the doctor" is one)."""
    if reading is None or reading.tense != "future":
        return False
    bare_see = reading.verb == "see" and not reading.complements
    return reading.verb in _REPORT_LATER or bare_see


_WHERE_I_AM = gated(
    r"^(?:(?:just|finally|now|still|safely)\s+)?(?:back\s+home|back|home)\s+(?:from|at|in)\b|"
    r"^on\s+(?:my|our|the)\s+way\b|^(?:omw|otw)\b|"
    rf"^(?:(?:still|now|just|finally)\s+)?{ON_A_VEHICLE}|"
    # Leaving now, the "I'm" left out: "off to work now", "off to bed rn".
    r"^(?:just\s+)?off\s+to\s+(?:work|bed|school|the\s+[a-z]+|my\s+[a-z']+)\s+(?:now|rn)\b|"
    # A diary's "our last night in Hanoi", "my first morning in Kyoto": there now.
    r"^(?:our|my)\s+(?:last|first|final|second|third|fourth|fifth)\s+(?:full\s+)?(?:night|day|"
    r"evening|morning|week)\s+in\s+(?!the\s+(?:office|job)\b)"
)
"""A verbless clause that says where the speaker is or has come from: the subject and
"be" are left out, as chat leaves them out, and the claim stays."""


STATUS_LINE = gated(
    r"^(?:(?:still|now|currently|just|officially|finally)\s+)?(?:ooo|wfh|"
    r"out\s+(?:sick|of\s+(?:the\s+)?office|of\s+town)|off\s+(?:sick|grid|the\s+grid|work)|"
    r"working\s+from\s+home|back\s+(?:online|at\s+(?:work|my\s+desk)|in\s+the\s+office)|"
    r"in\s+(?:meetings?|a\s+meeting|back-to-backs|class|court|the\s+office|hospital|hospice|"
    r"rehab|quarantine|isolation)|"
    r"home\s+(?:sick|ill|poorly|with\s+(?:a|an|the)\s+(?:[a-z]+\s+)?(?:cold|flu|fever|cough|bug|"
    r"virus|temp|temperature|migraine|sore\s+throat))|"
    r"on-?call|on\s+(?:pto|leave|vacation|holiday|call|a\s+call|(?:maternity|paternity|sick|parental)\s+"
    r"leave)|(?:at\s+|@\s*)(?:work|the\s+office|the\s+(?:doctor|dentist|vet)'?s?|the\s+gym))\b"
)
"""A status line with its "I'm" left out ("in meetings all day", "OOO till monday", "out
sick today", "on PTO next week", "in hospital till Tuesday", British English's "in hospital"
without its article, "home with a cold"): the speaker's state, whatever field it fills."""


_PLACED_UNTIL = gated(
    r"^(?:(?:still|now|currently|just)\s+)?(?:(?:on|off|in|at|down|up|out|over)\s+"
    r"(?!(?:the\s+|this\s+)?(?:morning|afternoon|evening|night|day|week|meantime)\b)"
    r"(?:[\w'-]+\s+){1,3}?|off\s+)(?:till|until|til|untill|thru|through)\s+\w"
)
"""A place or a state bounded ahead, its "I'm" left out: "off rotation till monday", "down
the allotment till teatime", "on the rig till the 18th", a bare "off till thursday" (off
work): where one is until then."""

_FREE_UNTIL = gated(
    r"^(?:(?:still|now|just|only)\s+)?(?:free|around|about|busy|available|home|in|here|tied\s+up)\s+"
    r"(?:(?:all|the\s+whole)\s+(?:day|morning|afternoon|evening|week)|"
    r"(?:after|from|till|until|til|untill|before)\s+(?:\d|noon|lunch|midday|tea|dinner|school|work|"
    r"the\s+school\s+run)|(?:today|tonight|this\s+(?:morning|afternoon|evening)))\b"
)
"""Free, around or busy over a stretch of today, "I'm" left out ("free after 4 if you want to
ring", "home all day if you need me", "around till 6"): the writer's state now and for the
hours ahead."""


def where_i_am(low: str) -> bool:
    """A verbless clause that places the speaker ("back home from the hospital", "in the
    uber now", "wfh today"): "I'm" left out, the speaker's own state."""
    return bool(
        _WHERE_I_AM.search(low)
        or WHEREABOUTS.match(low)
        or STATUS_LINE.match(low)
        or _PLACED_UNTIL.match(low)
        or _FREE_UNTIL.match(low)
        or out_at_a_stop(low)
    )


_WELL_WISH = gated(
    r"^(?:(?:oh|omg|aw+|ok|okay|and|well)\s+)*(?:have\s+(?:so\s+much\s+)?fun|have\s+an?\s+"
    r"(?:(?:great|good|safe|lovely|nice|wonderful|amazing|fab)\s+)+(?:trip|time|flight|holiday|"
    r"vacation|weekend|journey)|enjoy(?!ing)|safe\s+travels|travel\s+safe(?:ly)?|bon\s+voyage)\b"
)
"""A wish for the listener's trip ("have fun in Tokyo", "enjoy Bali", "safe travels"): the
listener's, and no fact."""


_WITH_SOMEONE = gated(
    r"^(?:the\s+)?[a-z]+'s\s+(?:still\s+|now\s+)?(?:with|at)\s+(?:me|us|mine|ours|my|our|his|her|"
    r"their|[a-z]+'s)\b"
)
"""Someone with the writer or at someone's ("Charlie's with me tonight", "Ava's at her
nan's"): where a person is now, its "is" written as "'s"."""


def claims_nothing(reading: ClauseReading | None, low: str = "") -> bool:
    """A clause with no field that states nothing about anyone's state.

    No verb at all ("lol me too", "thanks for chatting"), a request ("I need a taxi
    at 5am", "looking for a cheap hotel"), or a bare "I think" after a statement.
    """
    if REACTION.search(low) or _WELL_WISH.search(low):
        return True
    if reading is None:
        return False
    if reading.tense == "none" and (where_i_am(low) or CARE_NOTE.search(low)):
        # "back from costco", "on my way home": "I'm" left out, not nothing; "appetite poor
        # today": a carer's note of a state, its verb left out.
        return False
    if reading.tense == "none" and _WITH_SOMEONE.match(low):
        return False  # "Charlie's with me tonight": the parse took "'s" for a possessive
    if reading.verbless_state:
        return False  # "kids w/ me til sun", "wifi down at home": a note's state, no verb
    if reading.tense == "none" and _ill_without_verb(low):
        return False  # "sick again ugh", "still sick": the writer's state, "I'm" left out
    if reading.tense == "none" and _NEW_IN_LIFE.match(low):
        return False  # "new job!!", "new flat 🏠": the writer's news, "I've got a" left out
    if reading.tense == "none" or reading.request or reading.imperative:
        return True  # "dont leave us hanging": a request of the listener
    if reading.subject == "addressee":
        return True  # "how are you doing today": about the listener, not the speaker
    return reading.verb in _PARENTHETICAL and not reading.complements


_SPEAKER_LEAD = gated(r"^(?:(?:ugh|so|well|ok|okay|lol|omg|welp|and|just)\s+)*(?:(?:i|we)\s+)?")


_NEW_IN_LIFE = gated(
    r"^(?:(?:so|and|ok|omg|also|officially|finally)\s+)*(?:a\s+)?(?:brand\s+)?new\s+(?:job|"
    r"house|home|flat|apartment|place|car|role|position|gig|baby|puppy|kitten|number|address|"
    r"phone\s+number|boyfriend|girlfriend|bf|gf|manager|boss)\b(?!\s+(?:is|was|are|has|for|"
    r"ideas?|tips?|question))"
)
"""A new thing in the writer's life said alone ("new job!!", "new flat, who dis"): news,
its "I've got a" left out."""
_ONE_WORD = gated(r"^\W*\w+\W*$")


def _ill_without_verb(low: str) -> bool:
    """ "sick again ugh", "still sick", "down with the flu": an illness with "I'm" left
    out, as "I'm" and "is" are left out of a status line. A lone "sick!!" may be praise."""
    return _ONE_WORD.match(low) is None and member_status(" is " + low) == "sick"


def own_illness(reading: ClauseReading | None, low: str) -> bool:
    """The speaker fell ill ("came down with strep", "i caught a cold"): news about now,
    though the catalogue keeps no status of the speaker's own to set."""
    if reading is None:
        return False
    own = reading.subject_text.lower()
    if reading.subject not in ("speaker", "we", "none") and own and own in low:
        return False  # someone else's illness; a subject outside the clause is none of it
    m = _SPEAKER_LEAD.match(low)
    return member_status(" " + low[m.end() if m else 0 :]) == "sick"
