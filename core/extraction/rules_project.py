"""Project fields: ``project.<slug>.status`` from what the user says about their work.

The project's name is the noun phrase next to a status verb ("working on the
pricing page", "the SSO project is stuck", "we killed the chatbot project"); the
slug comes from ``core.domain.fields.slugify``. Names of trips, bills and family
activities are left to their own rules; what may name a project is ``project_names``.
"""

from __future__ import annotations

import re

from core.domain.fields import slugify
from core.extraction.clause import Candidate, Clause, phrase_after, phrase_before
from core.extraction.object_kinds import kind_of, object_kind_in
from core.extraction.project_due import project_due
from core.extraction.project_names import (
    INSIDE_PHRASE,
    KINDS_OF_PROJECT,
    OTHER_DOMAIN,
    PROJECT_DETERMINERS,
    PROJECT_SUFFIX,
    name_ok,
    whole_name,
)
from core.extraction.travel_cancellations import place_called_off
from core.extraction.types import ObservationIntent
from core.extraction.word_gates import WordGated, gated

_WORK_NOUN = (
    r"(?:migration|rewrite|refactor|redesign|revamp|project|feature|release|launch|build|"
    r"deploy(?:ment)?|integration|api|app|website|site|report|thesis|dissertation|paper|"
    r"proposal|deck|draft|essay|assignment|chapter|grant|spec|rollout|upgrade|audit|pipeline|"
    r"prototype|mvp|beta|pr|ticket|backend|frontend|dashboard|campaign|pitch|manuscript)"
)
"""Nouns that head a piece of work ("the billing rewrite", "my thesis intro" aside)."""

