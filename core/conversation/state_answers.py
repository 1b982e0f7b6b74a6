"""Questions about state, answered from state (pure): where the user is, their trip, dates,
bills, projects, the household's members, the profile.

``STATE_QUESTIONS`` is the table ``offline_answer`` reads: a pattern of the question, the
answer (what it is about, e.g. "emma" or "rent"; what is known -> the reply), and which
fields the question is about, so that an open question about the same thing can be
named with the answer (``core.conversation.question_notes``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from typing import NamedTuple

from core.conversation.errand_answers import owed_reply
from core.conversation.question_notes import Relevance, ranked_fields, under
from core.conversation.source_words import said_source
from core.conversation.trip_answers import (
    WHERE_UNSAID,
    another_trip,
    stale_location,
    unplaced_away,
)
from core.conversation.when_said import when_text
from core.domain.audit import show_value
from core.domain.household import name_key
from core.domain.kin_words import RELATIONS, be_for
from core.domain.naming import errand
from core.domain.phrasing_values import money_text, show, show_date, show_in
from core.domain.state import CommittedFact
from core.engine.consistency import calendar_day, today_where, users_zone
from core.engine.same_errand import held_name
from core.engine.trip_state import DEPART, DESTINATION, HOME, LOCATION, RETURN, STATUS
from core.extraction.first_names import is_first_name

UNSURE = (
    "I'm not sure what you mean. Tell me what changed, or ask me something like "
    '"where am I?" (or type help).'
)


def _said(f: CommittedFact, known: Known) -> str:
    return f"{said_source(f, known.reader)}, {when_text(f.evidence_ts, known.now, _zone(known))}"


def _zone(known: Known) -> str | None:
    """The reader's time zone, from what is held of them."""
    return users_zone({name: f.value for name, f in known.facts.items()})


NOT_KEPT = (
    "I don't keep track of {} — for family I keep only how they are (sick, well, away or home)."
)


def _dont_know(what: str) -> str:
    return f"I don't know {what} yet — tell me."


Facts = dict[str, CommittedFact]


class Known(NamedTuple):
    """What a question about state is answered from."""

    facts: Facts
    now: datetime
    reader: str
    """The asker's own entity: what they said reads "you told me", another's does not."""
    asked: tuple[str, ...] = ()
    """Users of the household (by name) still to answer what the asker said of them."""


Answer = Callable[[str, Known], str]
"""(what the question is about, e.g. 'emma' or 'rent'; what is known) -> the reply."""


def _where(_subject: str, known: Known) -> str:
    facts, now = known.facts, known.now
    loc = facts.get("travel.location")
    if loc is not None and stale_location(facts):
        # Only the finished trip put the user there: not a place to say they are.
        return f"Your trip to {show_value(loc.value)} is over, so I don't know where you are now — tell me."
    if loc is None:
        home, status = facts.get("profile.home_city"), facts.get("travel.status")
        if home is not None and status is not None and status.value == "completed":
            return f"Home in {show_value(home.value)}, I'd think: your trip is over ({_said(status, known)})."
        if status is not None and status.value == "completed":
            # "we got back home last night" with no home city known: home, wherever it is.
            return (
                f"Back home: your trip is over ({_said(status, known)}). I don't know which "
                'city home is yet — tell me ("I live in Portland").'
            )
        dest = facts.get("travel.destination")
        if status is not None and status.value == "in_progress" and dest is not None:
            # "we made it to the cabin", confirmed: away on the trip planned, though no
            # message named the place the user is at.
            return (
                f"On your trip to {show_value(dest.value)}, I'd think: it's under way "
                f"({_said(status, known)})."
            )
        if status is not None and status.value == "in_progress":
            # "staying at my mom's till thursday", confirmed: away, though no place was said.
            back = facts.get("travel.return_date")
            until = f", back {show_in('travel.return_date', back.value)}" if back else ""
            return (
                f"Away from home{until}: your trip is under way ({_said(status, known)}). "
                "I don't know where you are — tell me."
            )
        if (away := unplaced_away(facts)) is not None:
            # "back monday", said with no trip and confirmed: away, where not said.
            back = facts["travel.return_date"]
            away = away.removesuffix(WHERE_UNSAID)
            return (
                f"{away[:1].upper()}{away[1:]} ({_said(back, known)}), but you haven't said "
                "where — tell me."
            )
        if home is not None:
            # Home is known, where the user is now is not (a trip's question may be open,
            # named after this): say what is known rather than "I don't know" alone.
            return (
                f"Your home is {show_value(home.value)} ({_said(home, known)}), but I don't "
                "know where you are right now."
            )
        return _dont_know("where you are")
    when = when_text(loc.evidence_ts, now, _zone(known))
    source = said_source(loc, known.reader)
    # "on our way home from tahoe now": still there as far as Canon knows, but not for long.
    leaving = ", heading home today" if _home_today(known) else ""
    if when == "just now":
        return f"In {show_value(loc.value)}{leaving} ({source} just now)."
    return f"In {show_value(loc.value)}{leaving}, since {when} ({source})."


