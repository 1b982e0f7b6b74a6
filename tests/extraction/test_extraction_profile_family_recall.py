"""Profile and family fields as real people write them about themselves.

Each table row is one message and what it must yield: a field with its value and
intent, or (value None) that the field must not come out as a fact (assertive or
planning). Rows are grouped by phenomenon, each with sentences that must be read and
look-alikes that must not.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row

Row = FieldRow

HOME: list[Row] = [
    # The place sits deeper in the phrase, or comes with a wider one: the most specific wins.
    ("we live in a little village in vermont", "profile.home_city", "Vermont", "assertive"),
    ("i live in a suburb of atlanta", "profile.home_city", "Atlanta", "assertive"),
    ("i live in the netherlands near amsterdam", "profile.home_city", "Amsterdam", "assertive"),
    ("i live near boston in massachusetts", "profile.home_city", "Boston", "assertive"),
    ("i live in seattle near the water", "profile.home_city", "Seattle", "assertive"),
    ("i live in a tiny town called greenville", "profile.home_city", "Greenville", "assertive"),
    ("we live in the state of oregon", "profile.home_city", "Oregon", "assertive"),
    ("i live in a small apartment with my cat", "profile.home_city", None, ""),
    ("i live in a small town and commute to denver", "profile.home_city", None, ""),
    # "reside" and "based" are "live".
    ("i reside in portland", "profile.home_city", "Portland", "assertive"),
    ("we're based out of phoenix", "profile.home_city", "Phoenix", "assertive"),
    ("i am residing in toronto these days", "profile.home_city", "Toronto", "assertive"),
    # The usual slips of "live".
    ("i lve in houston", "profile.home_city", "Houston", "assertive"),
    ("me and my wife livin in memphis", "profile.home_city", None, ""),
    ("i livin in memphis", "profile.home_city", "Memphis", "assertive"),
    # Present perfect with "here": a home that still holds.
    ("we have lived here in maine for twenty years", "profile.home_city", "Maine", "assertive"),
    # Not a current home: origin, the past, someone else.
    ("i'm originally from georgia", "profile.home_city", None, ""),
    ("i grew up in ohio but i'm from nowhere really", "profile.home_city", None, ""),
    ("i used to live in miami", "profile.home_city", None, ""),
    ("my cousin lives in a small town in iowa", "profile.home_city", None, ""),
    ("we stay in a hotel in paris when we visit", "profile.home_city", None, ""),
]

EMPLOYER: list[Row] = [
    # A job title between "work as" and the employer.
    ("i work as a cashier at walmart", "profile.employer", "Walmart", "assertive"),
    ("i work as an engineer for google", "profile.employer", "Google", "assertive"),
    ("i work part time at target", "profile.employer", "Target", "assertive"),
    ("i wrk at costco", "profile.employer", "Costco", "assertive"),
    ("i work as a nurse at a hospital", "profile.employer", None, ""),
    ("i work as a freelancer", "profile.employer", None, ""),
    ("my sister works as a teller at chase", "profile.employer", None, ""),
]

DIET: list[Row] = [
    # A diet followed by another clause.
    ("i'm vegan and i run marathons", "profile.diet", "vegan", "assertive"),
    ("i am a pescatarian but i love sushi", "profile.diet", "pescatarian", "assertive"),
    ("my roommate is a vegetarian", "profile.diet", None, ""),
    ("i was vegan for a year in college", "profile.diet", None, ""),
]

FAMILY_WELL: list[Row] = [
    # How a member is doing.
    ("my mom is feeling a lot better today", "family.mom.status", "well", "assertive"),
    ("my grandpa is doing really well now", "family.grandpa.status", "well", "assertive"),
    ("my sister seems to be doing fine", "family.sister.status", "well", "assertive"),
    # Negated, it is the opposite.
    ("my wife isn't feeling well", "family.wife.status", "sick", "assertive"),
    ("my son is not doing so good", "family.son.status", "sick", "assertive"),
    # Recovery.
    (
        "my daughter finally got over the flu",
        "family.daughter.status",
        "well",
        "assertive|historical",
    ),
    ("my husband has recovered from covid", "family.husband.status", "well", "assertive"),
    # Look-alikes: an ability, praise, an activity, a mood.
    ("my son is good at chess", "family.son.status", None, ""),
    ("my son is much better at math than me", "family.son.status", None, ""),
    ("my daughter is doing great in school", "family.daughter.status", None, ""),
    ("my mom is feeling good about the move", "family.mom.status", None, ""),
    ("my dad is great", "family.dad.status", None, ""),
    ("my daughter is doing her homework", "family.daughter.status", None, ""),
    ("my wife is over it", "family.wife.status", None, ""),
]

FAMILY_SICK: list[Row] = [
    # Illnesses as a class, with or without an article or an adjective.
    ("my aunt has lung cancer", "family.aunt.status", "sick", "assertive"),
    ("my grandma has pneumonia again", "family.grandma.status", "sick", "assertive"),
    ("my kids have a nasty stomach flu", "family.kids.status", "sick", "assertive"),
    ("my brother has bronchitis", "family.brother.status", "sick", "assertive"),
    ("my wife has a terrible migraine", "family.wife.status", "sick", "assertive"),
    ("my son is running a high temperature", "family.son.status", "sick", "assertive"),
    ("the twins are both sick with a cold", "family.twins.status", "sick", "assertive"),
    ("my dad was diagnosed with leukemia", "family.dad.status", "sick", "assertive|historical"),
    ("my mom is in the hospital", "family.mom.status", "sick", "assertive"),
    # Lifelong conditions and injuries are not a status; a past illness is not now.
    ("my brother has asthma", "family.brother.status", None, ""),
    ("my son broke his wrist", "family.son.status", None, ""),
    ("my dad had pneumonia two years ago", "family.dad.status", None, ""),
    ("my mom would get sick if she flew", "family.mom.status", None, ""),
    ("my coworker has the flu", "family.coworker.status", None, ""),
]

FAMILY_WORDS: list[Row] = [
    # Pet names and typos of relation words land on the catalogue's member.
    ("my mum has a cold", "family.mom.status", "sick", "assertive"),
    ("my hubby is sick", "family.husband.status", "sick", "assertive"),
    ("my daddy is feeling better", "family.dad.status", "well", "assertive"),
    ("my duaghter has a fever", "family.daughter.status", "sick", "assertive"),
    ("my granny is in the hospital", "family.grandma.status", "sick", "assertive"),
    ("my nana is doing great", "family.grandma.status", "well", "assertive"),
    ("my mommy is sick", "family.mom.status", "sick", "assertive"),
    ("my father is sick", "family.father.status", "sick", "assertive"),
]

FAMILY_PRONOUNS_AND_SPEECH: list[Row] = [
    # A pronoun after the member stands for the member, with the same field.
    (
        "my father had a bad week. he's doing much better now",
        "family.father.status",
        "well",
        "assertive",
    ),
    (
        "my wife stayed in bed today. she's running a fever",
        "family.wife.status",
        "sick",
        "assertive",
    ),
    # A member reporting on themself: the status is theirs.
    ("my son called to say he has the flu", "family.son.status", "sick", "assertive|historical"),
    ("my mom told me she is feeling better", "family.mom.status", "well", "historical"),
    ("my wife told me he has the flu", "family.wife.status", None, ""),
]

ALL = HOME + EMPLOYER + DIET + FAMILY_WELL + FAMILY_SICK + FAMILY_WORDS + FAMILY_PRONOUNS_AND_SPEECH


@pytest.mark.parametrize(("text", "field", "value", "intent"), ALL, ids=[r[0] for r in ALL])
def test_field_as_people_write_it(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)
