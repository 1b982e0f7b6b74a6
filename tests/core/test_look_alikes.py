"""Two texts look alike when a reader cannot tell them apart (``core.domain.look_alikes``):
Unicode's confusable skeletons (UTS #39) from its own table, case folded and marks dropped."""

from __future__ import annotations

import pytest

from core.domain.look_alikes import look_alike, skeleton


@pytest.mark.parametrize(
    ("text", "other", "alike"),
    [
        # Mixed scripts: one or two Cyrillic or Greek letters among Latin ones.
        ("\u0410lice", "Alice", True),  # Cyrillic А
        ("Alic\u0435", "Alice", True),  # Cyrillic е
        ("\u0392\u03bfb", "Bob", True),  # Greek Β and ο
        ("\u0405\u0430m", "Sam", True),  # Cyrillic Ѕ and а
        # A whole word in another script drawn like a Latin one.
        ("\u0441\u0430\u0440\u0430", "capa", True),  # сара, all Cyrillic
        ("\u0410\u043d\u043d\u0430", "Anna", False),  # Анна: н is drawn like H, not n
        # Fullwidth and mathematical letters, Roman numerals, Cherokee.
        ("\uff21\uff4c\uff49\uff43\uff45", "Alice", True),
        ("\U0001d41a\U0001d425\U0001d422\U0001d41c\U0001d41e", "alice", True),  # 𝐚𝐥𝐢𝐜𝐞
        ("\u2160van", "Ivan", True),  # Ⅰ
        ("\u13a0an", "Dan", True),  # Cherokee Ꭰ
        # Letters drawn like others within Latin: I and l, rn and m, 0 and O, ı and i.
        ("AIice", "Alice", True),
        ("rnary", "Mary", True),
        ("B0b", "Bob", True),
        ("\u0131van", "Ivan", True),
        # Invisible characters and marks a glance passes over.
        ("Al\u200bice", "Alice", True),
        ("A\u202elice", "Alice", True),  # a right-to-left override
        ("Alic\u0065\u0301", "Alice", True),  # é as e and a combining acute
        # Names that only share letters stay apart.
        ("Alina", "Alice", False),
        ("Alicia", "Alice", False),
        ("\u674e\u5c0f\u9f99", "\u674e\u5c0f\u864e", False),  # 李小龙, 李小虎
        ("Ivan", "Iwan", False),
    ],
)
def test_what_looks_alike(text: str, other: str, alike: bool) -> None:
    assert look_alike(text, other) is alike
    assert look_alike(other, text) is alike


def test_a_skeleton_is_its_own_skeleton() -> None:
    """UTS #39: the skeleton of a skeleton is itself, so looking alike is stable."""
    for text in ("\u0410lice", "rnary", "\uff23\uff41\uff4e\uff4f\uff4e", "\u0131van", "Ivan"):
        assert skeleton(skeleton(text)) == skeleton(text)
