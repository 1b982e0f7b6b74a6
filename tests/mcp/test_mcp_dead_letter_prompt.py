"""MCP's question for a dead letter gives its reasons in words, as the chat's and the
API's do (``texts.dead_letter_question``), not the validator's repr.

Before, a question that is no change was told by its raw reasons (``reasons_text``):
"$.event_ts: 'yesterday' is not a 'date-time'". A letter's question is the owner's
(``system:dead-letters``), asked over MCP only of a session acting for the user about
their own letters (``core.mcp.letter_reach``; tests/mcp/test_mcp_dead_letter_answers.py);
the view is the one every tool returns a question through (``core.mcp.shown``). A real letter, failed three times on a real SQLite store.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from canon_testing import NOW, two_retries_failed

from core.domain.policy import default_policy
from core.engine.deadletters import retry_due
from core.engine.engine import Engine
from core.mcp.shown import question_model
from core.store.sqlite import SQLiteStore

SAID_WHY = (
    'The field event_ts is not a valid date and time ("yesterday"): write it as RFC 3339, '
    "like 2026-12-01T09:30:00Z."
)


async def test_a_dead_letters_prompt_says_why_in_words(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    await two_retries_failed(str(db))
    store = SQLiteStore(db)
    await store.open()
    try:
        # The third retry, due next: the letter fails for good and is asked of the owner.
        await retry_due(Engine(store, default_policy()), NOW + timedelta(days=1))
        [item] = await store.open_review_items(["system:dead-letters"])
    finally:
        await store.close()

    prompt = question_model(item, "user:primary").prompt

    assert f"• {SAID_WHY}" in prompt.split("\n"), prompt
    assert "'yesterday'" not in prompt
    assert "$." not in prompt
    assert prompt.endswith(
        "Yes: try it again now · No: discard it · Edit: send a corrected payload"
    )
