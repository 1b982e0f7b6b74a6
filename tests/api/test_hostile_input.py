"""Hostile input against a live `canon serve` (issue 23, finding 7): deep nesting,
out-of-range dates, 5,000-digit numbers and 1e400 are problem documents (4xx) or
dead letters, never a 500; the process keeps serving and logs no traceback.

The table says what each shape is; the property test puts every shape into every
route that takes a body, where schemathesis (test_serve.py) only sends what the
OpenAPI document can describe.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from canon_testing import make_observation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from live_server import LiveServer, live_server

from core.domain.timeutil import format_ts

pytestmark = pytest.mark.timeout(300)

PROBLEM = "application/problem+json"
HOSTILE = "@@hostile@@"
"""Where a body's template takes the raw JSON text of a hostile value."""
DEEP = "[" * 100_000
NOT_QUITE_DEEP = "[" * 200 + "]" * 200
"""Parses in Python, but is deeper than any Canon body (64 levels)."""
BIG_INT = "9" * 5_000
"""More digits than Python converts (4,300): int() raises ValueError."""
BIG_FLOAT = "1e400"
"""Parses as inf."""
DATES = [
    "9999-12-31T23:59:59-05:00",  # UTC is year 10000
    "9999-12-31T23:59:59Z",
    "0000-01-01T00:00:00Z",
    "0001-01-01T00:00:00Z",
    "2031-01-01T09:00:00Z",
    "1" * 5_000,
    "+275760-09-13T00:00:00Z",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("hostile") / "canon.db"
    with live_server(db, "--rate", "100000", "--burst", "100000") as running:
        yield running
        assert running.process.poll() is None, "the server died"
        assert running.stop() == 0
        # Canon logs every 500 as "unexpected error on <route>" (core.api.problems). A
        # request line too long to parse is logged by aiohttp with its traceback, but
        # answered 400 by it, not Canon; so look for Canon's line, not for "Traceback".
        assert not [line for line in running.stderr if "unexpected error" in line]


def _post(server: LiveServer, path: str, body: str) -> httpx.Response:
    return httpx.post(
        f"{server.url}{path}",
        content=body.encode("utf-8"),
        headers={"Authorization": f"Bearer {server.token}", "Content-Type": "application/json"},
        timeout=60,
    )


def _get(server: LiveServer, path: str, **params: str) -> httpx.Response:
    auth = {"Authorization": f"Bearer {server.token}"}
    return httpx.get(f"{server.url}{path}", params=params, headers=auth, timeout=60)


def _observation(
    field: str = "travel.location", value: Any = "Tahoe", **changes: Any
) -> dict[str, Any]:
    """A valid observation of a minute ago; ``changes`` replace its keys as they are."""
    return make_observation(field, value, at=datetime.now(UTC) - timedelta(minutes=1), **changes)


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        (DEEP, "nested deeper than 64 levels"),
        ('{"observations": ' + DEEP, "nested deeper than 64 levels"),
        ('{"observations": [' + NOT_QUITE_DEEP + "]}", "nested deeper than 64 levels"),
        ('{"observations": [' + BIG_INT + "]}", "digits"),
        ('{"observations": [' + BIG_FLOAT + "]}", "out of range"),
        ('{"observations": [NaN]}', "NaN"),
        ('{"observations": [1', "not JSON"),
    ],
)
def test_bodies_that_are_not_json_canon_reads_are_400(
    server: LiveServer, body: str, detail: str
) -> None:
    response = _post(server, "/v1/observations", body)
    assert response.status_code == 400
    assert response.headers["content-type"].startswith(PROBLEM)
    problem = response.json()
    assert problem["type"].endswith("/not-json")
    assert detail in problem["detail"]


def test_a_text_too_long_is_named_by_its_start_and_size_not_echoed_back(
    server: LiveServer,
) -> None:
    """A 850 kB message under the body limit but over the text's: a 422 of a few hundred
    bytes, not the text twice over (it was 1.7 MB), naming its size and the limit (it is
    kept in the dead-letter queue: tests/api/test_unreadable_message_api.py)."""
    text = "we are in tahoe. " * 50_000
    response = _post(server, "/v1/messages", json.dumps({"text": text}))
    assert response.status_code == 422
    assert len(response.content) < 2_000, len(response.content)
    problem = response.json()
    assert problem["type"].endswith("/text-too-long")
    assert problem["detail"] == (
        "The field text is 850,000 characters long, more than the 10,000 a message may hold: "
        "send it shorter."
    )
    assert problem["errors"] == [
        "$.text: 850,000 characters, more than the 10,000 a message may hold"
    ]


