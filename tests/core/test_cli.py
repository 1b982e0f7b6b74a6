"""The `canon` command line, used as a user would: real files, real stores.

Most commands run in this interpreter (``canon_cli.canon``); the first steps of the main
flow, a second telling of the demo, the benchmark (which times its own start) and the
start-up check run as real processes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from canon_cli import Ran, spawn
from canon_cli import canon as in_process
from canon_testing import CALIBRATED_POLICY_FILE, make_observation

NOW = "2026-02-19T14:30:00Z"


def canon(
    *args: str, db: Path, stdin: str | None = None, check: bool = True, process: bool = False
) -> Ran:
    """``canon *args`` over the store ``db``, past calibration; a new process if ``process``."""
    env = {"CANON_DB": str(db), "NO_COLOR": "1", "COLUMNS": "200"}
    env["CANON_POLICY"] = str(CALIBRATED_POLICY_FILE)  # past calibration
    result = (spawn if process else in_process)(*args, env=env, stdin=stdin)
    if check:
        assert result.returncode == 0, result.stderr
    return result


def jsonl(*payloads: Any) -> str:
    return "\n".join(json.dumps(p) for p in payloads) + "\n"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "canon.db"


def test_init_creates_the_store(db: Path) -> None:
    out = canon("init", db=db)
    assert db.exists()
    assert str(db) in out.stdout


def test_ingest_state_pending_answer_why_history(db: Path, tmp_path: Path) -> None:
    feed = tmp_path / "obs.jsonl"
    feed.write_text(
        jsonl(
            make_observation("travel.location", "Tahoe"),
            make_observation("travel.status", "in_progress"),
            make_observation("profile.home_city", "Seattle"),
            make_observation("travel.location", "Reno", intent="hypothetical"),
        )
    )
    ingested = canon("ingest", str(feed), "--now", NOW, "--json", db=db, process=True)
    summary = json.loads(ingested.stdout)
    assert summary == {
        "lines": 4,
        "auto_commit": 2,
        "ask_user": 1,
        "tentative_reject": 1,
        "duplicate": 0,
        "invalid": 0,
    }

    state = json.loads(canon("state", "--json", "--now", NOW, db=db, process=True).stdout)
    assert state["user:primary"]["travel.location"]["value"] == "Tahoe"
    assert state["user:primary"]["travel.location"]["source"]["type"] == "conversation_assertive"
    assert "profile.home_city" not in state["user:primary"]
    human = canon("state", db=db).stdout
    assert "travel.location" in human
    assert "Tahoe" in human

    pending = json.loads(canon("pending", "--json", db=db).stdout)
    (item,) = pending["pending"]
    assert (item["field"], item["candidate_value"]) == ("profile.home_city", "Seattle")

    answered = canon("answer", item["id"][:12], "edit", "Portland", "--now", NOW, db=db).stdout
    assert "profile.home_city = Portland" in answered
    assert json.loads(canon("pending", "--json", db=db).stdout)["pending"] == []

    why = json.loads(canon("why", "profile.home_city", "--json", db=db).stdout)
    assert why["current"]["value"] == "Portland"
    assert [e["source"]["type"] for e in why["evidence"]] == ["user_confirmation"]
    assert why["changes"][0]["resolution"] == "user_edit"

    history = json.loads(canon("history", "--json", db=db).stdout)
    assert [h["field"] for h in history] == [
        "travel.location",
        "travel.status",
        "profile.home_city",
    ]


def test_ingest_reads_stdin_and_sends_bad_lines_to_the_dead_letter_queue(db: Path) -> None:
    feed = jsonl(make_observation()) + "{not json\n" + jsonl(make_observation(event_ts="soon"))
    result = canon("ingest", "-", "--now", NOW, db=db, stdin=feed)
    assert "dead-letter queue" in result.stderr
    letters = json.loads(canon("dlq", "--json", db=db).stdout)["dead_letters"]
    assert len(letters) == 2
    assert any("not JSON" in e for e in letters[0]["errors"])
    retried = json.loads(
        canon("dlq", "--retry", "--json", "--now", "2026-02-19T14:32:00Z", db=db).stdout
    )
    assert retried["retry"]["retried"] == 2
    assert all(d["retry_count"] == 1 for d in retried["dead_letters"])


def test_identical_bad_lines_are_each_kept_and_the_rest_of_the_file_is_ingested(
    db: Path, tmp_path: Path
) -> None:
    # Each failed line is its own dead letter (the dlq count matches what ingest reports);
    # before, the second identical line collided on the dead letter's id and stopped the file.
    bad = make_observation(event_ts="soon")
    feed = tmp_path / "feed.jsonl"
    feed.write_text(
        jsonl(bad, bad)
        + "{not json\n{not json\n"
        + jsonl(make_observation("travel.location", "Tahoe"))
    )
    result = json.loads(canon("ingest", str(feed), "--json", "--now", NOW, db=db).stdout)
    assert (result["lines"], result["invalid"], result["auto_commit"]) == (5, 4, 1)
    letters = json.loads(canon("dlq", "--json", db=db).stdout)["dead_letters"]
    assert len(letters) == 4
    assert len({d["id"] for d in letters}) == 4
    state = json.loads(canon("state", "--json", "--now", NOW, db=db).stdout)
    assert "Tahoe" in json.dumps(state)


def test_poll_retries_due_dead_letters_and_status_shows_alerts_and_the_dlq_slo(db: Path) -> None:
    bad = make_observation("travel.location", "Reno", event_ts="soon")
    canon("ingest", "-", "--now", NOW, db=db, stdin=jsonl(bad))
    retries = []
    for at in ("2026-02-19T14:31:00Z", "2026-02-19T14:36:00Z", "2026-02-19T15:06:00Z"):
        polled = json.loads(canon("poll", "--json", "--now", at, db=db).stdout)
        retries.append(polled["dead_letters"])
    assert [r["retried"] for r in retries] == [1, 1, 1]
    assert retries[-1]["permanently_failed"] == 1
    status = json.loads(canon("status", "--json", "--now", "2026-02-19T15:06:00Z", db=db).stdout)
    [alert] = status["open_alerts"]
    assert alert["kind"] == "dead_letter_permanent"
    assert status["dlq_slo"] == {"unresolved": 1, "older_than_24h": 0, "holds": True}
    text = canon("status", "--now", "2026-02-20T15:00:00Z", db=db).stdout
    assert "DLQ SLO broken: 1 dead letter(s) unresolved for more than 24 h" in text
    assert "alert 2026-02-19T15:06:00Z: a travel payload failed validation permanently" in text
    # Answered once from the CLI: Yes cannot fix it (refused, still open), No discards it.
    [item] = json.loads(canon("pending", "--json", db=db).stdout)["pending"]
    refused = canon("answer", item["id"], "confirm", db=db, check=False)
    assert refused.returncode != 0
    assert "still invalid. The field event_ts" in refused.stderr
    canon("answer", item["id"], "reject", db=db)
    assert json.loads(canon("pending", "--json", db=db).stdout)["pending"] == []
    again = json.loads(canon("poll", "--json", "--now", "2026-02-19T16:00:00Z", db=db).stdout)
    assert again["dead_letters"]["retried"] == 0
    status = json.loads(canon("status", "--json", "--now", "2026-02-20T15:00:00Z", db=db).stdout)
    assert status["dlq_slo"]["holds"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("answer", "nope", "confirm"), "no open question"),
        (("ingest", "/no/such/file.jsonl"), "No such file or directory"),
        (("state", "--now", "yesterday"), "RFC 3339"),
        (("state", "--now", "2026-02-19T14:30:00"), "no UTC offset"),
        (("replay", "/no/such/scenario.json"), "does not exist"),
        (("answer", "x", "maybe"), "Invalid value"),
    ],
)
def test_errors_are_one_clear_line_without_a_traceback(
    db: Path, args: tuple[str, ...], message: str
) -> None:
    result = canon(*args, db=db, check=False)
    assert result.returncode != 0
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_a_bad_policy_file_is_a_clear_error(db: Path, tmp_path: Path) -> None:
    policy = tmp_path / "policy.toml"
    policy.write_text("[domains.travel]\nask_treshold = 0.5\n")
    result = canon("--policy", str(policy), "state", db=db, check=False)
    assert result.returncode == 2
    assert "unknown key(s) in domains.travel: ['ask_treshold']" in result.stderr


def test_a_malformed_scenario_is_a_clear_error(db: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"steps": [{"at": NOW, "message": "hi", "answer": "confirm"}]}))
    result = canon("replay", str(bad), "--json", db=db, check=False)
    assert result.returncode == 2
    assert "exactly one of" in result.stderr


def test_replay_prints_the_contract_object(db: Path) -> None:
    scenario = Path(__file__).parent.parent / "scenarios" / "tahoe_incident.json"
    result = json.loads(canon("replay", str(scenario), "--json", db=db).stdout)
    assert list(result) == ["state", "pending", "queued", "decisions", "dlq", "rollout"]
    assert set(result["decisions"][0]) == {
        "step",
        "event_id",
        "entity_id",
        "field",
        "candidate_value",
        "decision",
        "confidence",
    }
    assert not db.exists()  # replay never touches the configured store


def test_demo_tells_the_story(db: Path) -> None:
    text = canon("demo", db=db).stdout
    for expected in (
        "We're in Tahoe!",
        "committed",
        "kept tentative",
        "Canon asks",
        "outranks static_markdown",
        "What Canon believes now",
        "Audit log",
        # The payoff: the errand lands after the trip, and what the assistant reads.
        "Return the Amazon package on 2026-02-20: after the Tahoe trip "
        "(departed 2026-02-15, back in Portland), not before it.",
        "[Canon state as of 2026-02-19T04:07:00Z; trust it over older messages]",
        "- financial.amazon_return.due_date = 2026-02-20 (user_confirmation, just now)",
        "- travel.status = completed (conversation_assertive, 7 min ago)",
    ):
        assert expected in text
    # One story: once the user is back in Portland nothing still has them in Tahoe.
    assert "travel.location Tahoe -> Portland" in text
    assert "still have" not in text
    assert "location as Tahoe" not in text
    # The ski lesson on the 17th is over by the 19th: never told as still scheduled.
    assert "scheduled (ended 2026-02-17)" in text
    assert "ski_lesson_for_emma.event_status was scheduled until 2026-02-17" in text
    assert "- family.ski_lesson_for_emma.event_status = scheduled" not in text
    # Deterministic: the same story every time, in another process (another hash seed) too.
    assert text == canon("demo", db=db, process=True).stdout


def test_bench_prints_the_contract_keys(db: Path, tmp_path: Path) -> None:
    bench_db = tmp_path / "bench.db"
    args = ("--facts", "500", "--observations", "200", "--singles", "150")
    args += ("--users", "3", "--model-latency", "0.05", "--messages", "60", "--turns", "20")
    args += ("--extract-messages", "40")  # 600 by default: most of this test's time
    # A process of its own: the language pipeline's load time is one of its figures.
    bench = canon("bench", "--json", "--db", f"sqlite:///{bench_db}", *args, db=db, process=True)
    figures = json.loads(bench.stdout)
    for key in (  # the ingest path, beside raw SQLite doing as many durable transactions
        "ingest_obs_per_s",
        "ingest_p50_ms",
        "ingest_p99_ms",
        "ingest_single_tx_obs_per_s",
        "sqlite_baseline_rows_per_s",
        "ingest_vs_sqlite_same_tx",
    ):
        assert isinstance(figures[key], int | float), key
        assert figures[key] > 0, key
    assert figures["facts"] == 500
    assert figures["workers"].startswith("skipped"), "API workers are measured on PostgreSQL"
    assert figures["ingest_vs_sqlite_same_tx"] == pytest.approx(
        figures["ingest_single_tx_obs_per_s"] / figures["sqlite_baseline_rows_per_s"], rel=0.01
    )
    # It ran on the store it was given (not CANON_DB's), which now holds the seeded facts.
    assert not db.exists()
    state = json.loads(canon("state", "--json", db=bench_db).stdout)
    assert sum(len(fields) for fields in state.values()) == 500
    for key in (  # the extractor, each figure beside raw spaCy's in the same run
        "extract_msgs_per_s",
        "extract_p99_ms",
        "extract_load_s",
        "spacy_pipe_msgs_per_s",
        "spacy_single_p99_ms",
    ):
        assert isinstance(figures[key], int | float), key
        assert figures[key] > 0, key
    assert figures["extract_messages"] == 40
    for key in (  # the assistant runtime's own cost per turn, beside the bare offline answer
        "agent_turn_overhead_ms_p99",
        "offline_reply_ms_p99",
    ):
        assert isinstance(figures[key], float), key
    for key in (  # three people writing at once to a model that takes 0.05 s
        "concurrent_chats_3_wall_over_latency",
        "concurrent_chats_3_speedup",
    ):
        assert isinstance(figures[key], float), key
    assert figures["concurrent_chats_model_latency_s"] == 0.05
    for key in (  # one chat message end to end, beside raw spaCy and a raw durable insert
        "message_end_to_end_ms_p50",
        "message_end_to_end_ms_p99",
        "message_engine_ms_p50",
        "message_spacy_ms_p50",
        "message_sqlite_insert_ms_p50",
        "message_baselines_ms_p50",
        "message_vs_baselines_p50",
    ):
        assert isinstance(figures[key], float), key
        assert figures[key] > 0, key
    assert figures["messages"] == 60
    assert figures["message_observations_per_message"] >= 1  # every message carries a claim
    for key in ("bot_turn_p50_ms", "bot_turn_p99_ms_with_2000_open"):  # 20 turns of each
        assert isinstance(figures[key], float), key


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("ftp://example.org/store", "store URL 'ftp://example.org/store': unknown scheme 'ftp'"),
        ("{full}", "needs an empty store"),
        ("sqlite:///{full}", "needs an empty store"),
    ],
)
def test_bench_refuses_a_store_it_cannot_use_in_one_line(
    url: str, said: str, db: Path, tmp_path: Path
) -> None:
    full = tmp_path / "full.db"
    canon(
        "ingest",
        "-",
        "--now",
        NOW,
        db=full,
        stdin=jsonl(make_observation("travel.location", "Tahoe")),
    )
    result = canon("bench", "--db", url.format(full=full), db=db, check=False)
    assert result.returncode == 2
    assert result.stderr.startswith("canon: error: ")
    assert said in result.stderr
    assert "Traceback" not in result.stderr
    state = json.loads(canon("state", "--json", "--now", NOW, db=full).stdout)
    assert state["user:primary"]["travel.location"]["value"] == "Tahoe"


def test_every_command_documents_an_example(db: Path) -> None:
    import click

    from core.cli import cli

    for name in cli.list_commands(click.Context(cli)):
        command = cli.get_command(click.Context(cli), name)
        assert command is not None, name
        assert command.help, name
        if name not in ("eval",):
            assert "Example:" in command.help or "canon " in command.help, name


def test_status_reports_reverted_hand_edits_in_canons_zones(db: Path, tmp_path: Path) -> None:
    ws = tmp_path / "workspace"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("# Memory\n\nHome city: Portland\n", encoding="utf-8")
    canon("migrate", str(ws), "--now", NOW, db=db)
    feed = tmp_path / "obs.jsonl"
    feed.write_text(jsonl(make_observation("travel.location", "Tahoe")))
    canon("ingest", str(feed), "--now", NOW, db=db)
    canon("project", str(ws), "--now", NOW, db=db)
    memory = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert "Tahoe" in memory
    (ws / "MEMORY.md").write_text(memory.replace("Tahoe", "Maui"), encoding="utf-8")
    canon("project", str(ws), "--now", "2026-02-19T14:35:00Z", db=db)
    assert (ws / "MEMORY.md").read_text(encoding="utf-8") == memory
    status = json.loads(canon("status", "--json", db=db).stdout)
    assert status["drift_total"] == 1
    assert status["drift_reverted"][0]["zone_id"] == "current_state"
    assert "reverted" in canon("status", db=db).stdout


def test_answer_edit_reads_a_date_against_now_and_refuses_what_is_not_one(db: Path) -> None:
    # NOW is Thursday 19 February 2026: "Saturday" is the 21st.
    feed = jsonl(make_observation("travel.depart_date", "2026-03-01", source="calendar"))
    canon("ingest", "-", "--now", NOW, db=db, stdin=feed)
    (item,) = json.loads(canon("pending", "--json", db=db).stdout)["pending"]

    refused = canon("answer", item["id"][:12], "edit", "soon", "--now", NOW, db=db, check=False)
    assert refused.returncode != 0
    assert "I need a date, like 'Saturday' or '28 Nov'" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert len(json.loads(canon("pending", "--json", db=db).stdout)["pending"]) == 1

    answered = canon("answer", item["id"][:12], "edit", "Saturday", "--now", NOW, db=db).stdout
    assert "travel.depart_date = 2026-02-21" in answered


def test_answer_edit_refuses_a_place_nobody_knows_without_new_place(db: Path) -> None:
    feed = jsonl(make_observation("travel.location", "Tahoe", source="calendar"))
    canon("ingest", "-", "--now", NOW, db=db, stdin=feed)
    (item,) = json.loads(canon("pending", "--json", db=db).stdout)["pending"]
    edit = ("answer", item["id"][:12], "edit", "purple", "--now", NOW)

    refused = canon(*edit, db=db, check=False)
    assert refused.returncode == 2
    assert 'I don\'t know a place called "purple"; add --new-place' in refused.stderr
    assert "Traceback" not in refused.stderr
    assert len(json.loads(canon("pending", "--json", db=db).stdout)["pending"]) == 1
    wrong = canon("answer", item["id"][:12], "confirm", "--new-place", db=db, check=False)
    assert wrong.returncode != 0
    assert "--new-place goes with edit only" in wrong.stderr

    assert "travel.location = purple" in canon(*edit, "--new-place", db=db).stdout
    state = json.loads(canon("state", "--json", "--now", NOW, db=db).stdout)
    assert state["user:primary"]["travel.location"]["value"] == "purple"


def test_answer_edit_takes_a_known_place_as_it_is_spelled(db: Path) -> None:
    feed = jsonl(make_observation("travel.location", "Tahoe", source="calendar"))
    canon("ingest", "-", "--now", NOW, db=db, stdin=feed)
    (item,) = json.loads(canon("pending", "--json", db=db).stdout)["pending"]
    answered = canon("answer", item["id"][:12], "edit", "reno", "--now", NOW, db=db).stdout
    assert "travel.location = Reno" in answered


def test_why_and_history_take_a_domain_or_a_short_name(db: Path, tmp_path: Path) -> None:
    feed = tmp_path / "obs.jsonl"
    feed.write_text(
        jsonl(
            make_observation("travel.location", "Tahoe"),
            make_observation("travel.status", "in_progress"),
        )
    )
    canon("ingest", str(feed), "--now", NOW, db=db)

    by_domain = json.loads(canon("why", "travel", "--json", "--now", NOW, db=db).stdout)
    assert sorted(by_domain) == ["travel.location", "travel.status"]
    assert by_domain["travel.location"]["current"]["value"] == "Tahoe"
    by_name = json.loads(canon("why", "location", "--json", "--now", NOW, db=db).stdout)
    assert list(by_name) == ["travel.location"]  # a word gives a map, a full field one view
    human = canon("why", "travel", "--now", NOW, db=db).stdout
    assert "travel.location = Tahoe" in human
    assert "travel.status = in_progress" in human
    nothing = canon("why", "rent", "--now", NOW, db=db).stdout
    assert "I know nothing about rent. I know about: travel.location, travel.status." in nothing

    history = json.loads(canon("history", "location", "--json", db=db).stdout)
    assert [h["field"] for h in history] == ["travel.location"]
    assert "I know nothing about emma" in canon("history", "emma", db=db).stdout


def test_a_command_loads_no_front_end_it_does_not_run() -> None:
    """Every canon command starts without the bot, LangGraph, the model client, the HTTP
    server, the MCP SDK or the chart library: each loads inside the command that uses it."""
    heavy = ("telegram", "langgraph", "langchain_core", "openai", "aiohttp", "mcp", "matplotlib")
    probe = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from core.cli import cli\n"
        "CliRunner().invoke(cli, ['--help'])\n"
        f"print(','.join(m for m in {heavy!r} if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == ""
