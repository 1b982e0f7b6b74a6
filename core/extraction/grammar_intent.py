"""The parse's say on a clause's intent, after the word-level checks.

``intent.classify`` reads cue words: it knows "if", "wish", "used to" and a list
of past verbs. The parse knows the grammar of every verb, so it settles what
cue words cannot:

- A past verb no list names ("we sat by the lake", "she fell", "I broke down
  when I heard...") is the past. Only the verbs whose result is still true
  ("moved", "landed", "got back", "was cancelled") say something about now.
- "Going to" is the future only with a verb ("going to fly"); "going to the
  beach" is a movement, and "my will" is a noun, not a plan.
- "Honeymoon", "first", "in college", "for five years" date a story only when
  the verb is in the past: "we're on our honeymoon in Bali" and "I've worked
  there for five years" are about now.
- A modal of possibility or a clause under "if" never states a fact.

The parse only refines a clause the word checks read as a fact, a plan or the
past; it never makes a fact out of a possibility, a question or chat.
"""

from __future__ import annotations

import re
from dataclasses import replace

from core.extraction.home_words import HOME_SAID
from core.extraction.intent import ClauseIntent
from core.extraction.intent_nonfactual import IF_IDIOM
from core.extraction.intent_tense import (
    DROVE_THERE_LATELY,
    FAR_PAST,
    FUTURE,
    PRESENT_OVERRIDE,
    RESULT_PAST,
    STATIVE_PAST,
    TEST_RESULT,
)
from core.extraction.linguistics.reading import SCENE_PREPS, ClauseReading
from core.extraction.linguistics.requests import AMEND, ARRANGE, LODGING, SERVICES
from core.extraction.travel_presence import OFF_A_VEHICLE, woke_up_here
from core.extraction.types import MessageIntent

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
_LATER_TODAY = re.compile(
    r"\b(?:tonight|tonite|later(?:\s+today|\s+on)?|this\s+(?:evening|afternoon)|after\s+work)\b"
)
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
_RECENT = re.compile(
    r"\b(?:just|finally|today|tonight|this\s+(?:morning|afternoon|evening)|an?\s+hour\s+ago|"
    r"minutes\s+ago|earlier\s+today|safely)\b"
)
_BOUNDED = re.compile(
    r"\bfor\s+(?:a\s+(?:few|couple)\s+|an?\s+|\w+\s+)?(?:minutes?|hours?|days?|weeks?|months?|years?)\b"
)
""""got lost at the fair for ten minutes": an episode with an end, over by now."""
_CHANGED_TO = frozenset({"increase", "raise", "rise", "jump", "lower", "reduce", "hike", "change"})
"""Verbs whose result is what a thing comes "to": "the rent increased to 2300", "our flight
back got changed to thursday" (not "I changed my mind"; "shift" is a result verb itself)."""
_MOTION = frozenset({"fly", "drive", "go", "head", "travel", "walk", "sail", "ride", "take"})
"""A past trip ("we drove to Florida") is about now only when it is recent."""
_AUX_FUTURE = re.compile(r"\b(?:will|won't|shall)\b|'ll\b|\b(?:going\s+to|gonna|about\s+to)\b")
_EXPERIENCE = re.compile(r"\b(?:'ve|have|has)\s+(?:never\s+)?(?:been\s+to|visited)\b")
_HABIT_PAST = re.compile(r"\bused\s+to\b|\bgrew\s+up\b")
_DURATION_TO_NOW = re.compile(
    r"\bfor\s+(?:[\w']+\s+){0,3}(?:years|yrs|months|weeks|decades|days|ages)\b|"
    r"\b(?:my|our|their)\s+(?:whole|entire)\s+li(?:fe|ves)\b|\ball\s+(?:my|our)\s+li(?:fe|ves)\b|"
    r"\bsince\b|"
    # "the kids have had a stomach bug all week": a span that runs up to now.
    r"\ball\s+(?:week|month|year|day|morning|winter|summer|semester|term)(?:\s+long)?\b|"
    r"\b(?:the\s+)?(?:whole|entire)\s+(?:week|month|year|time)\b"
)
_FROM_YEAR = re.compile(r"\bfrom\s+(?:19\d\d|20[0-2]\d)\b(?!\s*(?:to|till|until|-)\b)")
"""Non-native "since": "we are living in Munich from 2021", "working in TCS from 2019"."""
_SETTLING = frozenset(
    {"move", "relocate", "shift", "settle", "start", "join", "switch", "transfer"}
)
"""Verbs whose result is where the speaker lives or works now, however long ago it was."""
_DATED_RECENTLY = re.compile(
    r"\b(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|"
    r"several|couple(?:\s+of)?)\s+(?:days?|weeks?|wks?|months?|mos?|years?|yrs?)\s+ago\b|"
    r"\blast\s+(?:week|wk|month|year|yr|spring|summer|fall|autumn|winter)\b|\brecently\b|"
    r"\bin\s+(?:january|february|march|april|may|june|july|august|september|october|"
    r"november|december|(?:19|20)\d\d)\b"
)
_STORY_FRAME = re.compile(
    r"\bused\s+to\b|\bgrew\s+up\b|\bwhen\s+(?:i|we)\s+(?:was|were)\b|\bas\s+an?\s+"
    r"(?:kid|child|teen|teenager|student)\b|\bback\s+(?:then|in)\b|\bback\s+when\b(?!\s+(?:i|we|you|u)\s+(?:can|can't|get|am|'m|are|have|need|find|land|arrive|finish|wake|hear)\b)|\bin\s+(?:college|"
    r"high\s+school|grad\s+school)\b|\bbefore\b|\buntil\b|\btill\b|\bthen\b|\bafter\s+(?:i|we)\b"
)
"""A move inside a story ("when I was ten we moved to Ohio", "we moved to Reno before
the kids were born") says nothing about where the speaker is now."""
_BACK_EXPECTED = re.compile(
    r"\bshould\s+(?:be\s+(?:back|home|there|here)|land|arrive|get\s+(?:in|there|here|home))\b(?![^.;]*\bby\s+now\b)"
)
"""A return expected ("we should be back sunday night"), not a possibility weighed."""
_HAD_TO_RESULT = re.compile(
    r"\b(?:had|'ve\s+had|have\s+had)\s+to\s+(?:cancel|call\s+off|scrap|postpone|reschedule|"
    r"push\s+back|move|quit|leave|resign|rebook|"
    # "had to push the chicago trip back a week": the object between the verb and "back"
    r"push\s+(?:[\w']+\s+){1,3}?(?:back|forward))\b"
)
_GOT_THERE = re.compile(r"\bgot\s+(?:to|into|back|home|here|there)\b")
_SCENE = frozenset(f"prep:{p}" for p in SCENE_PREPS)
_POSSIBILITY = frozenset({"could", "might", "may", "would", "should"})
_UNABLE = re.compile(r"\b(?:can't|cannot|can\s+not|ca\s+n't|be\s+able\s+to)\b")
"""A negated ability ("can't", "won't be able to"): an inability now, not a plan."""


