"""What may name a project: the noun phrase next to a status verb, checked here.

``rules_project`` finds the phrase; ``name_ok`` says whether it names work: not a day
("started Monday"), a pastime ("finished reading Dune"), a person, a subscription, or
something another domain owns (a trip, a class, a bill: ``OTHER_DOMAIN``).
"""

from __future__ import annotations

import re

from core.extraction.family_members import names_a_relation
from core.extraction.linguistics.people_words import PEOPLE_BY_ROLE
from core.extraction.subscriptions import names_a_subscription
from core.extraction.timewords import MONTHS
from core.extraction.word_gates import gated

NOT_PROJECTS = frozenset(
    [
        *("placement", "contract", "internship", "secondment", "apprenticeship", "new contract"),
        *("gig", "new gig", "new job"),
        "book",
        "books",
        "lol",
        "tan lol",
        "it",
        "that",
        "this",
        "them",
        "something",
        "stuff",
        "things",
        "everything",
        "whole thing",
        "the whole thing",
        "nothing",
        "myself",
        *("ours", "mine", "yours", "theirs"),  # "the family BBQ at ours is cancelled": a home
        "lunch",
        "dinner",
        "breakfast",
        "job",
        "new",
        "job",
        "work",
        "home",
        "school",
        "trip",
        "vacation",
        "flight",
        "rent",
        "bill",
        "bills",
        "subscription",
        "order",
        "package",
        "refund",
        "return",
        "practice",
        "lesson",
        "class",
        "appointment",
        "house",
        "car",
        "dog",
        "cat",
        "homework",
        "laundry",
        "it",
        "all",
        "a",
        "lot",
        "plan",
        "plans",
        "tan",
        "weekend",
        "day",
        "week",
        "meeting",
        "call",
        "thing",
        "one",
    ]
)
OTHER_DOMAIN = gated(
    r"\b(?:trip|journey|voyage|vacation|flight|move|relocation|house\s+move|practice|lesson|class|appointment|appt|physio|therapy|chemo|"
    r"checkup|check-up|surgery|procedure|dialysis|infusion|scan|mri|exam|carpool|follow-?up|"
    r"consult(?:ation)?|jab|vaccination|dentist|playdate|"
    r"school|rent|bill|subscription|"
    r"order|package|refund|return|recital|game|camp|daycare|payment|membership|trial|plans?|meeting|"
    # A job is the employment ("my new job", "the job"), but a client's job is work: "the
    # Kestrel logo job got canned".
    r"(?:^|(?:new|old|day|dream|summer|side|part-?time|full-?time|first|current|last|temp|"
    r"my|the|a|this|that)\s+)job|position|role|diet|soccer|football|baseball|basketball|hockey|swimming|ballet|gymnastics|karate|scouts|"
    r"choir|orchestra|dance|piano|swim|tennis|lacrosse|cheer|cheerleading|taekwondo|judo|wrestling|"
    r"robotics|debate|party|lunch|dinner|date|visit|weekend|getaway|holiday|cruise|"
    # "my 7:15 train got cancelled": a leg of the commute, not a project.
    r"train|bus|ferry|shuttle|red-?eye|connection|layover|commute|"
    r"rugby|cricket|netball|athletics|nursery|training|parents'?\s+evening|sports\s+day|tuition|"
    r"cubs|brownies|beavers|guides|"
    # A school's shows and days (family events, ``rules_family``): "the spring musical".
    r"play|musical|concert|assembly|performance|graduation|prom|fundraiser|bake\s+sale|fair)\b"
)
PASTIMES = frozenset(
    [
        "reading",
        "watching",
        "playing",
        "cooking",
        "cleaning",
        "eating",
        "running",
        "sleeping",
        "listening",
        "binging",
        "doing",
        "my",
    ]
)
PROJECT_DETERMINERS = frozenset(
    ["the", "a", "an", "our", "my", "your", "their", "his", "her", "its", "this", "that"]
)
PROJECT_SUFFIX = gated(r"(?:\s+(?:project|still|now|currently|also|again|already))+$", re.I)
"""What ends a name and is not of it: "the data warehouse project", and an adverb before the
status ("billing export still blocked on finance")."""
KINDS_OF_PROJECT = frozenset(
    [
        "group",
        "team",
        "class",
        "school",
        "side",
        "final",
        "science",
        "research",
        "capstone",
        "passion",
        "pet",
        "art",
        "joint",
    ]
)
"""Words that say what kind a project is: "the group project", "my side project" keep the
word "project", which "the SSO project" drops; "group" or "side" alone names none."""


