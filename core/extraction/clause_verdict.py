"""What one clause, once read and its fields found, says the whole message is.

``extract_offline`` reads a message clause by clause; each clause then casts a vote
(``clause_verdict``): the intent its committed fields carry ("heading to Tahoe" is a
plan), a story for a past episode that sets nothing ("i lost my wallet at the mall"),
nothing for a clause that claims nothing (a reaction, a fragment, a promise of news), or
else the clause's own intent. ``is_aside`` tells a factual clause that sets no field and
is part of a story told around it ("i got the worst sunburn", "like dude its 7am") from
news about now ("waiting for another bus", "ur mom called, she's out of the hospital").
"""

from __future__ import annotations

import re

from core.extraction.back_again import PAST_DAY
from core.extraction.charges_disputed import disputed_charge
from core.extraction.clause import Clause
from core.extraction.clause_claims import (
    REACTION,
    TEASER,
    claims_nothing,
    episode,
    own_illness,
    promises_news,
    where_i_am,
)
from core.extraction.generic_claims import in_general, named_and_rated, pointed_at_and_rated
from core.extraction.impressions import gives_an_impression
from core.extraction.intent import ClauseIntent
from core.extraction.linguistics.reading import ClauseReading
from core.extraction.markdown import MarkdownLine
from core.extraction.no_state_told import tells_no_state
from core.extraction.now_marked import marked_now
from core.extraction.others_plans import someone_elses_arrangement
from core.extraction.segments import Segment
from core.extraction.travel_objects import anyones_way
from core.extraction.travel_presence import ON_A_VEHICLE
from core.extraction.types import ExtractedObservation, MessageIntent
from core.extraction.weekly_rota import weekly_rota
from core.extraction.word_gates import gated

_HAS_VERB = gated(
    r"\b(?:i|we|he|she|they|it|you|is|are|was|were|am|be|been|have|has|had|do|does|did|got|get|"
    r"will|can|'m|'re|'s|'ve|'ll|'d)\b|\w(?:ed|ing)\b|^[a-z]+s\b"
)
_FRAGMENT = gated(
    r"^(?:without|with|for|but\s+for|in|at|on(?!\s+(?:my|our|the)\s+way\b)|after|before|during|despite|because\s+of|"
    r"thanks\s+to|due\s+to(?!\s+(?:land|arrive|leave|depart|fly|start|begin|finish|end|be|go|"
    # ("due to land in Cork on the 22nd": what is timetabled, a clause with its verb)
    r"return|move|come|get|head|reach|open|close|sail|set|board|check|take|finish)\b)|by)\b"
)
_FRAME_ALONE = gated(
    r"^(?:back\s+)?(?:in|at|during)\s+(?:uni|college|school|high\s+school|sixth\s+form|the\s+day|"
    r"the\s+old\s+days|(?:the\s+)?(?:'|19|20)?\d0s|(?:19|20)\d\d|my\s+(?:twenties|teens|"
    r"thirties|youth|first\s+job|(?:[a-z]+\s+)?days))[\s,.]*$|^(?:back\s+then|(?:many\s+|a\s+few\s+)?years\s+ago|"
    r"as\s+a\s+kid)[\s,.]*$"
)
"""A time frame cut off before the story it opens ("back in uni i used to work nights",
"…, back in my student days",
"as a kid I wanted to live in Paris"): when, not where; the past it sets."""
_TIMETABLE_ENTRY = gated(r"^\d{1,2}(?:[:.]\d\d\s*(?:am|pm|h|hrs)?|\s*(?:am|pm))\s+[a-z]")
"""A line that opens on its clock time ("09:15 pickup from the hotel", "7pm dinner w/ the
Smiths"): an entry of a day's timetable, what is to happen."""
_PUT_TO = gated(
    r"\b(?:pushed|moved|postponed|put|rescheduled|changed|shifted|bumped|delayed|brought)\b"
    r"[^.;!?]*?\b(?:back\s+)?(?:to|till|until|til|forward\s+to)\b"
)
"""A thing put off or brought forward to a day ("pushed the deadline to the 20th", "moved
book club to next thursday"): news of the day it is now, ahead, whatever field it is."""
_HERE_UNTIL = gated(
    r"\bhere\s+(?:(?:for\s+now|still|now)\s+)?(?:until|till|til|untill|through|thru)\b"
)
"""Here until a day ("…, here till the 10th", "here until the 18th"): where the writer is
now, the stay's end ahead, with or without a verb."""
_STAY_ENDS_AHEAD = gated(
    r"\b(?:will|'ll|shall)\s+(?:still\s+)?be\s+(?:(?:still|staying|stuck)\s+)?(?:here|"
    r"at\s+(?:work|the\s+office|the\s+hospital|my\s+desk|the\s+site)|in\s+(?:the\s+)?office|"
    r"on\s+(?:shift|site|call|nights))\s+(?:(?:for\s+now|now|tonight|today)\s+)?"
    r"(?:until|till|til|untill|thru|through)\s"
)
"""Here until a day, said with "will" ("I'll be here till Friday", "will be in office till 6
only"): the stay is now, only its end is ahead (a day it starts makes it a plan, and
``future_time`` says so)."""
_ON_BOARD = gated(rf"^(?:(?:still|now|just|finally)\s+)?{ON_A_VEHICLE}(?!\s+(?:to|from)\b)")
"""On a vehicle now ("on the replacement bus"), not where a story was set ("on the train to
Paris we met…")."""
_RELAYED_BY = gated(r"\b(?:called|texted|emailed|messaged|rang|wrote)$")