_SENT_BACK = re.compile(r"\b(?:posted|mailed)\b(?:\s+[\w&'-]+){0,3}?\s+back\b")
"""Goods posted back to a shop, not "posted a photo" (a story)."""


def _result_holds(reading: ClauseReading, low: str) -> bool:
    return any(_verb_result(v, reading, low) for v in (reading.verb, *reading.also))


def _verb_result(verb: str, reading: ClauseReading, low: str) -> bool:
    if verb in _NOT_RESULT:
        return False
    if verb in _PHRASAL_RESULT or (verb == "go" and RESULT_PAST.search(low)):
        return True  # "went vegan", "went home", "called off"
    if verb in ("drive", "fly") and DROVE_THERE_LATELY.search(low):
        return True  # "drove up to Tahoe" (the parse may take "up" for an adverb)
    lemma = verb.split(" ")[0]
    done = reading.complements
    if lemma == "be" and TEST_RESULT.search(low) and not FAR_PAST.search(low):
        return True  # "her strep test was negative": the result holds
    if any(f"{lemma} {c[5:]}" in _PHRASAL_RESULT for c in done if c.startswith("prep:")):
        return True  # "we called off the road trip": the parse may take "off" for a preposition
    if lemma == "have" and "xcomp" in done and _HAD_TO_RESULT.search(low):
        return True  # "I had to cancel my trip to Seattle": the cancelling happened
    if lemma == "go" and reading.subject_text.lower() in _TREATMENTS:
        return True  # "his surgery went fine": how he is now
    if lemma in ("step", "hop", "climb") and OFF_A_VEHICLE.search(low):
        return True  # "stepped off the ferry at Naxos": there now (not "off the curb")
    if lemma in ("get", "come") and _OUT_OF_CARE.search(low):
        return True  # "dad got out of hospital today": home now
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
    if lemma == "wake":
        return woke_up_here(low)  # "woke up in Luang Prabang": there today
    if lemma == "cross":
        return "prep:into" in done  # "crossed into Canada": there now; not "crossed the street"
    if lemma == "break":
        # "broke my leg"; "my water broke" is over, but a fever that broke is gone now.
        return "dobj" in done or reading.subject_text.lower() in _SYMPTOMS
    if lemma in _MOTION:
        return _RECENT.search(low) is not None
    return lemma in RESULT_VERBS


