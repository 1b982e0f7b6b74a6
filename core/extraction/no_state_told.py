"""Clauses that tell no state of the writer's, though their grammar looks like news: what
someone else thinks ("Dad reckons the Broncos will win it all this year"), what is said
to be coming in the world ("apparently the new Aldi opens on the 12th", "it's going to
snow all weekend"), a forecast for the one spoken to ("Take the job, you won't regret
it"), what the message itself is doing ("Asking for my sister", "pinging @ana for
visibility", "just calling to say happy birthday"), a request put with a question mark
("Remind me what time the thing is on Friday?") or to "someone", advice under its label
("Pro tip: add a pinch of salt") and the other way of advice ("…or it'll be bland").

Each is read from the clause's parse (its main verb, subject and complements), and only
for a clause that set no field: a clause that found the writer's trip or a relative's
illness keeps what it found ("apparently my flight's cancelled" is still the writer's).
"""

from __future__ import annotations

import re

from core.extraction.clause import Clause
from core.extraction.family_members import names_a_relation
from core.extraction.linguistics.parse import clause_span
from core.extraction.linguistics.reading import ClauseReading
from core.extraction.types import MessageIntent
from core.extraction.word_gates import gated

_OPINION_VERBS = frozenset({"reckon", "think", "believe", "figure", "bet", "predict", "guess"})
"""Verbs of holding a view: with someone else as subject, the clause is their opinion."""
_HEARSAY = gated(
    r"\b(?:apparently|supposedly|allegedly|reportedly|rumou?r\s+(?:has\s+it|is)|word\s+is|"
    r"(?:is|are|was|'s|'re)\s+supposed\s+to|(?:weather\s+)?forecast(?:'s|\s+(?:says|said|is\s+saying|"
    r"shows|has))|as\s+(?:they|people|the\s+(?:old\s+)?saying)\s+(?:say|goes))\b"
)
"""What the writer passes on from elsewhere (a rumour, a forecast, a saying), not what the
writer is or will do."""
_AHEAD = gated(r"\b(?:supposed|meant|set|due|forecast|expected)\s+to\b")
"""The weather as forecast: "it's meant to pour all weekend", "it's set to snow"."""
_WEATHER = frozenset(
    {"rain", "snow", "pour", "drizzle", "hail", "storm", "freeze", "sleet", "thunder", "shower"}
)
_OWNED = gated(r"\b(?:my|our|me|us|i|we|i'm|we're|mine|ours)\b")
"""Words that make a clause's subject or object the writer's own."""
_MESSAGE_ACTS = frozenset({"ask", "upvote", "bump", "ping", "tag", "cc", "flag", "loop"})
"""What a post does by being posted: "asking for a friend", "bumping this", "pinging @ana"."""
_CALLS = frozenset({"call", "ring", "write", "text", "message", "email", "phone", "reach"})
"""Ways of getting in touch: the message's act when they say what for ("calling to say…")."""
_SAID_FOR = frozenset({"say", "ask", "let", "check", "wish", "see", "tell", "remind", "thank"})
_REMINDER_TO_OTHERS = gated(
    r"^(?:(?:just\s+)?an?\s+)?(?:friendly|gentle|quick|final|last|little)?\s*(?:reminder|nudge)\b"
    r"(?=[^.;!?]*\b(?:you|your|u|ur|everyone|everybody|all|y'all|folks|team|guys)\b)"
)
"""A reminder put to the others ("Friendly reminder to fill in your timesheets by Friday"):
what they are to do, not the writer's plan ("reminder: dentist at 3" stays a note)."""
_ASKING_VERBS = frozenset({"remind", "tell", "show", "send", "give", "let", "help", "explain"})
"""An imperative put as a question asks the reader for something ("Remind me what time…?")."""


