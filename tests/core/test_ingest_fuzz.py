"""Fuzzing `canon ingest`: thousands of malformed lines, interleaved with good ones.

Whatever a bad line holds (random bytes, cut-off JSON, wrong types, huge numbers,
deep nesting, invalid UTF-8, control characters, U+2028, NaN), the command ends
without a traceback, every bad line is one dead letter, and the committed state is
exactly what the good lines alone produce.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from canon_testing import CALIBRATED_POLICY_FILE, make_observation
from click.testing import CliRunner, Result

from core.cli import cli

NOW = "2026-02-19T14:30:00Z"
LINES = 1000  # per seed (3 seeds: thousands of lines); each bad line is its own durable commit
FIELDS = ("travel.location", "travel.status", "profile.home_city", "profile.diet")

CALIBRATED = ("--policy", str(CALIBRATED_POLICY_FILE))
"""Past calibration: what goes through commits as it would on a store in use."""


def canon(db: Path, *args: str, stdin: bytes | None = None) -> Result:
    result = CliRunner().invoke(cli, ["--db", str(db), *CALIBRATED, *args], input=stdin)
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def dump(payload: Any) -> bytes:
    return json.dumps(payload, ensure_ascii=False).encode("utf-8")


def observation(rng: random.Random) -> dict[str, Any]:
    entity = rng.choice(("user:primary", "family:home"))
    value = rng.choice(("Tahoe", "Reno", "Lake\u2028Tahoe", "Zürich", "vegan", "done"))
    return make_observation(rng.choice(FIELDS), value, entity=entity)


def _random_bytes(rng: random.Random) -> bytes:
    raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80))).replace(b"\n", b"")
    return b"\x80" + raw  # never blank, never valid UTF-8 from the start


def _truncated(rng: random.Random) -> bytes:
    text = dump(observation(rng))
    return text[: rng.randrange(1, len(text) - 1)]


def _wrong_type(rng: random.Random) -> bytes:
    payload = observation(rng)
    mutation = rng.randrange(7)
    if mutation == 0:
        del payload[rng.choice(("event_id", "field", "intent", "source", "candidate_value"))]
    elif mutation == 1:
        payload["intent"] = rng.choice((5, "maybe", None, ["assertive"]))
    elif mutation == 2:
        payload["event_ts"] = rng.choice(("soon", 1700000000, "2026-02-19T14:30:00"))
    elif mutation == 3:
        payload["entity_id"] = rng.choice((42, "", "no spaces allowed here!"))
    elif mutation == 4:
        payload["source"] = rng.choice(("conversation", {"type": 1}, []))
    elif mutation == 5:
        payload["unexpected_" + str(rng.randrange(10**6))] = True
    else:
        return dump([payload])
    return dump(payload)


def _huge_number(rng: random.Random) -> bytes:
    number = rng.choice(
        (b"1e999", b"-1e400", b"9" * rng.randrange(4400, 6000), b"1" + b"0" * 5000 + b".5")
    )
    return dump(observation(rng)).replace(
        b'"candidate_value": ', b'"candidate_value": ' + number + b', "x": ', 1
    )


def _deep(rng: random.Random) -> bytes:
    depth = rng.randrange(65, 20_000)
    if rng.random() < 0.5:
        return b"[" * depth + b"]" * depth
    return dump(observation(rng)).replace(b"{", b'{"n": ' + b"[" * depth + b"]" * depth + b", ", 1)


def _invalid_utf8(rng: random.Random) -> bytes:
    text = dump(observation(rng))
    cut = rng.randrange(1, len(text))
    return text[:cut] + rng.choice((b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\xf0\x9f")) + text[cut:]


def _control_char(rng: random.Random) -> bytes:
    char = bytes([rng.choice([c for c in range(32) if c not in (9, 10, 13, 32)] + [9])])
    return dump(observation(rng)).replace(b'"field": "', b'"field": "' + char, 1)


def _separator_in_bad_line(rng: random.Random) -> bytes:
    sep = rng.choice(("\u2028", "\u2029", "\u0085")).encode("utf-8")
    return b'{"candidate_value": "a' + sep + b'b", "missing": "everything else"}'


def _non_finite(rng: random.Random) -> bytes:
    constant = rng.choice((b"NaN", b"Infinity", b"-Infinity"))
    return dump(observation(rng)).replace(
        b'"candidate_value": ', b'"candidate_value": ' + constant + b', "y": ', 1
    )


def _lone_surrogate(rng: random.Random) -> bytes:
    return dump(observation(rng)).replace(
        b'"field": "', b'"field": "\\udc' + f"{rng.randrange(256):02x}".encode() + b"x", 1
    )


BAD_LINES: tuple[Callable[[random.Random], bytes], ...] = (
    _random_bytes,
    _truncated,
    _wrong_type,
    _huge_number,
    _deep,
    _invalid_utf8,
    _control_char,
    _separator_in_bad_line,
    _non_finite,
    _lone_surrogate,
)


def feeds(seed: int, size: int) -> tuple[bytes, bytes, int]:
    """(good and bad lines mixed, the good lines alone, how many bad lines)."""
    rng = random.Random(seed)
    good: list[bytes] = []
    mixed: list[bytes] = []
    seen: set[bytes] = set()
    blank = 0
    while len(mixed) - blank < size:
        if rng.random() < 0.15:
            line = dump(observation(rng))
            good.append(line)
        else:
            line = rng.choice(BAD_LINES)(rng)
            if line in seen:  # identical bad lines are their own test below
                continue
            seen.add(line)
        mixed.append(line)
        if rng.random() < 0.05:
            mixed.append(rng.choice((b"", b"   ", b"\r")))  # blank lines are skipped
            blank += 1
    ending = rng.choice((b"\n", b"\r\n"))
    return ending.join(mixed) + ending, b"\n".join(good) + b"\n", size - len(good)


def outcome(db: Path, feed: bytes) -> tuple[dict[str, Any], dict[str, Any], list[Any], int]:
    summary = json.loads(canon(db, "ingest", "-", "--now", NOW, "--json", stdin=feed).stdout)
    state = json.loads(canon(db, "state", "--json", "--now", NOW).stdout)
    pending = json.loads(canon(db, "pending", "--json").stdout)
    questions = [(q["entity_id"], q["field"], q["candidate_value"]) for q in pending["pending"]]
    letters = json.loads(canon(db, "dlq", "--json").stdout)["dead_letters"]
    return summary, state, questions, len(letters)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_malformed_lines_are_dead_lettered_and_change_nothing(tmp_path: Path, seed: int) -> None:
    mixed, good, bad = feeds(seed, size=LINES)
    summary, state, questions, letters = outcome(tmp_path / "mixed.db", mixed)
    _, good_state, good_questions, good_letters = outcome(tmp_path / "good.db", good)
    assert summary["lines"] == LINES
    assert summary["invalid"] == bad == letters
    assert good_letters == 0
    assert state == good_state
    assert questions == good_questions


def test_identical_bad_lines_are_each_dead_lettered(tmp_path: Path) -> None:
    rng = random.Random(4)
    bad = [make(rng) for make in BAD_LINES]
    feed = b"\n".join(bad * 3 + [dump(make_observation("travel.location", "Tahoe"))]) + b"\n"
    summary, state, _, letters = outcome(tmp_path / "canon.db", feed)
    assert summary["invalid"] == letters == 3 * len(BAD_LINES)
    assert state["user:primary"]["travel.location"]["value"] == "Tahoe"