_SYMPTOMS = frozenset({"fever", "temperature"})
_TREATMENTS = frozenset({"surgery", "operation", "procedure"})
_INTO_CARE = re.compile(
    r"\bto\s+(?:the\s+)?(?:hospital|er|a&e|icu|emergency(?:\s+room)?|urgent\s+care|casualty)\b"
)
_OUT_OF_CARE = re.compile(r"\b(?:out\s+of|home\s+from)\s+(?:the\s+)?(?:hospital|icu|rehab)\b")
_TRIP_NOT_TAKEN = frozenset({"go", "fly", "drive", "travel", "head", "leave"})


def _negated_result(reading: ClauseReading, low: str) -> bool:
    """ "We didn't go after all", "never made it to Vegas": a plan that did not happen.

    Not an inability ("she couldn't walk for weeks"): that is how things were.
    """
    if reading.modal == "could":
        return False
    return any(
        v.split(" ")[0] in _TRIP_NOT_TAKEN or _verb_result(v, reading, low)
        for v in reading.negated_verbs
    )


_NEWS_TOLD_NOW = re.compile(
    r"\b(?:texted|wrote|messaged|called\s+to\s+say)\s+(?:me\s+|us\s+)?"
    r"(?:that\s+)?(?:she|he|they)(?:'s|'re|\s+is|\s+are)\s+(?!gonna\b|going\s+to\b)"
)
"""News sent in the past about now: "my wife texted that she's stuck", "he messaged that he's
home" (what someone "told me" or "said" stays a story told)."""


