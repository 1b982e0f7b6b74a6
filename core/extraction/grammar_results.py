"""Which past events still hold now: the result of a verb in the past.

"We moved to Austin", "our flight got cancelled", "dad got out of hospital today" say how
things stand now; "we sat by the lake", "she fell", "I broke down when I heard..." are a
story. ``result_holds`` reads the clause's verbs (and the parse's complements) for a
result that lasts; ``negated_result`` reads "we didn't go after all", "never made it to
Vegas" as a plan that did not happen. ``grammar_intent.refine`` asks these when it
decides whether a past clause is news about now.
"""

from __future__ import annotations

from core.extraction.bill_comes_to import BILL
from core.extraction.family_carer_states import CARE_RESULT
from core.extraction.intent_tense import (
    BILL_DEALT_WITH,
    CALL_TRIP_OFF,
    CUT_TRIP_SHORT,
    DROVE_THERE_LATELY,
    FAR_PAST,
    JOB_TAKEN_AT,
    RESULT_PAST,
    TEST_RESULT,
    TIME_OFF_TAKEN_NOW,
    WENT_HOME,
)
from core.extraction.linguistics.reading import SCENE_PREPS, ClauseReading
from core.extraction.travel_presence import OFF_A_VEHICLE
from core.extraction.woke_up import woke_up_here
from core.extraction.word_gates import gated

RESULT_VERBS = frozenset(
    [
        *[
            "move",
            "relocate",
            "shift",  # Indian English: "we shifted to Pune"
            "arrive",
            "land",
            "return",
            "reach",
            "settle",
            "transfer",
            "check",
            "get",
            "come",
            "make",
            # "just pulled into south lake tahoe", "rolled into moab at 2am": there now.
            "pull",
            "roll",
            # "swapped lisbon for porto", "traded canggu for ubud": in the second place now.
            "swap",
            "trade",
            "ditch",
        ],
        *[
            "join",
            "quit",
            "leave",
            "start",
            "begin",
            "retire",
            "resign",
            "switch",
            "pivot",
            "become",
        ],
        *[
            "cancel",
            "postpone",
            "prepone",  # Indian English: "our goa trip got preponed to the 8th", earlier
            "reschedule",
            "push",
            "delay",
            # "our flight was diverted to reno", "got stranded in dallas", "stuck at the
            # airport in atlanta": held there now.
            "divert",
            "reroute",
            "strand",
            "stick",
            "hole",  # "holed up at a motel in Flagstaff"
            # "got held up in Denver", "we're grounded in Reykjavik": kept there (a field
            # rule must still name the place: "held up" alone, or "held a party", is none).
            "hold",
            "ground",
            # "we extended the trip to monday": the day it now ends is ahead.
            "extend",
            # "rebooked on the Sunday flight to Dallas": that flight is the plan ("rebooke" is
            # the lemma the parser gives "rebooked")
            "rebook",
            "rebooke",
            "bump",
            "drop",
            "scrap",
            "shelve",
            "kill",
            "abandon",
            *["bin", "ditch", "axe"],  # "binned the Mallorca trip": off now
            # "they axed the app project", "canned the rebrand", "nixed it" (spaCy's lemmas)
            *["ax", "can", "nix"],
        ],
        *["finish", "complete", "wrap", "close", "end", "ship", "launch", "release", "deliver"],
        *["submit", "pause", "mothball"],  # "submitted my thesis", "paused the project"
        "clear",  # "cleared my overdraft": paid off, when a field rule names the debt
        *["wire", "charge"],  # "wired the rent", "spotify charged me again"
        *["deduct", "debit", "credit"],  # "EMI deducted today", "salary got credited"
        "deploy",
        *["pay", "refund", "buy", "purchase", "order", "sell", "rent", "lease", "book", "reserve"],
        "renew",
        *["hire", "promote", "fire", "lay", "accept", "approve", "sign", "decide"],
        *["marry", "divorce", "engage", "adopt"],
        # "my wife caught covid": ill now.
        *["diagnose", "admit", "discharge", "hospitalize", "test", "catch", "recover"],
        *[
            "lose",
            "win",
            "receive",
            "break",
            "die",
            "send",
            "hit",
            "achieve",
            "fail",
        ],
    ]
)
"""Verbs whose result holds after the event: a past "moved to Austin" says where
the speaker lives now. "break" counts for "broke my leg", not "broke down"."""

