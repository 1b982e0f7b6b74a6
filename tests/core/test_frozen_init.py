"""``fast_init`` gives a frozen dataclass the ``__init__`` the dataclass generates, only faster:
the same signature, the same instance, the same refusals; and it leaves alone what it
cannot treat so (slots, ``__post_init__``). ``fast_replace`` is ``dataclasses.replace``
for such a class: the same copy, the same refusals."""

from __future__ import annotations

import dataclasses
import functools
import inspect
import pickle
from dataclasses import dataclass, field
from typing import Any

import pytest

from core.domain.frozen_init import fast_init, fast_replace
from core.domain.resolver import Decision, Factors
from core.domain.review_items import NewReviewItem, ReviewItem
from core.domain.snapshot import FieldSnapshot, OpenItem
from core.domain.state import CommittedFact, Competitor, FieldEvidence
from core.domain.write_batch import Accepted, CommitPlan, WriteBatch
from core.engine.outcomes import Outcome
from core.store.rules import Fold, FoldedCommit, OpenQuestion


def _twins() -> tuple[type[Any], type[Any]]:
    """The same frozen dataclass twice: as generated, and with ``fast_init``."""

    def make() -> type[Any]:
        @dataclass(frozen=True)
        class Base:
            a: int
            b: str = "b"

        @dataclass(frozen=True)
        class Record(Base):
            c: list[int] = field(default_factory=list)
            d: tuple[int, ...] = ()
            e: int = field(default=5, kw_only=True)
            f: Any = field(default=None, kw_only=True, compare=False)
            _fast_self: int = field(default=0, kw_only=True)  # names the generated code uses

        return Record

    return make(), fast_init(make())


CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    ((1,), {}),
    ((1, "x", [2], (3,)), {"e": 6, "f": "g"}),
    ((), {"a": 1, "c": [4]}),
    ((1,), {"d": (1, 2), "f": object()}),
    ((), {}),  # missing a
    ((1, "x", [2], (3,), 9), {}),  # e is keyword-only
    ((1,), {"zzz": 1}),
    ((1,), {"a": 2}),
    ((1,), {"_fast_self": 3}),
]


@pytest.mark.parametrize(("args", "kwargs"), CALLS)
def test_the_same_call_builds_the_same_instance_or_fails_alike(
    args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    generated, fast = _twins()
    try:
        expected: Any = vars(generated(*args, **kwargs))
    except TypeError:
        expected = TypeError
    try:
        got: Any = vars(fast(*args, **kwargs))
    except TypeError:
        got = TypeError
    assert got == expected


def test_each_default_factory_runs_once_an_instance() -> None:
    _, fast = _twins()
    one, two = fast(1), fast(1)
    assert one.c == []
    assert one.c is not two.c


def test_the_instance_stays_frozen_comparable_hashable_and_picklable() -> None:
    generated, fast = _twins()
    record = fast(1, "x", [], (), e=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.a = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        del record.b
    assert record == fast(1, "x", [], (), e=2, f="ignored by eq")
    assert repr(record).replace("Record", "") == repr(generated(1, "x", [], (), e=2)).replace(
        "Record", ""
    )
    assert dataclasses.replace(record, a=3) == fast(3, "x", [], (), e=2)
    assert hash(fast(1, "x", None, ())) == hash(fast(1, "x", None, ()))
    question = OpenQuestion("q1", 3, "user:a", None, pending=True)  # a real record
    assert pickle.loads(pickle.dumps(question)) == question


def test_what_it_cannot_treat_keeps_the_generated_init() -> None:
    @dataclass(frozen=True, slots=True)
    class Slotted:
        a: int

    @dataclass(frozen=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            if self.a < 0:
                raise ValueError("negative")

    slotted_init, checked_init = Slotted.__init__, Checked.__init__
    assert fast_init(Slotted).__init__ is slotted_init
    assert fast_init(Checked).__init__ is checked_init
    with pytest.raises(TypeError):
        fast_init(type("Plain", (), {}))


RECORDS = [
    Accepted,
    CommitPlan,
    WriteBatch,
    NewReviewItem,
    ReviewItem,
    CommittedFact,
    Competitor,
    FieldEvidence,
    Outcome,
    OpenQuestion,
    FoldedCommit,
    Fold,
    Factors,
    Decision,
    OpenItem,
    FieldSnapshot,
]


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.__name__)
def test_the_ingest_records_take_their_fields_as_the_dataclass_says(record: type[Any]) -> None:
    fields = dataclasses.fields(record)
    params = list(inspect.signature(record.__init__).parameters.values())[1:]
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        assert (p.kind == p.KEYWORD_ONLY) == f.kw_only
        if f.default is not dataclasses.MISSING:
            assert p.default is f.default
        elif f.default_factory is dataclasses.MISSING:
            assert p.default is p.empty
        else:  # built by its factory when left out
            assert p.default is not p.empty


CHANGES: list[dict[str, Any]] = [
    {},
    {"a": 2},
    {"b": "y", "c": [7], "e": 9},
    {"f": "compare=False, still copied"},
    {"_fast_self": 4},
    {"zzz": 1},  # no such field
]


@pytest.mark.parametrize("changes", CHANGES)
def test_fast_replace_copies_as_replace_copies_or_fails_alike(changes: dict[str, Any]) -> None:
    generated, fast = _twins()
    for cls in (generated, fast):
        record = cls(1, "x", [2], (3,), e=6, f="g")
        try:
            expected: Any = vars(dataclasses.replace(record, **changes))
        except TypeError:
            expected = TypeError
        try:
            copy = fast_replace(record, **changes)
            got: Any = vars(copy)
        except TypeError:
            got = TypeError
        assert got == expected
        if got is not TypeError:
            assert type(copy) is cls
            assert copy is not record
            assert vars(record) == vars(cls(1, "x", [2], (3,), e=6, f="g"))  # left as it was
            with pytest.raises(dataclasses.FrozenInstanceError):
                copy.a = 5


def test_fast_replace_of_a_real_outcome_is_replace() -> None:
    outcome = Outcome("ask_user", "e1", "user:a", "travel.location", "Tahoe", reasons=("r",))
    for changes in ({"promoted": ()}, {"event_id": "e2"}, {"reasons": ("r", "s")}):
        assert vars(fast_replace(outcome, **changes)) == vars(
            dataclasses.replace(outcome, **changes)
        )


def test_fast_replace_leaves_what_it_cannot_copy_so_to_replace() -> None:
    """A subclass (its own fields), or an instance whose ``__dict__`` holds more than its
    fields (a ``cached_property``'s value) is copied by ``dataclasses.replace``: the
    cached value is computed again for the copy, never inherited."""

    @fast_init
    @dataclass(frozen=True)
    class Cached:
        a: int

        @functools.cached_property
        def doubled(self) -> int:
            return self.a * 2

    @dataclass(frozen=True)
    class Wider(Outcome):
        extra: int = 0

    one = Cached(1)
    assert one.doubled == 2
    assert fast_replace(one, a=5).doubled == 10
    wider = Wider("ask_user", "e1", "user:a", "f", "v", extra=3)
    assert fast_replace(wider, event_id="e2") == dataclasses.replace(wider, event_id="e2")