def tells_no_state(reading: ClauseReading | None, clause: Clause, question: bool) -> bool:
    """The clause, which set no field, says nothing of the writer's world now or ahead."""
    if reading is None:
        return False
    return (
        _someone_elses_view(reading, clause)
        or _passed_on(reading, clause)
        or _forecast_for_the_listener(reading, clause)
        or _message_act(reading, clause)
        or (question and (_asks_by_imperative(reading) or _asked_of_anyone(reading, clause)))
        or _put_to_anyone(reading, clause)
        or _advice_labelled(clause)
        or _REMINDER_TO_OTHERS.match(clause.low) is not None
        or _WHO_SAYS_SO.fullmatch(clause.low.strip(" ,.:;!-")) is not None
    )


_WHO_SAYS_SO = gated(
    r"as\s+(?:[\w']+\s+){1,3}?(?:always\s+|often\s+|once\s+|used\s+to\s+|would\s+|likes?\s+to\s+)?"
    r"(?:says?|said|puts?\s+it|goes)"
)
"""Whose words follow, cut off from them ("as my mum always says, …", "as the saying goes"):
the attribution tells nothing; the words after it are read on their own."""


def _someone_elses_view(reading: ClauseReading, clause: Clause) -> bool:
    """ "Dad reckons the Broncos will win", "everyone at work thinks the merger is a done
    deal": another's view of the world at large, not news of the writer's. A view of a
    person or of a thing of someone's ("my sister reckons she's got flu", "vet thinks it's
    pancreatitis", "tom reckons the match will be called off") stays what it tells."""
    if not (
        reading.subject == "other"
        and reading.tense == "present"
        and not reading.modal
        and reading.verb in _OPINION_VERBS
        and "ccomp" in reading.complements
    ):
        return False
    span = clause_span(clause.message, clause.text, clause.start_in_message)
    if span is None:
        return False
    view = next((t for t in span if t.dep_ == "ccomp"), None)
    if view is None:
        return False
    if _OWNED.search(" ".join(t.lower_ for t in view.subtree)):
        return False  # "my sister thinks our flat is haunted": a thing of the writer's
    held_of = next((t for t in view.children if t.dep_ in ("nsubj", "nsubjpass")), None)
    if held_of is None or held_of.pos_ == "PRON" or names_a_relation(held_of.lower_):
        return False
    if held_of.pos_ == "PROPN":
        return True  # "the Broncos will win", "Arsenal are finished"
    rated = any(c.dep_ in ("acomp", "attr") for c in view.children)
    return view.lemma_ == "be" and rated and not any(c.dep_ == "nsubjpass" for c in view.children)


def _passed_on(reading: ClauseReading, clause: Clause) -> bool:
    """ "apparently the new Aldi opens on the 12th", "it's going to snow all weekend",
    "rain again tomorrow apparently", "rumour has it they're hiring": what is said to be
    happening in the world, with nobody of the writer's in it; "apparently my train's
    cancelled" stays the writer's (and a relative's news that set no field stays news)."""
    low = clause.low
    if reading.subject in ("speaker", "we", "addressee") or _OWNED.search(low):
        return False
    if _names_kin(reading.subject_text):
        return False
    # The weather ahead or as forecast ("it's meant to pour all weekend"); "it's been raining
    # here for days" and "but it poured" tell the writer's day.
    hearsay = _HEARSAY.search(low)
    weather = (
        reading.subject_text.lower() == "it"
        and (
            reading.tense == "future"
            or clause.intent == "planning"
            or _AHEAD.search(low) is not None
        )
        and (reading.verb.split(" ")[0] in _WEATHER or bool(_WEATHER.intersection(clause.words)))
    )
    # Hearsay of what is to come ("the canteen's closing next month") or a rumour; "the
    # bridge is closed till monday, apparently" is news of the writer's roads now.
    return weather or (
        hearsay is not None
        and (clause.intent == "planning" or hearsay.group().startswith(("rum", "word", "as ")))
    )