MANY_FIELDS = {f"k{i}": 1 for i in range(10_000)}


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/messages", {"text": "we are in tahoe", **MANY_FIELDS}),
        ("/v1/observations", {"observations": [], **MANY_FIELDS}),
        (
            "/v1/questions/01a22b91-7f88-75a2-a8b0-69b1b2661771/answer",
            {"answer": "yes", **MANY_FIELDS},
        ),
        ("/v1/forget", {"field": "travel.location", **MANY_FIELDS}),
        ("/v1/undo", MANY_FIELDS),
    ],
)
def test_ten_thousand_unknown_fields_are_named_by_a_few_and_counted(
    server: LiveServer, path: str, body: dict[str, Any]
) -> None:
    """A 422 of a few hundred bytes that names five of them and counts the rest: it was
    178 kB, every name echoed twice (trust20)."""
    response = _post(server, path, json.dumps(body))
    assert response.status_code == 422
    assert len(response.content) < 2_000, len(response.content)
    problem = response.json()
    assert problem["detail"] == (
        'The payload has fields Canon does not take, "k0", "k1", "k10", "k100", "k1000" '
        "and 9995 more: remove them."
    )
    assert (
        "'k0', 'k1', 'k10', 'k100', 'k1000' and 9995 more were unexpected" in (problem["errors"][0])
    )


@pytest.mark.parametrize("stamp", DATES)
def test_an_observation_stamped_off_the_calendar_or_ahead_is_dead_lettered(
    server: LiveServer, stamp: str
) -> None:
    payload = _observation(event_ts=stamp)
    response = _post(server, "/v1/observations", json.dumps({"observations": [payload]}))
    assert response.status_code == 200, response.text
    (result,) = response.json()["results"]
    if stamp == "0001-01-01T00:00:00Z":  # old, but a real time: resolved as old evidence
        assert result["decision"] != "invalid"
        return
    assert result["decision"] == "invalid"
    assert result["errors"][0].startswith("$.event_ts")
    letters = _get(server, "/v1/dead-letters").json()["dead_letters"]
    assert any(payload["event_id"] in json.dumps(letter) for letter in letters)


def test_the_2031_observation_does_not_pin_a_value_over_the_users_word(
    server: LiveServer,
) -> None:
    """The attack through the API: evidence from 2031 first, then the user's message."""
    field = "family.emma.school"
    pinned = _observation(field, "Atlantis", event_ts="2031-01-01T09:00:00Z")
    refused = _post(server, "/v1/observations", json.dumps({"observations": [pinned]})).json()
    assert refused["results"][0]["decision"] == "invalid"
    assert "evidence cannot come from the future" in refused["results"][0]["errors"][0]
    said = _observation(field, "Lincoln")
    taken = _post(server, "/v1/observations", json.dumps({"observations": [said]})).json()
    assert taken["results"][0]["committed"], taken
    why = _get(server, "/v1/why", field="family.emma.school").json()
    assert why["current"]["value"] == "Lincoln"
    assert [e["event_id"] for e in why["evidence"]] == [said["event_id"]]


@pytest.mark.parametrize(
    ("value", "reads"),
    [
        ("9999-12-31T23:59:59Z", True),
        ("0001-01-01T00:00:00Z", True),
        ("9999-12-31T23:59:59-05:00", False),
        ("0000-01-01T00:00:00Z", False),
        ("9" * 5000, False),
    ],
)
def test_valid_until_at_the_calendars_ends_is_held_or_dead_lettered(
    server: LiveServer, value: str, reads: bool
) -> None:
    payload = _observation("travel.destination", "Lisbon", valid_until=value)
    response = _post(server, "/v1/observations", json.dumps({"observations": [payload]}))
    assert response.status_code == 200, response.text
    (result,) = response.json()["results"]
    assert (result["decision"] != "invalid") is reads
    for path, params in [
        ("/v1/state", {}),
        ("/v1/context", {}),
        ("/v1/why", {"field": "travel.destination"}),
        ("/v1/history", {}),
    ]:
        assert _get(server, path, **params).status_code == 200


