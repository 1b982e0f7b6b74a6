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

Which past verbs leave a result that holds now is ``grammar_results``. The parse only
refines a clause the word checks read as a fact, a plan or the past; it never makes a fact
out of a possibility, a question or chat.
"""

from __future__ import annotations

import re
from dataclasses import replace

from core.extraction.arranged_ahead import booked_for_a_day_ahead, got_for_a_time_ahead
from core.extraction.grammar_results import negated_result, result_holds
from core.extraction.home_words import HOME_SAID
from core.extraction.intent import ClauseIntent
from core.extraction.intent_nonfactual import IF_IDIOM
from core.extraction.intent_tense import FAR_PAST, FUTURE, JOURNEY_DONE, STATIVE_PAST, marks_present
from core.extraction.intent_tense import dated_behind as _dated_behind
from core.extraction.linguistics.reading import ClauseReading
from core.extraction.linguistics.requests import (
    AMEND,
    ARRANGE,
    AT_THE_DESK,
    LODGING,
    SERVICES,
    SETTLED_AT_THE_DESK,
)
from core.extraction.remembered import memory_told
from core.extraction.terms_ahead import a_things_term
from core.extraction.types import MessageIntent
from core.extraction.word_gates import gated

_LATER_TODAY = gated(
    r"\b(?:tonight|tonite|later(?:\s+today|\s+on)?|this\s+(?:evening|afternoon)|after\s+work)\b"
)
_GOING_TO_DO = gated(
    r"\bgonna\s+(?!be\b)[a-z]|\bgoing\s+to\s+(?!(?:be|the|a|an|my|our|your|ur|his|her|their|some|this|that|"
    r"work|school|bed|church|town|uni|college|class|mum's|mom's|dad's|\w+'s)\b)[a-z]+\s"
)
"""The future with its verb ("gonna grind ranked all night", "going to paint the hall"),
not where one is headed ("going to the cinema", "going to work") nor how things will be
("dad's gonna be ok")."""
_AUX_FUTURE = gated(r"\b(?:will|won't|shall)\b|'ll\b|\b(?:going\s+to|gonna|about\s+to)\b")
_EXPERIENCE = gated(
    r"\b(?:'ve|have|has)\s+(?:never\s+)?(?:been\s+to|visited)\b|"
    # "we've set off for lisbon twice", "i've flown to porto before": a journey counted or
    # done before is an experience (not "twice today", so far today; not "the guest has
    # messaged 4 times": only a journey's verb).
    rf"\b{JOURNEY_DONE}\b[^.;!?]*?(?:\b(?:twice|once|(?:a\s+few|a\s+couple(?:\s+of)?|several|"
    r"many|loads\s+of|lots\s+of|countless|umpteen|dozens\s+of|so\s+many|\d+|two|three|four|five)"
    r"\s+times)\b(?!\s+(?:today|this\s+"
    r"(?:morning|week)))|\bbefore\s*(?=$|[.!?,;:)]))"
)
_HABIT_PAST = gated(r"\bused\s+to\b|\bgrew\s+up\b")
_DURATION_TO_NOW = gated(
    r"\bfor\s+(?:[\w']+\s+){0,3}(?:years|yrs|months|weeks|decades|days|ages)\b|"
    r"\b(?:my|our|their)\s+(?:whole|entire)\s+li(?:fe|ves)\b|\ball\s+(?:my|our)\s+li(?:fe|ves)\b|"
    r"\bsince\b|"
    # "the kids have had a stomach bug all week": a span that runs up to now.
    r"\ball\s+(?:week|month|year|day|morning|winter|summer|semester|term)(?:\s+long)?\b|"
    r"\b(?:the\s+)?(?:whole|entire)\s+(?:week|month|year|time)\b"
)
_FROM_YEAR = gated(r"\bfrom\s+(?:19\d\d|20[0-2]\d)\b(?!\s*(?:to|till|until|-)\b)")
"""Non-native "since": "we are living in Munich from 2021", "working in TCS from 2019"."""
_SETTLING = frozenset(
    {"move", "relocate", "shift", "settle", "start", "join", "switch", "transfer"}
)
"""Verbs whose result is where the speaker lives or works now, however long ago it was."""
_DATED_RECENTLY = gated(
    r"\b(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|"
    r"several|couple(?:\s+of)?)\s+(?:days?|weeks?|wks?|months?|mos?|years?|yrs?)\s+ago\b|"
    r"\blast\s+(?:week|wk|month|year|yr|spring|summer|fall|autumn|winter)\b|\brecently\b|"
    r"\bin\s+(?:january|february|march|april|may|june|july|august|september|october|"
    r"november|december|(?:19|20)\d\d)\b"
)
_STORY_FRAME = gated(
    r"\bused\s+to\b|\bgrew\s+up\b|\bwhen\s+(?:i|we)\s+(?:was|were)\b|\bas\s+an?\s+"
    r"(?:kid|child|teen|teenager|student)\b|\bback\s+(?:then|in)\b|\bback\s+when\b(?!\s+(?:i|we|you|u)\s+(?:can|can't|get|am|'m|are|have|need|find|land|arrive|finish|wake|hear)\b)|\bin\s+(?:college|"
    r"high\s+school|grad\s+school)\b|\bbefore\b|\buntil\b|\btill\b|\bthen\b|\bafter\s+(?:i|we)\b"
)
"""A move inside a story ("when I was ten we moved to Ohio", "we moved to Reno before
the kids were born") says nothing about where the speaker is now."""
_BACK_EXPECTED = gated(
    r"\bshould\s+(?:be\s+(?:back|home|there|here|(?:in|at)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?\s+by"
    r"(?!\s+now\b))|land|arrive|get\s+(?:in|there|here|home)|"
    # "should be landing in Doha around 4": the arrival told in the progressive.
    r"be\s+(?:landing|arriving|getting\s+(?:in|there|here|home)|pulling\s+in))\b(?![^.;]*\bby\s+now\b)"
)
"""A return expected ("we should be back sunday night"), not a possibility weighed."""
_POSSIBILITY = frozenset({"could", "might", "may", "would", "should"})
_UNABLE = gated(r"\b(?:can't|cannot|can\s+not|ca\s+n't|be\s+able\s+to)\b")
"""A negated ability ("can't", "won't be able to"): an inability now, not a plan."""


_NEWS_TOLD_NOW = gated(
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
    if _sounds_so(reading) and _SOUNDS_UNWELL.search(low) is None:
        # "Rome on the 2nd sounds amazing", "lisbon next week sounds fun": a reaction to
        # what was told, someone else's plan judged, no fact of the speaker's.
        return _as(ci, "none")
    if ci.intent in ("assertive", "planning") and memory_told(low):
        return _as(ci, "historical")  # "I remember the night we landed in Lagos"
    if ci.intent == "assertive" and _obliged_then(ci, reading, low):
        return _as(ci, "planning")  # "need to pick up mum from the station at 6"
    if (
        ci.intent == "assertive"
        and reading.modal == "should"
        and reading.subject in ("speaker", "we")
        and _BACK_EXPECTED.search(low)
    ):
        # "we should be home by 7": an arrival expected, ahead ("…on the train, should be
        # home by 6", its subject left out, goes on with the journey told before it).
        return _as(ci, "planning")
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
    if ci.intent == "planning" and a_things_term(reading, low):
        return _as(ci, "assertive")  # "rent is due tomorrow": owed now, its day ahead
    present_cue = marks_present(low)
    if (
        ci.intent == "planning"
        and reading.tense == "past"
        and present_cue
        and not reading.modal
        and FUTURE.search(low) is None
    ):
        return _as(ci, "assertive")  # "had covid at Easter, fine now": no plan in a past verb
    if (
        ci.intent == "assertive"
        and ci.past_time
        and reading.tense == "present"
        and (reading.simple_present or _told_as_now(reading, low))
        and not present_cue
    ):
        return _as(ci, "historical")  # "so yesterday my landlord shows up...": a story told
    if ci.intent == "assertive" and reading.pluperfect and not present_cue:
        return _as(ci, "historical")  # "we had moved to Denver before the kids were born"
    if ci.intent in ("assertive", "historical") and got_for_a_time_ahead(ci, reading, low):
        return _as(ci, "planning")  # "got the dentist at 9 tomorrow": have got, not got
    if ci.intent in ("assertive", "historical") and booked_for_a_day_ahead(ci, reading, low):
        return _as(ci, "planning")  # "sorted the train to Bristol for saturday": a trip ahead
    if ci.intent == "assertive" and reading.tense == "past" and not present_cue:
        if _NEWS_TOLD_NOW.search(low):
            return ci  # "my wife texted that she's stuck at O'Hare": how things are now
        if negated_result(reading, low):
            return ci
        if not result_holds(reading, low):
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
                if not result_holds(reading, low):
                    return _as(ci, "historical")
                return replace(ci, intent="assertive", past_event=True)
            if (
                reading.tense == "present"
                and not (reading.progressive and _LATER_TODAY.search(low))
                and not _GOING_TO_DO.search(low)
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
        if _past_only_in_its_cause(reading, low):
            return _as(ci, "assertive")  # "I'm knackered as the baby was up all night"
        if reading.perfect and _DURATION_TO_NOW.search(low) and not _EXPERIENCE.search(low):
            return _as(ci, "assertive")  # "I've worked at Costco for five years"
        if reading.progressive and _FROM_YEAR.search(low):
            return _as(ci, "assertive")  # "we are living in Munich from 2021"
        if _perfect_of_now(reading, low):
            return _as(ci, "assertive")  # "Milo's had diarrhoea twice today": so far, now
        lexical_only = FAR_PAST.search(low) is not None and STATIVE_PAST.search(low) is None
        if (
            lexical_only
            and not _HABIT_PAST.search(low)
            and not _EXPERIENCE.search(low)
            # "we've flown to Lisbon in 2019": a perfect dated behind tells the past
            and not _dated_behind(low, perfect=reading.perfect)
        ):
            return _as(ci, "planning" if _AUX_FUTURE.search(low) else "assertive")
    return ci


_EVER_DONE = gated(
    r"\b(?:'ve|have|has|'s)\s+(?:never\s+|ever\s+|already\s+)?(?:been\s+to|visited|lived|"
    r"worked|travell?ed|seen|tried|met|done\s+(?:it|that|this))\b"
)
_SO_FAR_TODAY = gated(
    r"\b(?:today|tonight|overnight|this\s+(?:morning|afternoon|evening|week)|so\s+far|since)\b"
)


def _perfect_of_now(reading: ClauseReading, low: str) -> bool:
    """A present perfect ("she's had her op and is home", "Milo's had diarrhoea twice
    today") tells what the present is after it, not a story; not an experience ("I've been
    to Rome", "we've lived abroad") nor one dated behind or counted over a life ("I've had
    the flu twice"; "twice today" is so far today)."""
    if not reading.perfect or reading.negated or _EVER_DONE.search(low):
        return False
    behind = FAR_PAST.search(low) or _dated_behind(low, perfect=True)  # "in june 2021"
    return not behind or _SO_FAR_TODAY.search(low) is not None


_CAUSE = gated(r"\b(?:as|because|cos|coz|cuz|bc|'cause)\s+(?!(?:well|soon|much|long)\b)")


def _past_only_in_its_cause(reading: ClauseReading, low: str) -> bool:
    """A present state whose only past verb is in the clause of its cause ("I'm knackered
    as the baby was up all night", "we're skint cos the car failed its MOT")."""
    cause = _CAUSE.search(low)
    return (
        cause is not None
        and not reading.perfect
        and FAR_PAST.search(low) is None
        and STATIVE_PAST.search(low[: cause.start()]) is None
    )


_CLOCK = gated(r"\b(?:at|by|for|before)\s+(?:\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)?|noon|midday)\b")
_SERVICE_VERBS = ARRANGE | AT_THE_DESK | frozenset({"get", "have", "buy", "grab", "see", "speak"})


_SOUNDS_UNWELL = gated(
    r"\bsounds?\s+(?:[a-z]+\s+){0,3}?(?:better|worse|clearer|rough|awful|terrible|hoarse|croaky|"
    r"chesty|congested|wheezy|raspy|weak|tired|sick|ill|poorly|off)\b"
)
"""How someone sounds ("Grandpa's chest sounds a lot clearer", "mum sounds rough"): their
health heard, a state, not a judgment of what was told."""


def _sounds_so(reading: ClauseReading) -> bool:
    """What was heard judged ("X sounds amazing"): "sound" with an adjective or a noun, said
    of a thing (not "sounds like I'm flying out Friday", a hedge on the speaker's own news)."""
    return (
        reading.verb == "sound"
        and reading.tense == "present"
        and reading.subject == "other"
        and not reading.negated
        and ("acomp" in reading.complements or "attr" in reading.complements)
    )


def _told_as_now(reading: ClauseReading, low: str) -> bool:
    """A story's present progressive ("So I'm standing at the gate in Dublin yesterday"): the
    scene set in a past day, not a state that runs "since" it."""
    return reading.progressive and not reading.perfect and re.search(r"\bsince\b", low) is None


def _obliged_then(ci: ClauseIntent, reading: ClauseReading, low: str) -> bool:
    """What the speaker needs or has to do at a time ahead ("need to pick up mum at 6",
    "have to be at the airport by 5"): a plan, not a service asked for ("I need to book a
    taxi at 6", "need to get a room") nor a need without a time ("I need to sleep")."""
    if reading.verb != "need" or not reading.request or reading.subject not in ("speaker", "none"):
        return False
    verb = reading.wanted[0] if reading.wanted else ""
    if not verb or verb in _SERVICE_VERBS:
        return False
    return ci.future_time or _CLOCK.search(low) is not None


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
    if verb in AT_THE_DESK or (
        verb in ("pay", "leave", "drop") and bool(obj) and obj[0] in SETTLED_AT_THE_DESK
    ):
        return True  # "we'd like to check out early", "I'd like to pay by card"
    return verb in ARRANGE or (verb == "stay" and bool(obj) and obj[0] in LODGING)


def _as(ci: ClauseIntent, intent: MessageIntent) -> ClauseIntent:
    return replace(ci, intent=intent)
