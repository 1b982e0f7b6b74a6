"""Twenty-eighth round, found in the playground: "i dropped the boots at ups" read as the
project "boots" called off. A thing dropped, ditched or binned AT or TO a place (a carrier,
a shop, a post office, "the kids at school") or with a particle after it ("dropped the lamp
off") was put somewhere; "dropped spanish", "dropped the side project at the last minute"
and "dropped spanish to focus on maths" still give work up. And the words that name the
goods a return sends back, which its errand remembers (``goods_words``)."""

from __future__ import annotations

import pytest
from extraction_fixtures import held_said

from core.extraction.goods_returns import goods_words

CANCELLED = "cancelled"


@pytest.mark.parametrize(
    "text",
    [
        "oh and i dropped the boots at ups on the way up",
        "i dropped the lamp off at ikea",
        "dropped the jacket to the post office before work",
        "we dropped the old sofa at the tip",
        "ditched the rental car at the airport",
        "dropped my phone into the lake lol",
        "binned the leftovers at the office",
    ],
)
def test_a_thing_left_somewhere_is_no_project_called_off(text: str) -> None:
    said = held_said(text)
    assert not any(f.startswith("project.") and v == CANCELLED for f, v in said.items()), said


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("dropped spanish", "project.spanish.status"),
        ("dropped the side project", "project.side_project.status"),
        ("dropped the side project at the last minute", "project.side_project.status"),
        ("dropped spanish to focus on math", "project.spanish.status"),
        ("we scrapped the chatbot project at the end of q3", "project.chatbot.status"),
        ("ditched the rewrite at 5pm", "project.rewrite.status"),
    ],
)
def test_work_given_up_stays_called_off(text: str, field: str) -> None:
    assert held_said(text).get(field) == CANCELLED


@pytest.mark.parametrize(
    ("text", "goods"),
    [
        (
            "ok so we're off to tahoe on saturday, need to send back the amazon boots before",
            {"amazon", "boots"},
        ),
        ("gotta return the zara jacket by sat", {"zara", "jacket"}),
        ("need to return the lamp to ikea", {"lamp"}),
        ("the amazon boots have to go back by friday", {"amazon", "boots"}),
        ("gotta send the new dress back", {"dress"}),
        ("remember to drop off the nike return", {"nike", "return"}),
        # No goods sent back: nothing remembered.
        ("need to pay the rent by friday", set()),
        ("we're off to tahoe on saturday", set()),
    ],
)
def test_the_goods_a_return_sends_back(text: str, goods: set[str]) -> None:
    assert goods_words(text) == goods