def clause_verdict(
    clause: Clause,
    ci: ClauseIntent,
    reading: ClauseReading | None,
    seg_obs: list[ExtractedObservation],
    md: MarkdownLine | None,
    question: bool = False,
) -> MessageIntent:
    """The clause's vote on the message's intent, given the observations it gave."""
    factual = {o.intent for o in seg_obs} & {"assertive", "planning"}
    if (
        not seg_obs
        and clause.intent == "assertive"
        and ci.past_event
        and _PUT_TO.search(clause.low)
        and any(not t.past and t.day > clause.at.date() for t in clause.times)
    ):
        return "assertive"  # "the client pushed the deadline to the 20th": when it is now
    if not seg_obs and clause.intent == "assertive" and episode(clause, ci, reading):
        return "historical"  # "i lost my wallet at the mall": a story
    if (
        not seg_obs
        and clause.intent == "assertive"
        and (reading is None or reading.tense == "none")
        and _TIMETABLE_ENTRY.match(clause.low)
    ):
        return "planning"
    if not seg_obs and (
        (clause.intent == "assertive" and claims_nothing(reading, clause.low))
        or (clause.intent == "hypothetical" and REACTION.search(clause.low))
        or (clause.intent == "planning" and promises_news(reading))
        or TEASER.match(clause.low)
    ):
        return "none"
    if (
        not seg_obs
        and clause.intent in ("assertive", "planning")
        and (in_general(reading, clause) or anyones_way(clause.low))
    ):
        return "none"  # "Trains in this country are a complete joke": an opinion of the world
    if (
        not seg_obs
        and clause.intent in ("assertive", "planning")
        and (pointed_at_and_rated(reading, clause) or named_and_rated(reading, clause))
    ):
        return "none"  # "That hotel is way overpriced for what it is", "this song slaps"
    if not seg_obs and clause.intent != "none" and gives_an_impression(reading, clause.low):
        return "none"  # "sounds like a nightmare tbh", "makes sense": a reply to the listener
    if not seg_obs and clause.intent != "none" and tells_no_state(reading, clause, question):
        return "none"  # "Dad reckons the Broncos will win", "Asking for my sister"
    if (
        clause.intent == "assertive"
        and factual == {"planning"}
        and all(o.field == "travel.return_date" for o in seg_obs)
        and reading is not None
        and (
            (reading.tense == "present" and _stay_of_its_own(reading, clause.low))
            or _HERE_UNTIL.search(clause.low) is not None
        )
        and not ci.future_time
    ):
        return "assertive"  # "we're staying with my mum till Sunday": a stay now, its end ahead
    if (
        clause.intent == "planning"
        and not ci.future_time
        and all(o.field == "travel.return_date" for o in seg_obs)
        and _STAY_ENDS_AHEAD.search(clause.low)
    ):
        return "assertive"  # "I'll be here till Friday": a stay now, its end ahead
    if not seg_obs and clause.intent == "planning" and weekly_rota(clause.low):
        return "assertive"  # "i do earlies mon-wed and lates thurs-fri": the week's pattern
    if clause.intent == "planning" and {o.field for o in seg_obs} == {"profile.employer"}:
        # "i start at amazon on monday": the job is taken now (its field says so), the
        # message tells the day it starts, a plan.
        return "planning"
    if clause.intent in ("assertive", "planning") and factual:
        # What the clause commits decides: "heading to Tahoe" is a plan.
        return "assertive" if "assertive" in factual else "planning"
    if (
        not seg_obs
        and _FRAME_ALONE.match(clause.low)
        and (reading is None or reading.tense == "none")
    ):
        return "historical"  # "back in uni", "as a kid": when the story after it is set
    if not seg_obs and (
        (md is not None and clause.intent not in ("historical", "hypothetical"))
        or (
            _FRAGMENT.search(clause.low)
            and not _HAS_VERB.search(clause.low)
            and not where_i_am(clause.low)  # "on shift until 7am": a state bounded ahead
            and not _ON_BOARD.match(clause.low)
            # "with my dad in leeds till sunday": where the writer is, "I'm" left out
            and not (reading is not None and reading.verbless_state)
        )
    ):
        return "none"  # a fragment ("Without her help", "## Travel") claims nothing
    if not seg_obs and clause.intent == "planning" and someone_elses_arrangement(clause, reading):
        return "assertive"  # "my brother said he's moving to phoenix next month": his, now
    if not seg_obs and clause.intent == "historical" and _disputed_lately(clause):
        return "assertive"  # "Spotify charged me twice this month": wrong now, to put right
    return clause.intent


