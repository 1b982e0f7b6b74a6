"""The encoder built once writes what ``json.JSONEncoder(...).encode`` writes, and fails as it
fails: the stored JSON text (and every ``value_key`` compared as text) stays byte for byte."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.domain.json_text import loads, one_encoder

OPTIONS = [
    {"sort_keys": True, "separators": (",", ":"), "ensure_ascii": False},  # stored rows
    {"sort_keys": True, "separators": (",", ":"), "ensure_ascii": True},  # value keys
]
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**400), max_value=10**400)
    | st.floats()  # NaN, ±Infinity, 1e16, -0.0 as well
    | st.text()  # lone surrogates too
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=5), inner, max_size=4)
        | st.tuples(inner, inner)
    ),
    max_leaves=12,
)


def _outcome(encode: Any, value: Any) -> tuple[str, str]:
    try:
        return "text", encode(value)
    except Exception as e:  # the same kind of failure, with the same message
        return type(e).__name__, str(e)


@pytest.mark.parametrize("options", OPTIONS, ids=["rows", "keys"])
@settings(max_examples=300, deadline=None)
@given(value=VALUES)
def test_the_text_is_the_reference_encoders(options: dict[str, Any], value: Any) -> None:
    reference = json.JSONEncoder(**options).encode
    assert _outcome(one_encoder(**options), value) == _outcome(reference, value)


@pytest.mark.parametrize(
    "value",
    [
        {1: "a", "b": 2},  # keys that cannot be sorted together
        {"when": object()},  # not JSON
        [float("nan"), {"x": float("inf")}],
    ],
    ids=["mixed-keys", "not-json", "non-finite"],
)
def test_a_failure_is_the_reference_failure_and_the_next_call_is_clean(value: Any) -> None:
    encode = one_encoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    reference = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert _outcome(encode, value) == _outcome(reference.encode, value)
    shared = {"k": [1, 2]}
    # A failed call inside the same container leaves no marker behind: no false
    # "circular reference" for a value seen there before.
    assert _outcome(encode, [shared, value]) == _outcome(reference.encode, [shared, value])
    assert encode([shared, shared]) == '[{"k":[1,2]},{"k":[1,2]}]'


def test_a_container_that_failed_once_encodes_once_mended() -> None:
    encode = one_encoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    box: dict[str, Any] = {"x": [object()]}
    with pytest.raises(TypeError):
        encode(box)
    box["x"] = [1]  # the failed call's markers named this very dict and list
    assert encode(box) == '{"x":[1]}'


def test_a_circular_value_is_refused_as_the_reference_refuses_it() -> None:
    loop: list[Any] = []
    loop.append(loop)
    encode = one_encoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert _outcome(encode, loop) == ("ValueError", "Circular reference detected")
    assert encode([[1], [1]]) == "[[1],[1]]"


def test_threads_encode_the_same_value_at_once() -> None:
    encode = one_encoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    shared = {"b": [1, {"c": "é"}], "a": None}
    expected = json.dumps(shared, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    seen: list[str] = []

    def work() -> None:
        seen.extend(encode(shared) for _ in range(500))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == [expected] * 2000


def _read(load: Any, text: Any) -> tuple[str, Any]:
    try:
        return "value", load(text)
    except Exception as e:  # the failure itself is what is compared
        return type(e).__name__, str(e)


TEXTS = (
    VALUES.map(lambda v: json.dumps(v, sort_keys=True, separators=(",", ":")))
    | st.text(alphabet=' \t\n\ufeff{}[]",:0123456789.eE+-truefalsnNaIiy\\u', max_size=12)
    | st.sampled_from(["", " 1", "1 ", "[1] x", "\ufeff1", '"a"b', "NaN", "-Infinity", "1e999"])
)


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_a_stored_text_reads_as_json_loads_reads_it(text: str) -> None:
    """``loads`` gives ``json.loads``'s value for every text (whitespace around a value,
    a BOM, trailing data, NaN, no JSON at all), and fails where it fails, with its error."""
    got, expected = _read(loads, text), _read(json.loads, text)
    assert repr(got) == repr(expected)