def _forecast_for_the_listener(reading: ClauseReading, clause: Clause) -> bool:
    """ "you won't regret it", "you'll love it there": what the writer foresees for the one
    spoken to, not a plan of the writer's."""
    return (
        reading.subject == "addressee"
        and reading.tense == "future"
        and _OWNED.search(clause.low) is None
    )


def _message_act(reading: ClauseReading, clause: Clause) -> bool:
    """ "Asking for my sister", "Upvoting for visibility", "just calling to say happy
    birthday": with no subject, the present verb names what this message does, so it tells
    nothing; "calling the landlord now" (a call with its callee) is news of the writer."""
    if reading.subject != "none" or reading.tense != "present" or reading.modal:
        return False
    verb = reading.verb.split(" ")[0]
    if verb in _MESSAGE_ACTS:
        return "prep:for" in reading.complements or "dobj" in reading.complements
    if verb in _CALLS and "xcomp" in reading.complements:
        said = re.search(r"\bto\s+([a-z]+)", clause.low)
        return said is not None and said.group(1) in _SAID_FOR
    return False


def _asks_by_imperative(reading: ClauseReading) -> bool:
    """ "Remind me what time the thing is on Friday?", "tell me when you land?": an order
    with a question mark is a request, not a question about a possibility."""
    return reading.imperative and reading.verb.split(" ")[0] in _ASKING_VERBS


_ANYONE = frozenset({"anyone", "anybody", "someone", "somebody", "everyone", "everybody", "people"})


def _asked_of_anyone(reading: ClauseReading, clause: Clause) -> bool:
    """ "why would anyone wear crocs to prom?", "does anybody actually read these?": a
    question about people at large, not about what the writer might do. A question opened
    by its modal still weighs a possibility ("Could anyone have stopped the war?", "Would
    anybody really leave Paris for that?"), as a question of what might have been does."""
    if reading.subject != "other" or reading.subject_text.lower() not in _ANYONE:
        return False
    return not (reading.modal and clause.text.lower().startswith(reading.modal))


def _put_to_anyone(reading: ClauseReading, clause: Clause) -> bool:
    """ "someone tell the devs the matchmaking is cooked", "somebody get this man a
    coffee": the verb's bare form after "someone" (which would take "tells") is an order to
    whoever reads it, not news ("someone tells me…", "someone took my seat"); "anyone know a
    good plumber" asks, and is read with the questions."""
    if reading.subject_text.lower() not in ("someone", "somebody"):
        return False
    span = clause_span(clause.message, clause.text, clause.start_in_message)
    return span is not None and any(t.dep_ == "ROOT" and t.tag_ in ("VB", "VBP") for t in span)


_ADVICE_LABEL = gated(r"^(?:pro\s*tip|top\s+tip|hot\s+tip|psa|life\s*hack|tip)\s*:")


def _advice_labelled(clause: Clause) -> bool:
    """ "Pro tip: soak the beans overnight", "PSA: bring your own bags": a label for advice,
    then a verb's bare form, an order to the reader ("Top tip from me: I live in Leeds…"
    tells)."""
    if _ADVICE_LABEL.match(clause.low) is None:
        return False
    span = clause_span(clause.message, clause.text, clause.start_in_message)
    if span is None:
        return False
    after = [t for t in span if t.i > next((c.i for c in span if c.text == ":"), len(span) + t.i)]
    first = next((t for t in after if t.pos_ != "ADV" and t.dep_ != "neg"), None)
    return first is not None and first.tag_ == "VB"


def _names_kin(subject: str) -> bool:
    return bool(subject) and names_a_relation(subject.lower())


def advices_other_way(
    verdict: MessageIntent, joint: str, before: list[MessageIntent], found: bool
) -> MessageIntent:
    """ "Marinate the chicken for two hours or it'll be bland", "salt it first or it goes
    soggy": what follows if the advice before is not taken is part of the advice, and
    claims no more than it; "we might drive, or we'll fly" keeps its wondering."""
    if joint == "or" and not found and before[-1:] == ["none"] and verdict != "historical":
        return "none"
    return verdict