def _home_today(known: Known) -> bool:
    """Whether the trip under way comes back today, on the user's clock."""
    facts = known.facts
    status, back = facts.get("travel.status"), facts.get("travel.return_date")
    if status is None or status.value != "in_progress" or back is None:
        return False
    today = today_where({f: c.value for f, c in facts.items()}, known.now)
    return calendar_day(back.value) == today


def _date_answer(field: str, what: str) -> Answer:
    def answer(_subject: str, known: Known) -> str:
        f = known.facts.get(field)
        if f is None:
            return _dont_know(what)
        return f"{what.capitalize()}: {show_in(field, f.value)} ({_said(f, known)})."

    return answer


def _project(subject: str, known: Known) -> str:
    words = [w for w in re.split(r"[ _]+", subject) if w and w not in _FILLER]
    found = _find(known.facts, "project", "status", words)
    label = " ".join(words) or "that project"
    if found is None:
        return _dont_know(f"how {label} is going")
    value = show_value(found.value).replace("_", " ")
    return f"{label.capitalize()}: {value} ({_said(found, known)})."


_FILLER = {"the", "my", "our", "a", "project", "bill", "status", "of", "for", "s", "is", "on"}


def _find(facts: Facts, domain: str, name: str, words: list[str]) -> CommittedFact | None:
    slug = "_".join(words)
    # "is the pge bill paid" of the PG&E bill (pg_e_bill): the held name of those letters.
    exact = facts.get(f"{domain}.{held_name(slug, domain, facts) or slug}.{name}")
    if exact is not None:
        return exact
    for field, f in sorted(facts.items()):
        parts = field.split(".")
        same_kind = len(parts) == 3 and (parts[0], parts[2]) == (domain, name)
        # "website" finds project.website_redesign.status
        if same_kind and words and all(w in parts[1].split("_") for w in words):
            return f
    return None


def _is_reader(who: str, known: Known) -> bool:
    """Whether ``who`` is the asker by the name they gave Canon, and their own state says
    where they are (else the household's word is all there is)."""
    name = known.facts.get("profile.name")
    mine = {f for f, fact in known.facts.items() if fact.entity_id == known.reader}
    return (
        name is not None
        and name.entity_id == known.reader
        and name_key(str(name.value)) == who.lower()
        and bool(mine & {"travel.status", "travel.location"})
    )


def _member(where: bool) -> Answer:
    """ "is emma sick?", "where is alice?": what the household knows of them (sick, home,
    away), never a guess from the speaker's own trip; "where is dinner?" asks of no one."""

    def answer(who: str, known: Known) -> str:
        if where and _is_reader(who, known):
            return _where(who, known)  # "where is alice?" from Alice: her own word first
        # "my mom", "the kids": by relation, "your mom"; "mom", "emma": as the asker says it.
        related, _, who = who.rpartition(" ")
        person = f"your {who}" if related else who.title()
        be = be_for(who)
        f = _find(known.facts, "family", "status", [who])
        if f is not None:
            said = f"{person} {be} {show_in(f.field, f.value)} ({_said(f, known)})."
            return said[:1].upper() + said[1:]
        if not where:
            return _dont_know(f"how {person} {be}")
        named = next((n for n in known.asked if n.lower() == who.lower()), None)
        if named is not None:
            # Bob told Canon where Alice is: it is hers to confirm, and she has not yet.
            return (
                f"I don't know where {named} is yet — I've asked {named} to confirm what "
                "you told me."
            )
        known_as = is_first_name(who) or who in RELATIONS
        # No place is kept for family: "tell me" would promise a memory Canon lacks.
        return NOT_KEPT.format(f"where {person} {be}") if known_as else UNSURE

    return answer


