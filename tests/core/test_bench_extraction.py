"""The messages `canon bench` times the extractor on: varied, distinct, not the test sets'."""

from __future__ import annotations

import json
from pathlib import Path

from core.bench.extraction import compose_messages

LABELLED = Path(__file__).resolve().parents[1] / "extraction"


def _labelled_texts() -> set[str]:
    texts: set[str] = set()
    for path in [LABELLED / "labelled_messages.jsonl", *(LABELLED / "realistic").glob("*.jsonl")]:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                record = json.loads(line)
                if isinstance(record, dict) and isinstance(record.get("text"), str):
                    texts.add(record["text"].strip().lower())
    return texts


def test_the_bench_messages_are_hundreds_of_different_sentences() -> None:
    messages = compose_messages(600)
    assert len(messages) == len(set(messages)) == 600
    assert compose_messages(600) == messages  # the same run after run


def test_none_of_them_is_a_labelled_test_sentence() -> None:
    assert not {m.strip().lower() for m in compose_messages(600)} & _labelled_texts()
