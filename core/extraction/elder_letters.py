"""A grandparent's letter to a grandchild names the writer's family by the reader's
relation to them: "Your grandmother has been poorly", "Your grandad is in fine fettle
after his op", "Your Uncle Bill is poorly again". Told to the reader at the head of a
sentence, that is news of the writer's own household (the writer or the one they live
with), so it is read as the writer would name them: "my grandmother", "Uncle Bill".

Only at the head of a sentence, not asked ("how is your nan?" asks) nor heard from someone
("I heard your nan is in hospital" is the reader's news, told back to them).
"""

from __future__ import annotations

from core.extraction.word_gates import gated

_YOUR_ELDER = gated(
    r"(?:^|(?<=[.!?]\s)|(?<=\n))(?:your|Your|YOUR)\s+(?=(?:grand(?:mother|father|ma|pa|mama|papa|ad|"
    r"dad|da)|granddad|gran|granny|nan|nana|nanna|gramps|grampa|grandparents)\b)",
)
_YOUR_NAMED_KIN = gated(
    # "Your Uncle Bill", "your Auntie Jean": a relative by name, as the family calls them.
    r"(?:^|(?<=[.!?]\s)|(?<=\n))(?:your|Your|YOUR)\s+(?=(?:Uncle|Auntie|Aunty|Aunt|Great[\s-]"
    r"(?:Uncle|Aunt|Auntie))\s+[A-Z][a-z]+)"
)


def elders_own(text: str) -> str:
    """``text`` with the writer's family named as the writer would (see the module)."""
    if "your" not in text.lower():
        return text
    return _YOUR_NAMED_KIN.sub("", _YOUR_ELDER.sub("my ", text))