_CAME_THERE = frozenset({"drive", "fly", "come", "head"})
"""Verbs of a journey whose "up/down/over to <place>" lately ends there."""
_MADE_IT_UP = gated(r"\bmade\s+it\s+(?:up|down|over|out)\s+(?:to\b|here\b|there\b)")
"""The parse takes "made it up to tahoe" for the phrasal "make up"; the journey got there."""
_NOT_RESULT = frozenset({"break down", "come up", "make up", "get along", "move on", "give up"})
_PHRASAL_RESULT = frozenset(
    {
        "call off",
        "put on",  # "got put on hold", "put on ice": stopped for now
        "park up",  # "parked up for the night outside Inverness": there now
        "go back",
        "go home",
        "go live",
        "fly back",
        "fly home",
        "drive back",
        "drive up",
        "drive down",
        "fly up",
        "fly down",
        "head home",
        "head back",
        "get back",
        "get home",
        "get in",
        "touch down",
        "take up",
        "throw up",
        "come back",
        "come home",
    }
)
_ARRIVED_UP = frozenset({"show up", "turn up"})
"""Arrivals said with "up": a bill that "showed up" or "turned up" is here, as one that
"came" or "arrived" is; a person who showed up is a story."""
_RECENT = gated(
    r"\b(?:just|finally|today|tonight|this\s+(?:morning|afternoon|evening)|an?\s+hour\s+ago|"
    r"minutes\s+ago|earlier\s+today|safely)\b"
)
_BOUNDED = gated(
    r"\bfor\s+(?:a\s+(?:few|couple)\s+|an?\s+|\w+\s+)?(?:minutes?|hours?|days?|weeks?|months?|years?)\b"
)
""""got lost at the fair for ten minutes": an episode with an end, over by now."""
_CHANGED_TO = frozenset({"increase", "raise", "rise", "jump", "lower", "reduce", "hike", "change"})
"""Verbs whose result is what a thing comes "to": "the rent increased to 2300", "our flight
back got changed to thursday" (not "I changed my mind"; "shift" is a result verb itself)."""
_MOTION = frozenset({"fly", "drive", "go", "head", "travel", "walk", "sail", "ride", "take"})
"""A past trip ("we drove to Florida") is about now only when it is recent."""
_HAD_TO_RESULT = gated(
    r"\b(?:had|'ve\s+had|have\s+had)\s+to\s+(?:cancel|call\s+off|scrap|postpone|reschedule|"
    r"push\s+back|move|quit|leave|resign|rebook|"
    # "had to push the chicago trip back a week": the object between the verb and "back"
    r"push\s+(?:[\w']+\s+){1,3}?(?:back|forward)|"
    # "we've had to call the whole Peru trip off": the object between the verb and "off"
    rf"{CALL_TRIP_OFF})\b"
)
_CUT_SHORT = gated(rf"\b{CUT_TRIP_SHORT}\b")
_RISEN_TO_A_SUM = gated(
    r"\b(?:went|gone)\s+(?:again\s+)?(?:up|down)\s+(?:(?:yet\s+)?again\s+)?to\s+"
    r"(?:us\$|[$€£¥₹₦₱฿]|rs\.?\s?)?\d"
)
"""A bill's change to a sum, told once more: not "went up again to the cabin"."""
_GOT_THERE = gated(r"\bgot\s+(?:to|into|back|home|here|there)\b")
_SCENE = frozenset(f"prep:{p}" for p in SCENE_PREPS)

_SENT_BACK = gated(r"\b(?:posted|mailed)\b(?:\s+[\w&'-]+){0,3}?\s+back\b")
"""Goods posted back to a shop, not "posted a photo" (a story)."""


def result_holds(reading: ClauseReading, low: str) -> bool:
    return any(_verb_result(v, reading, low) for v in (reading.verb, *reading.also))