def _disputed_lately(clause: Clause) -> bool:
    """A charge the writer disputes, on no day gone by but the span now under way ("charged
    me twice this month", not "…twice last year")."""
    today = clause.at.date()
    return (
        disputed_charge(clause)
        and not PAST_DAY.search(clause.low)
        and not any(t.past and not t.begun_span(today) for t in clause.times)
    )


def _stay_of_its_own(reading: ClauseReading, low: str) -> bool:
    """ "we're staying with mum till Sunday", "staying at gran's until the 20th", "we stay on
    until Sunday": a stay with its own subject or its own "-ing", not the bare verb of a plan
    before it ("we arrive Friday and stay until Tuesday")."""
    own = reading.subject_text.lower()
    return (
        reading.progressive
        or low.split(" ", 1)[0].endswith("ing")
        or (bool(own) and re.search(rf"\b{re.escape(own)}\b", low) is not None)
    )


def is_aside(
    verdict: MessageIntent,
    seg: Segment,
    clause: Clause,
    ci: ClauseIntent,
    reading: ClauseReading | None,
    texts: list[str],
) -> bool:
    """No field, and either a past event ("i got the worst sunburn") or a remark about
    someone or something else ("like dude its 7am"): in a story these are part of the
    story, not news about now."""
    return (
        verdict == "assertive"
        and not own_illness(reading, clause.low)
        # "Nan fell last week and she's in the Royal now": a state said to hold now is
        # news after the story, whoever it is about.
        and not (not ci.past_event and marked_now(reading, clause.low, ahead=ci.future_time))
        and (
            ci.past_event
            or reading is None
            or not (
                _speakers_own(reading, clause)
                or _relayed_news(seg, reading, texts)
                or _but_now(seg, reading)
                or _so_now(seg, reading)
                or _going_on_now(seg, reading)
                or _opens_with_now(seg, reading, texts)
            )
        )
    )


def _opens_with_now(seg: Segment, reading: ClauseReading, texts: list[str]) -> bool:
    """ "ur card is due the 18th btw, i saw the email", "the game's on hold, day job ate my
    life": a state of a thing said in the present first, the past after it telling how the
    speaker knows or why; the news leads, the story follows it, not a remark inside one."""
    return (
        bool(texts)
        and seg.text == texts[0]
        and reading.tense == "present"
        and reading.verb == "be"
        and not reading.modal
        and not reading.progressive
    )


def _relayed_news(seg: Segment, reading: ClauseReading, texts: list[str]) -> bool:
    """ "ur mom called, she's out of the hospital": the news a call brought, in the present,
    is about now, not a remark inside a story."""
    if seg.joint != "comma" or reading.tense != "present" or seg.text not in texts:
        return False
    at = texts.index(seg.text)
    return at > 0 and _RELAYED_BY.search(texts[at - 1].lower().rstrip(" ,")) is not None


def _but_now(seg: Segment, reading: ClauseReading) -> bool:
    """ "our son broke his arm at recess but he's in good spirits": a present state set
    against the story before it is how things stand now, not part of the story."""
    return seg.joint == "but" and reading.tense == "present" and reading.subject_person


def _so_now(seg: Segment, reading: ClauseReading) -> bool:
    """ "Grandad passed his assessment so he's allowed to drive again", "we split up in the
    summer so it's just me and the kids": a present state told as the result of the event
    before it is how things stand now, not part of the story; a guess ("so it might rain")
    stays out."""
    return seg.joint == "so" and reading.tense == "present" and not reading.modal


_S_ING = gated(r"^[a-z]+'s\s+(?:(?:just|still|now)\s+)?[a-z]+ing\b")


def _going_on_now(seg: Segment, reading: ClauseReading) -> bool:
    """ "the boiler broke again and the landlord isn't answering", "mum's picking me up at 4
    bc i threw up": something or someone at it now, said in the present progressive beside
    a past event, is how things stand, not a remark inside a story."""
    return (
        seg.joint in ("", "and", "comma", "so")
        and reading.tense == "present"
        # "mum's picking me up": the parse may not see "'s" as "is".
        and (reading.progressive or _S_ING.search(seg.low) is not None)
        and not reading.modal
        and reading.subject == "other"
    )


def _speakers_own(reading: ClauseReading, clause: Clause) -> bool:
    """The clause tells what the speaker does: "I"/"we" as subject, a present verb whose
    subject is left out ("waiting for another bus", "heading to bed now"), or no verb at
    all where the speaker is ("back home from the hospital")."""
    return (
        reading.subject in ("speaker", "we")
        or (reading.subject == "none" and reading.tense == "present")
        or (
            reading.tense == "none"
            and where_i_am(clause.low)
            # "back home from the hospital last june": a story
            and not (any(t.past for t in clause.times) or PAST_DAY.search(clause.low))
        )
    )