_AFTER_VERB: tuple[tuple[WordGated, str], ...] = (
    (
        gated(
            r"\b(?:kill(?:ed)?|cancell?ed|canceled|scrapped|dropped|shelved|abandoned|sunset|"
            # "they axed the loyalty app project", "management canned the rebrand"
            r"axed|canned|nixed|binned|ditched|"
            r"deprioriti[sz]ed|pulled\s+the\s+plug\s+on)\s+"
            # "dropped off the kids", "killed off": a particle makes another verb.
            r"(?!(?:off|by|in|out|over|back|down|on)\b)"
        ),
        "cancelled",
    ),
    (
        gated(
            r"\b(?:will|'ll|going\s+to|gonna|plan\s+to|planning\s+to|about\s+to|want\s+to|need\s+to)\s+"
            r"(?:begin|start|kick\s+off|build|tackle|work\s+on|launch|ship|release|pick\s+up)\s+"
            r"(?:work\s+on\s+|on\s+)?"
        ),
        "planned",
    ),
    (
        gated(
            r"\b(?:shipped(?!\s+(?:out|off|overseas|abroad|back|home)\b)|launched|released|finished|"
            r"completed|wrapped\s+up|deployed|delivered|"
            # "submitted my dissertation", "handed in the thesis": a piece of work handed over.
            r"rolled\s+out|went\s+live\s+with|(?:submitted|handed\s+in|turned\s+in)(?=\s+"
            r"(?!(?:(?:the|my|our|a|an|his|her)\s+)?(?:forms?|paperwork|claim|application|request|"
            r"ticket|complaint|timesheet|expenses?|tax|return|order|notice|resignation|keys?)\b)))\s+"
        ),
        "shipped",
    ),
    # "client signed off the Marston logo", "the board signed off on the budget plan"
    (
        gated(r"\bsigned\s+off\s+(?:on\s+)?(?!(?:sick|work|for|with|from|at|early|on\s+sick)\b)"),
        "shipped",
    ),
    # "still waiting on sign-off for the rebrand", "waiting for approval on the app"
    (
        gated(
            r"\bwaiting\s+(?:on|for)\s+(?:(?:the|a)\s+)?(?:sign-?off|approval|feedback|a\s+green\s+light|"
            r"the\s+go-?ahead|legal)\s+(?:for|on)\s+"
        ),
        "blocked",
    ),
    # "we're blocked on the api migration till legal signs off", "still stuck on the
    # billing rewrite, waiting on design": the writer held up on a piece of work.
    (
        gated(
            r"(?:\b(?:we're|i'm|we\s+are|i\s+am|we've\s+been|i've\s+been|team's|team\s+is)\s+|^)"
            r"(?:still\s+|currently\s+|totally\s+|completely\s+|kinda\s+)?"
            # Stuck on the highway or a crossword is no project: "stuck" needs a piece of work.
            rf"(?:blocked|stuck(?=\s+on\s+(?:(?:the|my|our|this|that)\s+)?(?:[\w'-]+\s+){{0,3}}?"
            rf"{_WORK_NOUN}\b))\s+on\s+"
        ),
        "blocked",
    ),
    # "we paused the podcast project", "put the app rewrite on hold": stopped for now.
    (
        gated(
            r"\b(?:paused|froze|mothballed)\s+(?!(?:off|on|in|up|down|away|out|for)\b)|"
            r"\bput\s+(?=(?:[\w'-]+\s+){1,4}?on\s+(?:hold|ice|pause|the\s+back\s+burner)\b)"
        ),
        "blocked",
    ),
    (
        gated(
            r"\b(?:working\s+on|building|developing|coding|designing|implementing|prototyping|"
            r"refactoring|rewriting|migrating|started(?:\s+(?:working\s+on|on|building))?|"
            # "still grinding on the stats assignment", "plugging away at the grant report"
            r"(?:grinding|plugging|chipping|slogging|hammering|crunching|ploughing|plowing|wading)\s+"
            r"(?:away\s+)?(?:on|at|through)|"
            # "I'm rebuilding the mod loader", "overhauling the onboarding flow"
            r"rebuilding|redesigning|revamping|overhauling|reworking|"
            r"began(?:\s+working\s+on)?|kicked\s+off|kicking\s+off|focused\s+on|busy\s+with|in\s+the\s+middle\s+of|"
            r"heads\s+down\s+on|knee[\s-]+deep\s+in)\s+"
        ),
        "in_progress",
    ),
)
_BEFORE_VERB: tuple[tuple[WordGated, str], ...] = (
    (
        gated(
            r"\s+(?:project\s+)?(?:is|was|got|has\s+been|'s)\s+(?:officially\s+|now\s+)?(?:cancell?ed|"
            # "the Kestrel logo job got canned", "the pilot's been axed"
            r"canceled|killed|scrapped|dropped|shelved|dead|abandoned|canned|axed|binned|nixed|"
            r"ditched)\b"
        ),
        "cancelled",
    ),
    # A status line without its verb: "thesis submitted.", "Orion migration — on hold till
    # Q3", "website redesign: shipped 🎉", "the pitch deck, handed in".
    (
        gated(
            r"\s*[:—–-]?\s+(?:finally\s+|officially\s+)?(?:submitted|handed\s+in|turned\s+in|"
            r"shipped|launched)(?=\s*(?:today|tonight|yesterday|last\s+night|this\s+morning|"
            r"at\s+last|finally|lol|lmao|haha|yay|woo+)\b|\s*[.!,;]|\W*$)"
        ),
        "shipped",
    ),
    (
        gated(
            r"\s*[:—–-]?\s+(?:still\s+|currently\s+)?(?:on\s+hold|stalled|paused)"
            r"(?=\s*(?:till|until|til|for|pending|while|because|again)\b|\s*[.!,;]|\W*$)"
        ),
        "blocked",
    ),
    (
        gated(
            r"\s+(?:project\s+)?(?:is|are|'s|got|has\s+been|remains)\s+(?:still\s+|currently\s+|now\s+)?"
            # "the renovation is delayed, waiting on the plumber", "the launch got held up"
            # ("Priya is stuck in Denver", "stuck at the airport": a person held up somewhere)
            r"(?:stuck(?!\s+(?:in|at)\s)|blocked|on\s+hold|stalled|paused|waiting|delayed|held\s+up)\b|"
            r"\s+(?:project\s+)?blocked\b|"
            # "Project Falcon got put on ice", "the rebrand is on the back burner"
            r"\s+(?:project\s+)?(?:is|are|'s|got|has\s+been|was)\s+(?:put\s+)?on\s+(?:ice|the\s+back\s+burner)\b"
        ),
        "blocked",
    ),
    (
        gated(
            r"\s+(?:project\s+)?(?:has\s+|have\s+)?(?:finally\s+|just\s+)?(?:shipped|launched|went\s+live|"
            # "the kitchen remodel wrapped up yesterday": over, as "launched" is (not "wrapped
            # up in a blanket", "wrapped up the call").
            r"wrapped\s+up(?!\s+(?:in|with|the|a|an|my|our|his|her|their|it|that|this)\b)|"
            # "v3 got pushed to prod last night", "the fix was merged into main"
            r"(?:got|was|been|is|has\s+been|have\s+been)\s+(?:pushed|deployed|merged|released)\s+"
            r"(?:to|into|in)\s+(?:prod|production|live|main|master)|"
            # "the grant application is in!", "my dissertation's in": handed in.
            r"(?:(?<=application\s)|(?<=proposal\s)|(?<=submission\s)|(?<=essay\s)|(?<=thesis\s)|"
            r"(?<=dissertation\s)|(?<=report\s)|(?<=assignment\s)|(?<=paper\s)|(?<=manuscript\s)|"
            r"(?<=tender\s)|(?<=draft\s)|(?<=pitch\s)|(?<=coursework\s)|(?<=portfolio\s)|(?<=bid\s))"
            r"(?:is|are)\s+"
            r"(?:finally\s+|officially\s+|all\s+)?in(?=\s*[!.,;]|\s*$|\s+(?:finally|at\s+last|now|lol|"
            r"yay|today|woo))|"
            # "the brochure went to print on Monday", "the zine's gone to the printers"
            r"(?:went|gone|has\s+gone|'s\s+gone)\s+to\s+(?:print|press|the\s+printers?)|"
            # "is out" is a release, not someone away ("is out of town", "out sick today").
            r"is\s+(?:(?:officially|finally|now|all)\s+)?(?:live|out(?!\s+(?:of|sick|today|tonight|tomorrow|till|until|til|for|on|at|"
            r"with|this|all|again)\b)|done|finished|complete|released|shipped|launched|wrapped\s+up)|"
            # ("Grandad was shipped out to Egypt": a person sent abroad, not work released)
            r"(?:was|got)\s+(?:shipped(?!\s+(?:out|off|overseas|abroad|back|home)\b)|"
            r"launched|released)|"
            # "The API migration has been completed and deployed", "the redesign was finished"
            r"(?:(?:has|have)\s+(?:finally\s+|just\s+|now\s+)?been|was|were|got)\s+"
            r"(?:finally\s+|just\s+|successfully\s+)?"
            r"(?:completed|finished|deployed|wrapped\s+up|submitted|handed\s+in|turned\s+in)"
            r"(?!\s+by\b)|"
            # "my dissertation is finally submitted!!!"
            r"(?:is|are|'s)\s+(?:finally\s+|now\s+|officially\s+)?(?:submitted|handed\s+in|turned\s+in))\b"
        ),
        "shipped",
    ),
    (
        gated(r"\s+(?:project\s+)?(?:is\s+|are\s+)?(?:planned|scheduled|slated)\s+(?:for|to)\b"),
        "planned",
    ),
    (
        # "the onboarding revamp kicks off monday": under a day ahead, a plan (``_candidate``).
        gated(
            r"\s+(?:project\s+)?(?:is\s+)?(?:in\s+progress|underway|under\s+way)\b|"
            # "Onboarding revamp is on track for end of month", "the renewal is with legal"
            r"\s+(?:project\s+)?(?:is|are|'s)\s+(?:still\s+|now\s+)?(?:on\s+(?:track|schedule)|"
            r"with\s+(?:legal|compliance|procurement|qa|the\s+client|the\s+lawyers)|in\s+(?:review|testing|"
            r"qa|beta))\b|"
            # "the podcast edit is about halfway", "the deck's nearly done", "60% done"
            r"(?:\s+(?:project\s+)?(?:is|are)|\s*'s)\s+(?:(?:about|nearly|almost|roughly|only|maybe|"
            r"like)\s+)?(?:halfway(?:\s+(?:done|there|through))?|half\s+(?:done|finished)|"
            r"\d{1,2}\s*%\s+(?:done|there|finished)|(?:mostly|nearly|almost)\s+(?:done|finished|there))\b|"
            r"\s+(?:project\s+)?(?:kicks|kicked|is\s+kicking|'s\s+kicking)\s+off\b"
        ),
        "in_progress",
    ),
)
_GATE = frozenset(
    [
        *("submitted", "handed", "turned", "paused", "froze", "mothballed", "hold"),
        *("grinding", "plugging", "chipping", "slogging", "hammering", "crunching", "stalled"),
        *("axed", "canned", "nixed", "binned", "ditched", "ice", "burner"),
        *("rebuilding", "redesigning", "revamping", "overhauling", "reworking"),
        *("pause", "print", "press", "printers", "halfway", "half", "nearly", "almost", "mostly"),
        *("signed", "delayed", "held", "pushed", "merged", "in", "track", "schedule", "with"),
        *("ploughing", "plowing", "wading"),
        "kicking",
        "kicks",
        "kill",
        "killed",
        "cancelled",
        "canceled",
        "scrapped",
        "dropped",
        "shelved",
        "abandoned",
        "sunset",
        "deprioritized",
        "deprioritised",
        "pulled",
        "will",
        "going",
        "gonna",
        "plan",
        "planning",
        "about",
        "want",
        "need",
        "shipped",
        "launched",
        "released",
        "finished",
        "completed",
        "wrapped",
        "deployed",
        "delivered",
        "rolled",
        "went",
        "working",
        "building",
        "developing",
        "coding",
        "designing",
        "implementing",
        "prototyping",
        "refactoring",
        "rewriting",
        "migrating",
        "started",
        "began",
        "kicked",
        "focused",
        "busy",
        "middle",
        "heads",
        "knee",
        "stuck",
        "blocked",
        "hold",
        "stalled",
        "paused",
        "waiting",
        "live",
        "out",
        "done",
        "complete",
        "planned",
        "scheduled",
        "slated",
        "progress",
        "underway",
        "under",
        "dead",
        "begin",
        "start",
    ]
)