@pytest.mark.parametrize(
    ("value", "status"),
    [
        (10**4000, 400),
        (-(10**4000), 400),
        (10**308, 200),
        (1.7976931348623157e308, 200),
        (5e-324, 200),
        ("9" * 499, 200),
    ],
    ids=["10**4000", "-10**4000", "10**308", "max double", "min subnormal", "499 nines"],
)
def test_numbers_a_double_holds_are_read_back_and_larger_ones_are_400(
    server: LiveServer, value: Any, status: int
) -> None:
    # An amount is a number: 499 nines as text are text, read back as a merchant's name.
    kind = "merchant" if isinstance(value, str) else "amount"
    field = f"financial.n{uuid.uuid4().hex[:8]}.{kind}"
    payload = _observation(field, value)
    response = _post(server, "/v1/observations", json.dumps({"observations": [payload]}))
    assert response.status_code == status, response.text
    if status == 400:
        assert "out of range (a JSON number must fit a double)" in response.json()["detail"]
    for path in ("/v1/state", "/v1/context", "/v1/questions", "/v1/dead-letters"):
        assert _get(server, path).status_code == 200
    why = _get(server, "/v1/why", field=field)
    assert why.status_code == (404 if status == 400 else 200)


@pytest.mark.parametrize(
    ("at", "status", "why"),
    [
        ("2031-01-01T09:00:00Z", 200, "evidence cannot come from the future"),
        ("9999-12-31T23:59:59Z", 200, "evidence cannot come from the future"),
        ("0001-01-01T00:00:00Z", 200, "no message is that old"),
        ("9999-12-31T23:59:59-05:00", 422, "The field at is not a valid date and time"),
        ("1" * 5000, 422, "The field at is not a valid date and time"),
    ],
)
def test_a_message_said_in_the_future_or_off_the_calendar_is_not_read(
    server: LiveServer, at: str, status: int, why: str
) -> None:
    message_id = uuid.uuid4().hex
    body = {"text": "I moved to Berlin, back tomorrow", "at": at, "message_id": message_id}
    response = _post(server, "/v1/messages", json.dumps(body))
    assert response.status_code == status, response.text
    if status != 200:
        assert response.headers["content-type"].startswith(PROBLEM)
        assert why in response.json()["detail"]
        return
    made = response.json()
    assert made["observations"] == 0
    (outcome,) = made["outcomes"]
    assert outcome["decision"] == "invalid"
    assert why in outcome["errors"][0]
    letters = _get(server, "/v1/dead-letters").json()["dead_letters"]
    assert any(message_id in json.dumps(letter) for letter in letters)


def test_a_message_a_moment_ahead_is_read(server: LiveServer) -> None:
    """A phone whose clock runs a minute fast is within the allowance."""
    at = format_ts(datetime.now(UTC) + timedelta(minutes=1))
    response = _post(server, "/v1/messages", json.dumps({"text": "I'm in Lisbon", "at": at}))
    assert response.status_code == 200
    assert all(o["decision"] != "invalid" for o in response.json()["outcomes"])


@pytest.mark.parametrize(
    ("path", "params"),
    [
        ("/v1/context", {"max_tokens": BIG_INT}),
        ("/v1/context", {"max_tokens": "9" * 4000}),
        ("/v1/context", {"max_tokens": "1e400"}),
        ("/v1/why", {"field": "travel." + "a" * 5_000}),
        ("/v1/history", {"field": "[" * 2_000}),
    ],
)
def test_hostile_query_parameters_are_422(
    server: LiveServer, path: str, params: dict[str, str]
) -> None:
    response = _get(server, path, **params)
    assert 400 <= response.status_code < 500, response.text
    assert response.headers["content-type"].startswith(PROBLEM)


def test_a_long_query_reaches_canon_and_gets_a_problem_document(server: LiveServer) -> None:
    """Over aiohttp's own 8,190 bytes and under a worker's 64 KiB: Canon's schema refuses
    it (422, a problem document, as the OpenAPI document says), not aiohttp's plain 400."""
    response = _get(server, "/v1/why", field="travel." + "a" * 20_000)
    assert response.status_code == 422, response.text[:300]
    assert response.headers["content-type"].startswith(PROBLEM)
    assert _get(server, "/v1/health").status_code == 200


