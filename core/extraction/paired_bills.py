"""Bills said together by "and": "rent and electricity paid", "paid the rent and the phone
bill", "rent and gas both paid". The status said of one is said of each, when each is a
bill by its own name (the caller says which names are bills).
"""

from __future__ import annotations

from collections.abc import Callable

from core.extraction.word_gates import gated

_PAIRED = gated(
    r"(?:^|[,:;]\s*|\b(?:my|our|the)\s+)(?P<first>[a-z][a-z ]{1,24}?)\s+(?:and|&)\s+(?:(?:my|our|the)\s+)?$"
)


_AFTER = gated(
    r"\s*(?:and|&)\s+(?:(?:my|our|the)\s+)?(?P<second>[a-z]+(?:\s+(?:bill|tax|insurance|loan|fees?))?)\b"
)
BOTH = gated(r"(?<=\s)(?:both|all)\s+(?=(?:paid|sorted|cancell?ed|canceled|settled|cleared)\b)")


def paired_bills(low: str, item: str, is_bill: Callable[[str], bool]) -> list[str]:
    """The bills said with ``item`` by "and" ("rent and electricity paid", "paid the rent
    and the phone bill"), each a bill by its own name."""
    at = low.find(item)
    if at < 0:
        return []
    said = []
    if at > 0 and (m := _PAIRED.search(low, 0, at)) is not None:
        said.append(m.group("first").strip())
    if (m2 := _AFTER.match(low, at + len(item))) is not None:
        said.append(m2.group("second"))
    return [b for b in said if is_bill(b)]