def _verb_result(verb: str, reading: ClauseReading, low: str) -> bool:
    if verb == "move on" and "prep:to" in reading.complements:
        return True  # "moved on to lombok": the next stop, reached (not "moved on from him")
    if verb.split(" ")[0] in _CAME_THERE and DROVE_THERE_LATELY.search(low):
        # "drove up to Tahoe", "came up to tahoe last night" (not the "came up" of "something
        # came up": the words ask for "to" a place and a recent time; the parse may take "up"
        # for an adverb).
        return True
    if verb == "make up" and _MADE_IT_UP.search(low):
        return True  # "made it up to tahoe", "made it up here" (not "made up a story")
    if verb in _NOT_RESULT:
        return False
    if verb in _ARRIVED_UP and BILL.search(reading.subject_text.lower()):
        return True  # "the water bill showed up": here now, to be paid (not "he showed up")
    if verb in _PHRASAL_RESULT or (verb == "go" and RESULT_PAST.search(low)):
        return True  # "went vegan", "went home", "called off"
    if verb in ("go up", "go down") and _RISEN_TO_A_SUM.search(low):
        return True  # "the rent went up again to $1,950": what it comes to now
    lemma = verb.split(" ")[0]
    done = reading.complements
    if lemma == "be" and TEST_RESULT.search(low) and not FAR_PAST.search(low):
        return True  # "her strep test was negative": the result holds
    if any(f"{lemma} {c[5:]}" in _PHRASAL_RESULT for c in done if c.startswith("prep:")):
        return True  # "we called off the road trip": the parse may take "off" for a preposition
    if lemma in ("cut", "have") and _CUT_SHORT.search(low):
        return True  # "i cut the vacation short", "had to cut the trip short": it is over
    if lemma == "have" and "xcomp" in done and _HAD_TO_RESULT.search(low):
        return True  # "I had to cancel my trip to Seattle": the cancelling happened
    if lemma == "go" and reading.subject_text.lower() in _TREATMENTS:
        return True  # "his surgery went fine": how he is now
    if lemma in ("step", "hop", "climb") and OFF_A_VEHICLE.search(low):
        return True  # "stepped off the ferry at Naxos": there now (not "off the curb")
    if lemma in ("get", "come") and _OUT_OF_CARE.search(low):
        return True  # "dad got out of hospital today": home now
    if lemma == "have" and _HAD_INJURY.search(low):
        return True  # "Gran's had a fall and is in A&E": hurt now
    if lemma in ("allow", "let") and _LET_HOME.search(low):
        return True  # "mum was allowed home from the ward": home now
    if lemma in ("get", "take", "land", "accept") and JOB_TAKEN_AT.search(low):
        return True  # "got a job at starbucks!!": the job is held now (not a scene "at")
    if lemma in ("take", "book", "get") and TIME_OFF_TAKEN_NOW.search(low):
        return True  # "took the week off": off work now
    if lemma in ("take", "handle", "sort") and BILL_DEALT_WITH.search(low):
        return True  # "took care of the water bill", "handled the gas bill": paid now
    if lemma == "get":
        # "got to Tahoe", "got sick", "got there": a state reached; "got a ticket" is an episode.
        reached = any(
            c
            in (
                "prep:to",
                "prep:into",
                "prep:over",  # "got over the flu"
                "acomp",
                "oprd",
                "advmod:there",
                "advmod:home",
                "advmod:back",
            )
            for c in done
        )
        # "got a puppy", "got my refund": something had now; "got food poisoning on
        # vacation" is set in a scene, a story.
        obtained = "dobj" in done and not any(c in _SCENE for c in done)
        # The small model sometimes tags a lowercase place as a verb ("got to yosemite").
        reached = reached or _GOT_THERE.search(low) is not None
        return (reached or obtained) and not _BOUNDED.search(low)
    if lemma in ("post", "mail"):
        return _SENT_BACK.search(low) is not None  # "posted the dress back": a refund awaited
    if lemma in ("take", "rush", "bring") and reading.passive and _INTO_CARE.search(low):
        return True  # "mom was taken to the ER this morning": in hospital now
    if lemma in _CHANGED_TO:
        return "prep:to" in done  # "the rent increased to 2300": what it comes to now
    if lemma in ("make", "fall", "miss", "snow"):
        # "missed my connection in atlanta", "snowed in at the cabin": held there now;
        # not "missed the bus", "it snowed all night".
        # "made it to Denver", not "made breakfast"; "the trip fell through", not "she fell"
        return RESULT_PAST.search(low) is not None
    if lemma in ("refuse", "have") and _CARE_DAY.search(low) and not FAR_PAST.search(low):
        return True  # a carer's "Gran refused lunch", "Mum had a poor night": how she is now
    if lemma in ("wake", "come", "have", "be", "send", "sleep", "refuse") and CARE_RESULT.search(
        low
    ):
        # "woke up with a temp", "came home with a rash", "slept through": how they are now
        return not (FAR_PAST.search(low) or _DAYS_BEHIND.search(low))
    if lemma == "wake":
        return woke_up_here(low)  # "woke up in Luang Prabang": there today
    if lemma == "cross":
        return "prep:into" in done  # "crossed into Canada": there now; not "crossed the street"
    if lemma == "break":
        # "broke my leg"; "my water broke" is over, but a fever that broke is gone now.
        return "dobj" in done or reading.subject_text.lower() in _SYMPTOMS
    if lemma in _MOTION and verb == reading.verb and WENT_HOME.search(low):
        # "flew back sunday night", "drove home on Saturday": a way home ended at home,
        # which holds until the next trip (not a return of a month or more ago).
        return not (FAR_PAST.search(low) or _MONTHS_BEHIND.search(low))
    if lemma in _MOTION:
        return _RECENT.search(low) is not None
    return lemma in RESULT_VERBS