def _paid(subject: str, known: Known) -> str:
    """The bill named as held ("the electricity bill (€84)"); unpaid, its day due or overdue."""
    facts = known.facts
    words = [w for w in subject.split() if w not in _FILLER]
    what = " ".join(words)
    status = _find(facts, "financial", "status", words) if words else None
    if status is None:
        # "did i pay the bill?": no name left to look up, so the words as said.
        return _dont_know(f"whether you paid {what or subject.strip()}")
    bill = status.field.rsplit(".", 1)[0]
    amount, currency = facts.get(f"{bill}.amount"), facts.get(f"{bill}.currency")
    money = ""
    if amount is not None:
        money = f" ({money_text(amount.value, 'USD' if currency is None else currency.value)})"
    named = f"{errand(show(bill.split('.', 1)[1]))}{money}"
    state = show_value(status.value)
    if state == "paid":
        return f"Yes, {named} is paid — {_said(status, known)}."
    due = facts.get(f"{bill}.due_date")
    day = None if due is None else calendar_day(due.value)
    if state != "due" or day is None:
        return f"{named[:1].upper()}{named[1:]} is {state} — {_said(status, known)}."
    mine = {f.field: f.value for f in facts.values() if f.entity_id == known.reader}
    today = today_where(mine, known.now)
    when = show_date(day.isoformat(), today)
    head = (
        f"Not that I know of: {named} was due {when}, so it's overdue"
        if day < today
        else f"Not yet, as far as I know: {named} is due {when}"
    )
    return f"{head} — {_said(status, known)}. Tell me when it's paid."


def _simple(field: str, what: str, phrase: str) -> Answer:
    def answer(_subject: str, known: Known) -> str:
        f = known.facts.get(field)
        if f is None:
            return _dont_know(what)
        return phrase.format(v=show_in(field, f.value)) + f" ({_said(f, known)})."

    return answer


_TRIP_WORDS = {
    "planning": "Your trip is planned",
    "in_progress": "You're on your trip",
    "completed": "Your trip is over",
    "cancelled": "Your trip is off",
}


def trip_answer(subject: str, known: Known) -> str:
    facts = known.facts
    f = facts.get("travel.status")
    if f is None:
        return _dont_know("about a trip")
    if (other := another_trip(subject, facts)) is not None:
        return f"{other} ({_said(f, known)}), and nothing about it changed."
    head = _TRIP_WORDS.get(str(f.value), f"Your trip: {show_value(f.value)}")
    dest = facts.get("travel.destination")
    where = f" to {show_value(dest.value)}" if dest is not None and f.value == "planning" else ""
    return f"{head}{where} ({_said(f, known)})."


def _owed(due: str, known: Known) -> str:  # "what do i owe?": money (a return is no debt)
    state = {f.field: f.value for f in known.facts.values() if f.entity_id == known.reader}
    today = today_where(state, known.now)
    return owed_reply(known.facts.values(), known.reader, today, debts_only=not due)


_TRIP = ranked_fields(STATUS, DESTINATION, DEPART, RETURN, LOCATION)
_THERE = ranked_fields(LOCATION, STATUS, RETURN, DEPART, DESTINATION, HOME)
"""For "where am i": where the user is, their trip, then their home ("Back home ... I don't
know which city home is yet" names "Do you live in Portland?" if it is asked)."""
_MONEY = under("financial.")


def _only(relevance: Relevance) -> Callable[[str], Relevance]:
    return lambda _subject: relevance


def _family(who: str) -> Relevance:
    return under(f"family.{who.rpartition(' ')[2]}.")  # "my mom": family.mom.*


_KIN = "|".join(sorted(RELATIONS))

