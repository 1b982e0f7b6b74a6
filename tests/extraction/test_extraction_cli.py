"""`canon extract` and `canon eval intents`, driven through click's test runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from core.cli.extraction_cmds import eval_group, extract_command

AT = "2026-03-04T09:00:00-08:00"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_json_output_is_exactly_the_extraction(runner: CliRunner) -> None:
    res = runner.invoke(extract_command, ["We're in Tahoe", "--json", "--at", AT])
    assert res.exit_code == 0
    data = json.loads(res.output)
    assert set(data) == {"text", "intent", "observations"}
    assert data["intent"] == "assertive"
    assert {o["field"]: o["candidate_value"] for o in data["observations"]} == {
        "travel.location": "Tahoe",
        "travel.status": "in_progress",
    }


def test_human_table(runner: CliRunner) -> None:
    res = runner.invoke(extract_command, ["Leaving for Tahoe Sunday", "--at", AT])
    assert res.exit_code == 0
    assert res.output.splitlines()[0] == "intent: planning"
    assert "travel.depart_date" in res.output
    assert "2026-03-08" in res.output


def test_markdown_flag(runner: CliRunner) -> None:
    res = runner.invoke(extract_command, ["Home city: Portland", "--markdown", "--json"])
    assert json.loads(res.output)["observations"][0]["field"] == "profile.home_city"


def test_batch_keeps_order_and_per_line_times(runner: CliRunner) -> None:
    lines = [{"text": "hi"}, {"text": "flying to Rome tomorrow", "at": "2026-12-31T10:00:00Z"}]
    res = runner.invoke(
        extract_command,
        ["--batch", "-", "--at", AT],
        input="\n".join(json.dumps(x) for x in lines) + "\n",
    )
    assert res.exit_code == 0
    out = [json.loads(x) for x in res.output.splitlines()]
    assert [o["text"] for o in out] == ["hi", "flying to Rome tomorrow"]
    dates = {o["field"]: o["candidate_value"] for o in out[1]["observations"]}
    assert dates["travel.depart_date"] == "2027-01-01"


def test_batch_from_a_file(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text('{"text": "I\'m vegan"}\n\n{"text": "thanks"}\n')
    res = runner.invoke(extract_command, ["--batch", str(path), "--at", AT])
    assert [json.loads(x)["intent"] for x in res.output.splitlines()] == ["assertive", "none"]


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["x", "--at", "2026-03-04T09:00:00"], None, "no UTC offset"),
        (["x", "--at", "next tuesday"], None, "not an RFC 3339"),
        (["--batch", "-"], "{not json}\n", "line 1: not JSON"),
        (["--batch", "-"], '{"txt": "x"}\n', "line 1: expected an object"),
        (["--batch", "-"], '{"text": "x", "at": "2026-01-01"}\n', "line 1: at"),
        ([], None, "missing TEXT"),
    ],
)
def test_bad_input_is_one_clear_error(
    runner: CliRunner, args: list[str], stdin: str | None, message: str
) -> None:
    res = runner.invoke(extract_command, args, input=stdin)
    assert res.exit_code != 0
    assert message in res.stderr
    assert "Traceback" not in res.output + res.stderr
    assert len(res.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (b"\xff\xfe not utf-8", "line 2: not UTF-8 (byte 0xff at column 1)"),
        (b'{"text": NaN}', "line 2: not JSON: NaN (JSON has no NaN or Infinity)"),
        (b'{"text":' * 500 + b'"x"' + b"}" * 500, "line 2: not JSON Canon accepts: nested deeper"),
        (
            b'{"text": "x" * (2 << 20)}'.replace(b"x", b"x" * (2 << 20)),
            "over the 1048576 byte limit",
        ),
        (b'{"txt": "x"}', "line 2: expected an object with a string 'text'"),
    ],
)
def test_a_bad_batch_line_is_reported_and_the_others_still_extracted(
    runner: CliRunner, bad: bytes, message: str
) -> None:
    feed = b"\n".join([b'{"text": "hi"}', bad, b'{"text": "thanks"}']) + b"\n"
    res = runner.invoke(extract_command, ["--batch", "-", "--at", AT], input=feed)
    assert res.exit_code == 2
    assert [json.loads(x)["text"] for x in res.stdout.splitlines()] == ["hi", "thanks"]
    assert len(res.stderr.splitlines()) == 1
    assert res.stderr.startswith("Error: ")
    assert message in res.stderr
    assert "Traceback" not in res.output


def test_batch_lines_are_split_on_newlines_only(runner: CliRunner) -> None:
    feed = '{"text": "flying to Rome\u2028tomorrow"}\r\n{"text": "thanks\u0085"}\n'
    res = runner.invoke(extract_command, ["--batch", "-", "--at", AT], input=feed.encode())
    assert res.exit_code == 0, res.output
    assert [json.loads(x)["text"] for x in res.stdout.split("\n")[:-1]] == [
        "flying to Rome\u2028tomorrow",
        "thanks\u0085",
    ]


def test_a_binary_batch_file_is_one_clear_error(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "photo.jpg"
    path.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01" + bytes(range(256)))
    res = runner.invoke(extract_command, ["--batch", str(path), "--at", AT])
    assert res.exit_code == 2
    assert (
        res.stderr.strip()
        == f"Error: {path} is a binary file, not JSON Lines (one JSON object per line)"
    )
    assert res.stdout == ""


def test_eval_intents_on_absurdly_nested_input_is_one_clear_error(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "set.jsonl"
    path.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    res = runner.invoke(eval_group, ["intents", str(path)])
    assert res.exit_code == 2
    assert res.stderr.strip() == f"Error: {path}: nested too deeply"


def test_eval_intents(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "set.jsonl"
    path.write_text(
        "\n".join(
            json.dumps(x)
            for x in [
                {
                    "text": "We're in Tahoe",
                    "intent": ["assertive"],
                    "expect": {"travel.location": "Tahoe"},
                },
                {"text": "I wish we were in Tahoe", "intent": ["hypothetical"]},
            ]
        )
    )
    res = runner.invoke(eval_group, ["intents", str(path)])
    assert res.exit_code == 0
    assert "intent accuracy     1.000" in res.output
    res = runner.invoke(eval_group, ["intents", str(path), "--json"])
    assert json.loads(res.output)["field_recall"] == 1.0


def test_eval_rejects_a_bad_file(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"text": "x", "intent": ["maybe"]}\n')
    res = runner.invoke(eval_group, ["intents", str(path)])
    assert res.exit_code != 0
    assert "line 1" in res.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--markdown", "- [ ] Pay rent by Friday", "--at", AT, "--json"],
        ["--markdown", "--json", "--at", AT, "- [ ] Pay rent by Friday"],
        ["--markdown", "--json", "--at", AT, "--", "- [ ] Pay rent by Friday"],
    ],
)
def test_text_may_start_with_a_dash(runner: CliRunner, args: list[str]) -> None:
    """A Markdown list item is TEXT, not an unknown option, with or without "--"."""
    res = runner.invoke(extract_command, args)
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["text"] == "- [ ] Pay rent by Friday"
    assert {o["field"]: o["candidate_value"] for o in data["observations"]} == {
        "financial.rent.status": "due",
        "financial.rent.due_date": "2026-03-06",
    }


def test_double_dash_passes_option_like_text_and_unknown_options_still_fail(
    runner: CliRunner,
) -> None:
    res = runner.invoke(extract_command, ["--at", AT, "--json", "--", "--json"])
    assert res.exit_code == 0
    assert json.loads(res.output)["text"] == "--json"
    res = runner.invoke(extract_command, ["--jsn", "--at", AT])
    assert res.exit_code == 2
    assert "No such option" in res.output
    res = runner.invoke(extract_command, ["- a", "- b"])
    assert res.exit_code == 2  # two texts are still one too many


def test_help_documents_dash_text(runner: CliRunner) -> None:
    res = runner.invoke(extract_command, ["--help"])
    assert '-- "- [x] Pay rent"' in res.output
