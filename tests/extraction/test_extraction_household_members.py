"""Round 36: who is in the household, ``family.<first name>.relation``, from a MEMORY.md
list's line and from the user's own words in the chat. Round 35 read "- Partner: Sam" as
stating nothing; it states that Sam is the partner. Look-alikes that must not name a
member of hers come after each table: someone else's, a question, a condition.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.domain.fields import RELATIONS
from core.domain.validation import load_schema
from core.extraction.household_told import RELATION_OF
from core.extraction.offline import extract_offline


def relations(text: str, source: str = "conversation_assertive") -> dict[str, object]:
    found = extract_offline(text, at=AT, source=source).observations  # type: ignore[arg-type]
    return {
        o.field: o.candidate_value
        for o in found
        if o.field.endswith(".relation") and o.intent == "assertive"
    }


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("- Partner: Sam", {"family.sam.relation": "partner"}),
        ("- Partner: Jordan", {"family.jordan.relation": "partner"}),
        (
            "Kids: Maya (9), Leo (6)",
            {"family.maya.relation": "child", "family.leo.relation": "child"},
        ),
        ("* Wife: Priya, in Madrid for work", {"family.priya.relation": "wife"}),
        ("- Mum: Ann", {"family.ann.relation": "mother"}),
        ("- Sons: Leo & Max", {"family.leo.relation": "son", "family.max.relation": "son"}),
        ("Daughter - Mia", {"family.mia.relation": "daughter"}),
        # Still her husband, whatever the line says of him since.
        ("- Husband: Omar (was in hospital in 2019)", {"family.omar.relation": "husband"}),
        # No one named: a placeholder, none, a heading, a pet, a town, a question.
        ("- Partner: TBD", {}),
        ("- Kids: none", {}),
        ("## Kids", {}),
        ("- Dog: Pepper", {}),
        ("Partner: Leeds", {}),
        ("- Partner: Sam, can you book the table?", {}),
    ],
)
def test_a_household_list_line_says_who_each_member_is(line: str, said: dict[str, str]) -> None:
    assert relations(line, "static_markdown") == said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("my wife Priya is in Madrid this week", {"family.priya.relation": "wife"}),
        ("our daughter maya has a cold", {"family.maya.relation": "daughter"}),
        ("our son Leo is 6", {"family.leo.relation": "son"}),
        ("my hubby Dan is sick", {"family.dan.relation": "husband"}),
        (
            "my kids Maya and Leo are off school today",
            {"family.maya.relation": "child", "family.leo.relation": "child"},
        ),
        # Family not said to live with her: a parent or a sibling named in passing.
        ("my mum Ann is in hospital", {}),
        ("my brother tom moved to denver last week", {}),
        ("I'm away this week, staying at my sister Jo's in Paris", {}),
        # Someone else's, a former one, a question, a condition, a word after the relation.
        ("Priya's wife is in Madrid", {}),
        ("my friend's son Leo is sick", {}),
        ("my wife's brother Tom is visiting", {}),
        ("my ex-wife Priya is in town", {}),
        ("is my wife Priya back yet?", {}),
        ("if my son Leo calls, tell him to come home", {}),
        ("my son will be home at 6", {}),
        ("my son still has a fever", {}),
    ],
)
def test_the_users_own_relation_and_its_name_say_who_the_member_is(
    text: str, said: dict[str, str]
) -> None:
    assert relations(text) == said


def test_every_relation_word_is_one_value_of_the_closed_list_the_schema_holds() -> None:
    rules = load_schema("state_observation")["allOf"]
    listed = [
        r["then"]["properties"]["candidate_value"]["enum"]
        for r in rules
        if "field" in r["if"]["properties"]
    ]
    assert listed == [[*RELATIONS, None]]
    assert set(RELATION_OF.values()) <= set(RELATIONS)
