"""The twenty-second round (issue 24), w22a: present states told beside tense cues that
mislead, which the probe sentences written for this round (``realistic/probes22a*-dev.jsonl``)
showed the extractor reading as a story, a plan or nothing. Tense is read clause by clause, and
the clause about now wins over the past clause that explains it: a way home that ended days ago
is the trip over now, also after a stay told in the past and with its subject left out; "been
back since", "been in X" with "I've" left out; the clause after "so" with a subject of its own;
a stay now said with a present perfect ("I have gone to Chennai") or bounded ahead with "will
stay until"; a family member's way home or into care. Each table has look-alikes that must keep
their reading (returns a month or more behind, habits, frames of long ago, experiences counted,
someone else's trip). Every row is a sentence written for this module, none taken from an
evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row

# --------------------------------------------- a way home that ended is the trip over, now
WAY_HOME_ENDED: list[FieldRow] = [
    ("I flew home on Sunday night", "travel.status", "completed", "assertive"),
    (
        "drove back saturday after the tournament, legs still dead",
        "travel.status",
        "completed",
        "assertive",
    ),
    # The stay before it, told in the past, is the story; the way home is the news.
    (
        "was down in Houston most of last week but flew back Monday",
        "travel.status",
        "completed",
        "assertive",
    ),
    (
        "We were at my brother's in Cork for the christening and drove home on Sunday",
        "travel.status",
        "completed",
        "assertive",
    ),
    # A return a month or more behind, or one of a habit or a frame: how trips ended.
    ("we drove back from Florida last month", "travel.status", "completed", "historical"),
    ("when we lived in Doha we flew home every Christmas", "travel.status", None, ""),
]

# ------------------------------------------------- "been back since", its subject left out
BEEN_BACK_SINCE: list[FieldRow] = [
    ("been back since tuesday, still unpacking", "travel.status", "completed", "assertive"),
    (
        "Been home since Sunday night and the jet lag is brutal",
        "travel.status",
        "completed",
        "assertive",
    ),
    (
        "we've been back a week and it feels like a month",
        "travel.status",
        "completed",
        "assertive",
    ),
    # Back at something is not back from a trip.
    ("been back at work since monday", "travel.status", None, ""),
]

# ------------------------------- the clause after "so" with a subject of its own is its own
RESULT_AFTER_SO: list[FieldRow] = [
    # The result ahead, said of someone named, does not make the return a plan.
    (
        "we got back from the caravan last night so Ellie will be in school tomorrow",
        "travel.status",
        "completed",
        "assertive",
    ),
    (
        "we drove home from the lakes on Sunday so Grandad can have his room back",
        "travel.status",
        "completed",
        "assertive",
    ),
    # A stay now, and what follows from it for the household.
    (
        "I'm in Leeds till friday so the kids are with their dad",
        "family.kids.status",
        "away",
        "assertive",
    ),
]

# ------------------------------------------------ a member's way home, and their states
MEMBERS_WAY_HOME: list[FieldRow] = [
    ("my son came home from uni on Saturday", "family.son.status", "home", "assertive"),
    (
        "our daughter came back home from Glasgow yesterday and she's here till the 20th",
        "family.daughter.status",
        "home",
        "assertive",
    ),
    # Filipino English: kept in a hospital named for its saint.
    ("Tita is confined at St. Luke's since Monday", "family.tita.status", "sick", "assertive"),
    # Back at school, the day said between.
    (
        "Zara's back at school today after the tummy bug",
        "family.zara.status",
        "well",
        "assertive",
    ),
    # A test that "came back" says no way home.
    ("my son's test came back positive", "family.son.status", None, ""),
]

# ----------------------------------------- a stay now, said with a perfect or a bound ahead
STAY_PERFECT_OR_BOUND: list[FieldRow] = [
    (
        "we're staying put in Boise for now, the pass is closed",
        "travel.location",
        "Boise",
        "assertive",
    ),
    # The present perfect of going somewhere: gone, and there now.
    (
        "I have gone to Chennai for my cousin's wedding",
        "travel.location",
        "Chennai",
        "assertive",
    ),
    (
        "I've flown to Calgary for the audit, back on Monday",
        "travel.location",
        "Calgary",
        "assertive",
    ),
    # An experience counted is no stay now.
    ("I've flown to Calgary twice for work", "travel.location", None, ""),
    ("she's gone to Leeds for the week", "travel.location", None, ""),
    # A stay's end ahead, said with "will" or "shall": its bound, the way home.
    (
        "I'm at my aunt's in Sligo and will stay until the 18th",
        "travel.return_date",
        "2026-03-18",
        "planning|assertive",
    ),
    (
        "We are in Bruges, and shall remain until the 12th",
        "travel.return_date",
        "2026-03-12",
        "planning|assertive",
    ),
]

# ----------------------------- a way home after the stay, its subject left out, is its own
WAY_HOME_AFTER_STAY: list[FieldRow] = [
    (
        "spent half term at the caravan in Tenby, got back late last night, shattered",
        "travel.status",
        "completed",
        "assertive",
    ),
    (
        "we had four days in Lisbon and flew home on Sunday",
        "travel.status",
        "completed",
        "assertive",
    ),
    # After a stay of long ago the way home is part of the story.
    (
        "I was in Rome in 2019 and got home to find the flat flooded",
        "travel.status",
        "completed",
        "historical",
    ),
    # An arrival counted in days: there now.
    (
        "we flew into Quito three days ago, heading to the coast on Friday",
        "travel.location",
        "Quito",
        "assertive",
    ),
]

# -------------------------------------------- a member into or out of hospital, or away
MEMBER_IN_OR_OUT_OF_CARE: list[FieldRow] = [
    (
        "Mum went into hospital on Monday and is still there",
        "family.mom.status",
        "sick",
        "assertive",
    ),
    (
        "Grandpa came out of hospital on Sunday and is with us for now",
        "family.grandpa.status",
        "well",
        "assertive",
    ),
    (
        "our granddaughter has gone back to university in York",
        "family.granddaughter.status",
        "away",
        "assertive",
    ),
    # A visit to hospital of long ago is a story.
    ("my dad went to hospital for a check-up last year", "family.dad.status", None, ""),
]

# ------------------------------------------------ frames and word orders of other Englishes
OTHER_ENGLISHES: list[FieldRow] = [
    # German word order: the stay last week, home again now.
    (
        "We were last month in Salzburg, now we are again at home",
        "travel.status",
        "completed",
        "assertive",
    ),
    ("I am again at home with a cold", "travel.status", None, ""),
    # Indian English's frame with "to": what follows is the news.
    (
        "Please to inform that my mother is unwell since Sunday",
        "family.mother.status",
        "sick",
        "assertive",
    ),
]

# a stay said with been then its way home
BEEN_THEN_WAY_HOME: list[FieldRow] = [
    # "been in X", its "I've" left out, is a stay now; the way home after it, ahead.
    (
        "been in Accra ten days now for the funeral, flying back to Leeds on the 16th",
        "travel.location",
        "Accra",
        "assertive",
    ),
    (
        "been in Accra ten days now for the funeral, flying back to Leeds on the 16th",
        "travel.return_date",
        "2026-03-16",
        "planning|assertive",
    ),
]


@pytest.mark.parametrize(
    ("text", "field", "value", "intent"),
    WAY_HOME_ENDED
    + BEEN_BACK_SINCE
    + RESULT_AFTER_SO
    + MEMBERS_WAY_HOME
    + STAY_PERFECT_OR_BOUND
    + WAY_HOME_AFTER_STAY
    + MEMBER_IN_OR_OUT_OF_CARE
    + OTHER_ENGLISHES
    + BEEN_THEN_WAY_HOME,
)
def test_the_clause_about_now_keeps_its_own_tense(
    text: str, field: str, value: str | None, intent: str
) -> None:
    """Each row: the field said with that intent, or (value None) never said as a fact."""
    check_field_row(text, field, value, intent)