def extract_project(clause: Clause) -> list[Candidate]:
    """Project status and due-date candidates in one clause."""
    return _project_status(clause) + project_due(clause)


def _project_status(clause: Clause) -> list[Candidate]:
    low = clause.low
    if clause.words.isdisjoint(_GATE) and "'ll" not in low:
        return []
    if place_called_off(clause):
        return []  # "Cabo is cancelled": the trip there, not a project called Cabo
    for rx, status in _BEFORE_VERB:
        m = rx.search(low)
        if m is None:
            continue
        before = phrase_before(clause.text, m.start(), determiners=PROJECT_DETERMINERS)
        start = clause.text.rfind(before, 0, m.start()) if before else -1
        if start > 0 and (client := _FOR_CLIENT.search(clause.text, 0, start)):
            before, start = client.group("n"), client.start("n")  # the work, not the client
        name = PROJECT_SUFFIX.sub("", before)
        name = whole_name(name, clause.text, start + len(before))
        if start > 0 and _inside_another(low[:start]):
            continue  # "my flight to Chicago is cancelled": the flight is, not Chicago
        if name_ok(name) and _a_work_item(clause, start, start + len(before)):
            return [_candidate(clause, name, status)]
    for rx, status in _AFTER_VERB:
        m = rx.search(low)
        if m is None:
            continue
        name, end = phrase_after(clause.text, m.end())
        if status == "cancelled" and _left_somewhere(name, low, end):
            return []  # "dropped the boots at ups": a thing taken somewhere, no work called off
        bare = PROJECT_SUFFIX.sub("", name)
        name = name if bare.lower() in KINDS_OF_PROJECT else bare
        if name_ok(name) and _a_work_item(clause, m.end(), end):
            return [_candidate(clause, name, status)]
    return []


