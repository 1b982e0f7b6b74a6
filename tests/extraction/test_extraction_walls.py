"""A wall of punctuation, emoji or a pasted blob is read as a few of its characters.

spaCy's tokenizer takes time quadratic in a run without spaces (4,096 "!?" once took 9 s
of the reading thread every chat shares), and a run says no more than its first few
characters: the text is squeezed before it is read. Measured here by what reaches the
parser (its tokens), never by a timed assertion.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import facts_said

from core.extraction.linguistics.parse import parse
from core.extraction.typed_text import clean


@pytest.mark.parametrize(
    ("text", "squeezed"),
    [
        ("wow!!!!!!!!", "wow!!!"),
        ("landed 🎉🎉🎉🎉🎉🎉", "landed 🎉🎉🎉"),
        ("what?!?!?!?!?!?!?!?!", "what?!?!?!?!"),
        ("see " + "x" * 200, "see " + "x" * 64),
        # What people type stays as typed.
        ("we're in tahoe!!", "we're in tahoe!!"),
        ("ok... see you", "ok... see you"),
        ("https://example.com/a/b?c=1", "https://example.com/a/b?c=1"),
    ],
)
def test_a_run_is_squeezed_to_a_few_characters(text: str, squeezed: str) -> None:
    assert clean(text) == squeezed


@pytest.mark.parametrize(
    "wall", ["!" * 4096, "!?" * 2048, "🏔" * 4096, "a!" * 2048, "🏔😀🎉👍!?.,;:" * 400]
)
def test_a_wall_reaches_the_parser_as_a_few_tokens(wall: str) -> None:
    assert len(parse(clean(wall))) < 40


def test_the_news_before_a_wall_is_still_read() -> None:
    said = facts_said("just landed in denver " + "!" * 3000 + " 🎉" * 300)
    assert said.get("travel.location") == "Denver"