def refine(ci: ClauseIntent, reading: ClauseReading | None, low: str) -> ClauseIntent:
    """``ci`` as the clause's grammar corrects it; unchanged without a reading."""
    if reading is not None and ci.intent == "hypothetical" and _arranging(ci, reading):
        return ClauseIntent("none", 1.0, command=True)
    if reading is None or ci.intent not in ("assertive", "planning", "historical"):
        return ci
    if ci.habitual:
        return ci  # "we would sit on the porch for hours": a past habit, not a possibility
    if (reading.conditional and not IF_IDIOM.search(low)) or (
        reading.modal in _POSSIBILITY
        and reading.subject in ("speaker", "we", "none")
        and not (reading.modal == "should" and _BACK_EXPECTED.search(low))
        and not (reading.modal == "could" and reading.negated)  # "couldn't walk": the past
        # "when we lived there we could barely…": past ability, read so by its frame
        and not (reading.modal == "could" and ci.intent == "historical")
    ):
        return ClauseIntent("hypothetical", min(ci.confidence, 0.5), opens_scope=ci.opens_scope)
    if ci.intent == "planning" and (
        (reading.negated and _UNABLE.search(low))
        # "I will be abroad from the 20th and so unable to attend": an inability that
        # follows from the plan leaves it a plan.
        or re.search(r"(?<!\band\s)(?<!\bso\s)(?<!\bhence\s)(?<!\btherefore\s)\bunable\s+to\b", low)
    ):
        return _as(ci, "assertive")  # "I can't go to Austin next week": how things stand now
    present_cue = PRESENT_OVERRIDE.search(low) is not None
    if (
        ci.intent == "assertive"
        and ci.past_time
        and reading.tense == "present"
        and reading.simple_present
        and not present_cue
    ):
        return _as(ci, "historical")  # "so yesterday my landlord shows up...": a story told
    if ci.intent == "assertive" and reading.pluperfect and not present_cue:
        return _as(ci, "historical")  # "we had moved to Denver before the kids were born"
    if ci.intent == "assertive" and reading.tense == "past" and not present_cue:
        if _NEWS_TOLD_NOW.search(low):
            return ci  # "my wife texted that she's stuck at O'Hare": how things are now
        if _negated_result(reading, low):
            return ci
        if not _result_holds(reading, low):
            return _as(ci, "historical")
        # A result holds only if the clause names it in a field; else it is a story.
        return replace(ci, past_event=True)
    if ci.intent == "planning" and reading.tense != "future":
        cue = FUTURE.search(low)
        aux_only = cue is not None and all(
            _AUX_FUTURE.fullmatch(m.group()) for m in FUTURE.finditer(low)
        )
        if aux_only and not ci.future_time:
            if reading.tense == "past":
                if not _result_holds(reading, low):
                    return _as(ci, "historical")
                return replace(ci, intent="assertive", past_event=True)
            if reading.tense == "present" and not (
                reading.progressive and _LATER_TODAY.search(low)
            ):
                # "I'm going to the cinema tonight" is a plan; "I'm going to the cinema" is
                # where one is headed now.
                return _as(ci, "assertive")
    if (
        ci.intent == "historical"
        and reading.tense == "past"
        and not reading.negated
        and not reading.modal
        and not reading.pluperfect
        and (
            reading.verb.split(" ")[0] in _SETTLING
            # "bought our first home in Spokane", "made the move to Vancouver last summer"
            or (reading.verb.split(" ")[0] in ("buy", "close", "make") and HOME_SAID.search(low))
        )
        and _DATED_RECENTLY.search(low)
        and not _STORY_FRAME.search(low)
    ):
        # "we moved to Raleigh three months ago": they live there now; the field rule
        # must name the result, or the clause stays a story.
        return replace(ci, intent="assertive", past_event=True)
    if ci.intent == "historical" and reading.tense == "present" and not reading.modal:
        if reading.perfect and _DURATION_TO_NOW.search(low) and not _EXPERIENCE.search(low):
            return _as(ci, "assertive")  # "I've worked at Costco for five years"
        if reading.progressive and _FROM_YEAR.search(low):
            return _as(ci, "assertive")  # "we are living in Munich from 2021"
        lexical_only = FAR_PAST.search(low) is not None and STATIVE_PAST.search(low) is None
        if (
            lexical_only
            and not _HABIT_PAST.search(low)
            and not _EXPERIENCE.search(low)
            and (reading.perfect or not re.search(r"\b(?:ago|19\d\d|20\d\d)\b", low))
        ):
            return _as(ci, "planning" if _AUX_FUTURE.search(low) else "assertive")
    return ci


def _arranging(ci: ClauseIntent, reading: ClauseReading) -> bool:
    """A want that is a request to arrange something, not a wish: the speaker wants or
    needs (not "would love to") to book, reserve or find, or to stay at a hotel, or
    would like a table, a room or a taxi. It asks for a service, so it is `none`
    (booking requests), never a fact or a dream."""
    if ci.counterfactual or ci.opens_scope or not reading.request or not reading.wanted:
        return False
    verb, *obj = reading.wanted
    if not verb:
        return bool(obj) and obj[0] in SERVICES  # "I'd like a table for 4 at 7pm"
    if verb in AMEND and bool(obj) and obj[0] in SERVICES:
        return True  # "I'd like to change my booking to the 14th"
    return verb in ARRANGE or (verb == "stay" and bool(obj) and obj[0] in LODGING)


def _as(ci: ClauseIntent, intent: MessageIntent) -> ClauseIntent:
    return replace(ci, intent=intent)