_CARE_DAY = gated(
    r"\brefused\s+(?:(?:his|her|their|all|any)\s+)?(?:lunch|breakfast|dinner|tea|supper|food|"
    r"meals?|meds|medication|tablets|fluids|drinks?)\b|\bhad\s+(?:a\s+)?(?:(?:very|v|really)\s+)?"
    r"(?:poor|restless|unsettled|disturbed|settled|comfortable|peaceful)\s+night\b"
    r"(?!\s+(?:with\s+the|because)\b)|\bslept\s+(?:right\s+)?through\b(?!\s+(?:my|the|his|her)\s+alarm)"
)
"""A carer's note of the day so far: food or medicine turned away, a bad night; the state
it leaves holds now (not "refused the offer", "had a bad night out")."""
_MONTHS_BEHIND = gated(r"\b(?:last\s+month|months\s+ago|a\s+month\s+ago|when|every|each)\b")
"""A return dated a month or more behind, or one of a habit or a frame ("when we lived in
Dubai we flew home every summer"): a story of how trips ended, not news."""
_DAYS_BEHIND = gated(r"\b(?:last\s+(?:week|month|weekend)|ago|when|first\s+time)\b")
"""A care result dated well behind ("slept through for the first time last week"): a story."""
_SYMPTOMS = frozenset({"fever", "temperature"})
_TREATMENTS = frozenset({"surgery", "operation", "procedure"})
_INTO_CARE = gated(
    r"\bto\s+(?:the\s+)?(?:hospital|er|a&e|icu|emergency(?:\s+room)?(?!\s+(?:vets?|veterinary|animal)\b)|urgent\s+care|casualty)\b"
)
_OUT_OF_CARE = gated(r"\b(?:out\s+of|home\s+from)\s+(?:the\s+)?(?:hospital|icu|rehab)\b")
_HAD_INJURY = gated(
    r"(?:\bhas|\bhave|'s|'ve)\s+(?:just\s+)?had\s+(?:a\s+|another\s+)?(?:bad\s+|nasty\s+|minor\s+)?"
    r"(?:fall|stroke|heart\s+attack|seizure|fit|accident|fracture|relapse|flare-?up)\b"
)
_LET_HOME = gated(
    r"\b(?:allowed|let)\s+(?:home|out\s+of\s+(?:the\s+)?hospital)\b"
    r"(?!\s+(?:early\s+)?from\s+(?:school|work|nursery|daycare|the\s+office))"
)
_TRIP_NOT_TAKEN = frozenset({"go", "fly", "drive", "travel", "head", "leave"})


def negated_result(reading: ClauseReading, low: str) -> bool:
    """ "We didn't go after all", "never made it to Vegas": a plan that did not happen.

    Not an inability ("she couldn't walk for weeks"): that is how things were.
    """
    if reading.modal == "could":
        return False
    return any(
        v.split(" ")[0] in _TRIP_NOT_TAKEN or _verb_result(v, reading, low)
        for v in reading.negated_verbs
    )