def test_a_request_line_too_long_to_read_is_refused(server: LiveServer) -> None:
    """Past 64 KiB aiohttp's own parser refuses it (400) before Canon sees it (a query just
    under httpx's own 64 KiB limit, in a request line just over the worker's)."""
    response = _get(server, "/v1/why", field="travel." + "a" * 65_515)
    assert 400 <= response.status_code < 500
    assert _get(server, "/v1/health").status_code == 200


@pytest.mark.parametrize(
    "value",
    [BIG_INT, BIG_FLOAT, "1" + "0" * 400, json.dumps("9" * 5000), DEEP, "NaN"],
    ids=["5000 digits", "1e400", "10**400", "5000-digit text", "deep", "NaN"],
)
def test_an_edit_answer_with_an_extreme_value_is_refused(server: LiveServer, value: str) -> None:
    place = f"Town {uuid.uuid4().hex[:6]}"  # a new value: a new question
    asked = _observation("travel.destination", place, needs_confirmation="check it")
    result = _post(server, "/v1/observations", json.dumps({"observations": [asked]})).json()
    question = result["results"][0]["review_item_id"]
    assert question is not None, result
    body = '{"answer": "edit", "value": ' + value + "}"
    response = _post(server, f"/v1/questions/{question}/answer", body)
    assert 400 <= response.status_code < 500, response.text
    assert response.headers["content-type"].startswith(PROBLEM)


# -- every hostile shape in every body ---------------------------------------------------
def _templates() -> dict[str, str]:
    """A valid body for each route, with one value left for a hostile one."""
    obs = _observation()
    return {
        "/v1/messages text": json.dumps({"text": HOSTILE}),
        "/v1/messages at": json.dumps({"text": "I'm in Reno", "at": HOSTILE}),
        "/v1/observations": json.dumps({"observations": [HOSTILE]}),
        "/v1/observations event_ts": json.dumps({"observations": [{**obs, "event_ts": HOSTILE}]}),
        "/v1/observations value": json.dumps(
            {"observations": [{**obs, "candidate_value": HOSTILE}]}
        ),
        "/v1/observations valid_until": json.dumps(
            {"observations": [{**obs, "valid_until": HOSTILE}]}
        ),
        "/v1/observations confidence": json.dumps(
            {"observations": [{**obs, "extraction_confidence": HOSTILE}]}
        ),
        "/v1/forget": json.dumps({"field": HOSTILE}),
        "/v1/undo": json.dumps({"entity_id": HOSTILE}),
    }


def _hostile_values() -> st.SearchStrategy[str]:
    digits = st.integers(min_value=1, max_value=6000).map(lambda n: "9" * n)
    return st.one_of(
        st.integers(min_value=65, max_value=100_000).map(lambda n: "[" * n + "]" * n),
        st.integers(min_value=65, max_value=100_000).map(lambda n: "[" * n),
        st.integers(min_value=65, max_value=20_000).map(lambda n: '{"a":' * n + "1" + "}" * n),
        digits,
        digits.map(lambda d: "-" + d),
        st.integers(min_value=300, max_value=100_000).map(lambda n: f"1e{n}"),
        st.integers(min_value=300, max_value=100_000).map(lambda n: f"-1.5e{n}"),
        st.sampled_from(["NaN", "Infinity", "-Infinity", "1e-400"]),
        st.sampled_from(DATES).map(json.dumps),
        st.builds(
            lambda year, offset: json.dumps(f"{year:04d}-12-31T23:59:59{offset}"),
            st.sampled_from([0, 1, 9999, 2031, 3000]),
            st.sampled_from(["Z", "-05:00", "+14:00", "-23:59"]),
        ),
    )


@given(route=st.sampled_from(sorted(_templates())), value=_hostile_values())
@settings(max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck))
def test_any_hostile_value_in_any_body_is_never_a_500(
    server: LiveServer, route: str, value: str
) -> None:
    path = route.split(" ")[0]
    response = _post(server, path, _templates()[route].replace(json.dumps(HOSTILE), value))
    assert response.status_code < 500, response.text[:500]
    if response.status_code >= 400:
        assert response.headers["content-type"].startswith(PROBLEM)
    assert _get(server, "/v1/health").status_code == 200


def test_module_server_is_still_the_same_process(server: LiveServer) -> None:
    assert server.process.poll() is None
    assert Path(f"/proc/{server.process.pid}").exists()
