"""`canon extract` and `canon eval intents`, driven through click's test runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from core.cli_extraction import eval_group, extract_command

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
        (["--batch", "-"], "{not json}\n", "line 1: invalid JSON"),
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
