"""The attribute ruler's single-token rules as a table lookup, with the same matches.

en_core_web_sm's ``attribute_ruler`` sets POS, MORPH and LEMMA by 179 rules, run through
spaCy's ``Matcher``: about two thirds of a millisecond for a short message, a fifth of
what the whole parse costs. All but a handful of its rules look at one token, through
equalities and sets over its tag, lower case, dependency and whether it is space; such
a rule is a row of a table keyed by the token's tag or lower case. ``TableMatch``
finds those rules' matches by lookup and leaves the rest (two tokens, a regular
expression) to a ``Matcher`` of their own; it returns the ruler's own ``match`` result
(``(rule, key, start, end)``, sorted: later rules take precedence), so
``AttributeRuler.set_annotations`` writes the same attributes in the same order.

A rule in a form the table does not know stays in the residual ``Matcher``, so a
pipeline with other patterns is read as before, only less of it by lookup. The
extraction tests and a comparison of ``match`` over every evaluation message (in
``tests/extraction``) hold the two identical.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.pipeline import AttributeRuler
    from spacy.tokens import Doc

FIELDS = ("TAG", "LOWER", "DEP", "IS_SPACE")
"""The token attributes a table rule may test, in the order of ``Doc.to_array``'s columns."""
Match = tuple[int, int, int, int]
"""``(rule, key, start, end)`` as ``AttributeRuler.match`` returns it."""
_SEEN_MOST = 50_000
"""Kinds of token remembered at most (``TableMatch._matching``): a few megabytes."""


@dataclass(frozen=True)
class Test:
    """One attribute of the token: equal to one of ``values`` (or none of them)."""

    column: int
    values: frozenset[int]
    negated: bool = False

    def holds(self, row: Sequence[int]) -> bool:
        return (row[self.column] in self.values) != self.negated


@dataclass(frozen=True)
class Row:
    """A single-token pattern of rule ``rule`` (its match key ``key``)."""

    rule: int
    key: int
    tests: tuple[Test, ...]


def _test(column: int, value: object, hashed: Callable[[str], int]) -> Test | None:
    """The test for one pattern value; None for a form the table does not know."""
    if FIELDS[column] == "IS_SPACE":
        return Test(column, frozenset({int(value)})) if isinstance(value, bool) else None
    if isinstance(value, str):
        return Test(column, frozenset({hashed(value)}))
    if isinstance(value, dict) and len(value) == 1:
        ((op, listed),) = value.items()
        if op in ("IN", "NOT_IN") and all(isinstance(v, str) for v in listed):
            return Test(column, frozenset(hashed(v) for v in listed), op == "NOT_IN")
    return None


def table_row(
    rule: int, key: int, pattern: list[dict[str, Any]], hashed: Callable[[str], int]
) -> Row | None:
    """``pattern`` as a table row, or None if it is not one token of known tests."""
    if len(pattern) != 1:
        return None
    tests: list[Test] = []
    for name, value in pattern[0].items():
        if name not in FIELDS:
            return None
        test = _test(FIELDS.index(name), value, hashed)
        if test is None:
            return None
        tests.append(test)
    return Row(rule, key, tuple(tests))


class TableMatch:
    """``AttributeRuler.match`` for ``ruler``: its single-token rules by table lookup."""

    def __init__(self, ruler: AttributeRuler) -> None:
        from spacy.matcher import Matcher

        strings = ruler.vocab.strings
        self._residual = Matcher(ruler.vocab)
        self._by: tuple[dict[int, list[Row]], dict[int, list[Row]]] = ({}, {})
        """Rows by the tag (column 0) or lower case (column 1) every match must have."""
        self._always: list[Row] = []
        self._seen: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
        """What tokens of each kind matched (``_matching``)."""
        patterns = _patterns_by_rule(ruler.patterns)
        for rule, listed in enumerate(patterns):
            key = strings[str(rule)]  # the ruler's own match key for rule ``rule``
            rest = []
            for pattern in listed:
                row = table_row(rule, key, pattern, strings.add)
                if row is None:
                    rest.append(pattern)
                else:
                    self._file(row)
            if rest:
                self._residual.add(key, rest)

    def _file(self, row: Row) -> None:
        """File ``row`` under a value its token must have, so only candidates are tested."""
        for column in (1, 0):  # a lower case is rarer than a tag: fewer candidates
            test = next((t for t in row.tests if t.column == column and not t.negated), None)
            if test is not None:
                for value in test.values:
                    self._by[column].setdefault(value, []).append(row)
                return
        self._always.append(row)

    def __call__(self, doc: Doc) -> list[Match]:
        found: list[Match] = [
            (int(doc.vocab.strings[key]), key, start, end)
            for key, start, end in self._residual(doc, allow_missing=True)
        ]
        for i, row in enumerate(doc.to_array(list(FIELDS)).tolist()):
            for rule, key in self._matching(tuple(row)):
                found.append((rule, key, i, i + 1))
        found.sort()
        return found

    def _matching(self, row: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        """The ``(rule, key)`` of every table row a token of attributes ``row`` matches.
        Remembered per ``row``: a few thousand kinds of token (a word in a tag and a
        dependency) make most messages, and testing each candidate row was a tenth of
        reading a message."""
        known = self._seen.get(row)
        if known is None:
            by_tag, by_lower = self._by
            known = tuple(
                (entry.rule, entry.key)
                for candidates in (by_tag.get(row[0]), by_lower.get(row[1]), self._always)
                for entry in candidates or ()
                if all(t.holds(row) for t in entry.tests)
            )
            if len(self._seen) >= _SEEN_MOST:
                self._seen.clear()
            self._seen[row] = known
        return known


def _patterns_by_rule(patterns: Iterable[dict[str, Any]]) -> list[list[list[dict[str, Any]]]]:
    """Each rule's token patterns, in rule order (``AttributeRuler.patterns`` lists them)."""
    return [list(p["patterns"]) for p in patterns]


def use_table(nlp: Language) -> None:
    """Let ``nlp``'s attribute ruler (if it has one) find its matches by ``TableMatch``."""
    from spacy.pipeline import AttributeRuler

    ruler = nlp.get_pipe("attribute_ruler") if "attribute_ruler" in nlp.pipe_names else None
    if isinstance(ruler, AttributeRuler):
        # The ruler's ``__call__`` (and so its ``pipe``) finds its matches by ``self.match``.
        ruler.match = TableMatch(ruler)  # type: ignore[method-assign]