_PUT_SOMEWHERE = gated(
    r"\s+(?:(?:at|into)\s+(?!(?:the\s+)?(?:last|end|start|beginning|moment|minute|point|least|"
    r"first|same|once|midnight|noon|night|\d))|to\s+(?:the|a|an|my|our|his|her|their)\s)"
)
"""Where a thing was left, after it: "at ups", "into the lake", "to the post office"; not
when ("at the last minute") nor what for ("dropped spanish to focus on maths")."""


def _left_somewhere(name: str, low: str, end: int) -> bool:
    """Whether the object of "dropped" (or "ditched", ...) ending at ``end`` of ``low`` was
    put somewhere, not given up: a particle after it ("dropped the lamp off") or a place
    ("dropped the boots at ups", "... to the post office")."""
    return name.lower().endswith(" off") or _PUT_SOMEWHERE.match(low, end) is not None


_FOR_CLIENT = gated(
    r"\b(?:the|my|our)\s+(?P<n>(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+for\s+(?:the\s+)?$", re.I
)
"""The work done for a client ("the logo project for Brightside is done", "the website build
for Nadia is on hold"): the project is the work, not whom it is for."""


def _inside_another(before: str) -> bool:
    """The name is the object of a preposition in a longer phrase whose head belongs to
    another domain ("flight to Chicago", "trip to Maui")."""
    m = INSIDE_PHRASE.search(before)
    head = before[max(0, m.start() - 30) : m.start()] if m else ""
    return m is not None and OTHER_DOMAIN.search(head) is not None


def _a_work_item(clause: Clause, start: int, end: int) -> bool:
    """Whether the phrase at ``clause.text[start:end]`` can be a project: not a
    possession, body part, food, event or errand place ("dropped my phone in the
    toilet", "finished the marathon I trained for"), whatever the verb."""
    if start < 0 or object_kind_in(clause, start, end) is not None:
        return False
    # "the car's engine is dead": a part of a thing one owns is no project either.
    owner = _OWNER.search(clause.low, start, end)
    return owner is None or kind_of(owner.group(1), owner.group(1)) is None


_OWNER = gated(r"\b([a-z]+)'s\s")


_DEADLINE = gated(
    # "on track for end of month": the day is when it should be done, not when it starts.
    r"\b(?:due|deadline|by\s+(?:eod|cob|end\s+of)|on\s+(?:track|schedule)\s+for)\b"
)
"""A deadline ahead ("still grinding on the stats assignment, due friday") dates the work;
it does not make work under way a plan."""


def _candidate(clause: Clause, name: str, status: str) -> Candidate:
    under_way = status == "in_progress" and _DEADLINE.search(clause.low) is not None
    if clause.intent == "planning" and status != "cancelled" and not under_way:
        status = "planned"
    forced: ObservationIntent | None = "assertive" if status == "cancelled" or under_way else None
    return Candidate(f"project.{slugify(name)}.status", status, 0.9, forced)
