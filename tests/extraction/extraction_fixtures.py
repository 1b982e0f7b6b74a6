"""Shared fixtures for the extraction tests: a fixed message time and the labelled sets."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from core.extraction.evaluation import LabelledRecord, load_jsonl

AT = datetime.fromisoformat("2026-03-04T09:00:00-08:00")
"""Wednesday 4 March 2026, 09:00 in California: the 'now' of every test."""

LABELLED_PATH = Path(__file__).with_name("labelled_messages.jsonl")
# ../shared/eval beside the checkout (where CI puts it), or CANON_EVAL_DIR.
_REPO = Path(__file__).resolve().parents[2]
DEV_PATH = (
    Path(os.environ.get("CANON_EVAL_DIR", _REPO.parent / "shared" / "eval")) / "intents-dev.jsonl"
)


def labelled() -> list[LabelledRecord]:
    return load_jsonl(LABELLED_PATH.read_text(encoding="utf-8").splitlines())


def dev_set() -> list[LabelledRecord]:
    if not DEV_PATH.exists():
        return []
    return load_jsonl(DEV_PATH.read_text(encoding="utf-8").splitlines())