def whole_name(name: str, text: str, end: int) -> str:
    """``name`` (which ends at ``end`` in ``text``) with "project" after it kept when the
    name only says what kind of project it is."""
    if name.lower() in KINDS_OF_PROJECT and re.match(r"\s+project\b", text[end:], re.I):
        return f"{name} project"
    return name


PRONOUN_LEAD = gated(r"^(?:i|we|he|she|they|you|it|there)(?:'\w+)?\b")
"""A clause's subject after the verb ("if it gets cancelled we'll stay"): no name."""
_OBJECT_PRONOUNS = frozenset({"me", "us", "him", "her", "them", "myself", "ourselves"})
INSIDE_PHRASE = gated(
    r"\b(?:to|for|from|in|at|of|with)\s+(?:(?:the|a|an|my|our)\s+)?$|\b(?:to|for|from|in|at|of|with)$"
)


WHEN_WORDS = gated(
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tonight|tomorrow|yesterday|"
    r"(?:this|last|next)\s+(?:week|month|year|weekend|morning)"
)
"""A day is when, not what: "started Monday" names no project called Monday."""
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
DATE_OR_CLOCK = gated(
    rf"(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH})|(?:{_MONTH})\s+\d{{1,2}}(?:st|nd|rd|th)?)"
    r"(?:\s+\d{4})?|\d{1,2}(?::\d{2}(?:\s*[ap]m)?|(?:\.\d{2})?\s*[ap]m)"
    r"(?:\s+[a-z]+){0,2}"
)
"""A date or a clock time is when, not what: "the service on 5 March has been cancelled"
and "the 07:30 service has been cancelled" name a train, no project."""


_GROUPS = frozenset(["team", "devs", "staff", "engineers", "designers", "everyone"])
"""People at work named together: "the team is stuck on the release" is the release's."""


_RUNS = frozenset(
    {"deploy", "deployment", "upload", "download", "install", "sync", "backup"}
    | {"render", "query", "ci"}
)
"""A machine's run, which hangs or is paused, not a piece of work: "the staging deploy is
stuck again", "my upload's stuck at 99%", "the download is paused" ("the website build is blocked on legal" is work)."""


def name_ok(name: str) -> bool:
    low = name.lower()
    if WHEN_WORDS.fullmatch(low) or DATE_OR_CLOCK.fullmatch(low):
        return False
    if low.split(" ", 1)[0] in PASTIMES:
        return False  # "finished reading Dune" is a pastime, not a project
    if PRONOUN_LEAD.match(low) or low.split(" ", 1)[0] in _OBJECT_PRONOUNS:
        # "…at 3:42 killed me": a pronoun is no name, nor one with a verb's particle after
        # it ("mum dropped me off", "the bus let us down").
        return False
    last = low.rsplit(" ", 1)[-1].removesuffix("'s")  # "our team's blocked": the team
    if names_a_relation(low.split(" ", 1)[0]) or last in PEOPLE_BY_ROLE or last in _GROUPS:
        return False  # "my wife jen is out", "my roommate is out": a person, not a release
    if last in _RUNS:
        return False
    return (
        bool(low)
        and low not in NOT_PROJECTS
        and OTHER_DOMAIN.search(low) is None
        and not names_a_subscription(low)  # "cancelled disney plus": money, not a project
        and not low.startswith(("at ", "for ", "to "))
    )