STATE_QUESTIONS: tuple[tuple[re.Pattern[str], Answer, Callable[[str], Relevance]], ...] = tuple(
    (re.compile(p), a, about)
    for p, a, about in (
        (
            r"\bwhere (am i|are we|r we|am i now|are we now)\b|\bmy location\b",
            _where,
            _only(_THERE),
        ),
        (
            r"\bwhen (do|will|are|am) (i|we) (fly(ing)? back|flying home|go(ing)? home|back|return"
            r"|coming back|come back|get back|head(ing)? home|leave for home)"
            r"|\breturn (date|flight)\b|\bwhen is my (flight|trip) (back|home)\b",
            _date_answer(RETURN, "your return"),
            _only(ranked_fields(RETURN, STATUS)),
        ),
        (
            r"\bwhen (do|will|are|am) (i|we) (leave|leaving|fly out|depart|go|fly)\b"
            r"|\bdeparture date\b",
            _date_answer(DEPART, "your departure"),
            _only(ranked_fields(DEPART, STATUS)),
        ),
        (
            r"\b(did|have) (i|we) (paid|pay) (?P<what>(the |my |our )?[a-z_ ]+?)( yet| already)?$"
            r"|\bis (?P<what2>(the |my |our )?[a-z_ ]+?) paid\b",
            _paid,
            _only(_MONEY),
        ),
        (
            r"\bwhat (do|did) (i|we) (still )?owe\b|\bwhat'?s (still )?(owed|unpaid)\b"
            r"|\b(any|which|what) (bills?|payments?)( are| is)? (due|left|unpaid|owed)\b"
            r"|\bwhat (bills|payments) do (i|we) have\b|\bdo (i|we) owe anything\b"
            r"|\banything to pay\b|^(my )?bills$|(?P<due>\bwhat'?s (still )?due\b"
            r"|\b(any|which|what) errands?( are| is)? (due|left)\b|\banything due\b)",
            _owed,
            _only(_MONEY),
        ),
        (
            r"\bstatus (of|on) (?P<slug>[a-z0-9_ ]+?)$"
            r"|\bhow'?s (the )?(?P<slug2>[a-z0-9_ ]+?) (project )?(going|doing|coming along)$"
            r"|\bis (the )?(?P<slug3>[a-z0-9_ ]+) project (done|shipped|finished|blocked)$",
            _project,
            _only(under("project.")),
        ),
        (
            r"\bwhere('?s| is) (?P<who>(?!my\b|the\b|it\b|he\b|she\b|i\b|that\b|this\b)"
            r"[a-z]+)( (now|today|right now|at))?$"
            rf"|\bwhere('?s| is| are| r) (?P<kin>(my|the|our) ({_KIN}))( (now|today|right now|at))?$",
            _member(where=True),
            _family,
        ),
        (
            r"\b(is|how is|how's|hows) (?P<who>(?!my\b|the\b|it\b|he\b|she\b|i\b)[a-z]+)"
            r"( (sick|ill|ok|okay|well|better|home|away|doing|feeling))+\b"
            # "how's emma", "how is emma today": the person alone.
            r"|^(how is|how's|hows) (?P<who2>(?!my\b|the\b|it\b|he\b|she\b|everyone\b|"
            r"everything\b|things\b|life\b|work\b)[a-z]+)( (today|now))?$"
            # "how are the kids", "is my mom better", "how's our son doing": by relation.
            rf"|\b(is|are|r|how is|how are|how r|how's|hows) (?P<kin>(my|the|our) ({_KIN}))"
            r"( (sick|ill|ok|okay|well|better|home|away|doing|feeling|today|now))*$",
            _member(where=False),
            _family,
        ),
        (
            r"\bwhere do (i|we) live\b|\bmy home( city)?\b",
            _simple(HOME, "where you live", "You live in {v}"),
            _only(ranked_fields(HOME, "profile.timezone")),
        ),
        (
            r"\bwho do i work for\b|\bwhere do i work\b|\bmy employer\b",
            _simple("profile.employer", "where you work", "You work for {v}"),
            _only(ranked_fields("profile.employer")),
        ),
        (
            r"\bwhat'?s my name\b|\bwho am i\b",
            _simple("profile.name", "your name", "You're {v}"),
            _only(ranked_fields("profile.name")),
        ),
        (
            r"\b(my|the|our) (?:(?P<trip>[a-z]+) )?trip\b(?: to (?P<to>[a-z]+(?: [a-z]+)?))?|\bam i (travell?ing|away|on a trip)\b"
            r"|\b(are|r) we still on\b",
            trip_answer,
            _only(_TRIP),
        ),
    )
)
