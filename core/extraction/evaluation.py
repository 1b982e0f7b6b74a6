"""Scoring an extractor against labelled messages (the intents-dev.jsonl format).

A record has ``text``, ``intent`` (acceptable labels, preferred first), and
optionally ``expect`` ({field: value}), ``expect_project`` ({name, status}),
``at`` (RFC 3339 message time), ``tags`` (e.g. ["counterfactual"]), ``split`` and
``recent_subject`` (the member the chat was last about: "she's poorly again" after news
of Emma is read with "emma").
A predicted intent is correct when it is any of the acceptable labels.

The safety figure that matters most is ``false_commit_rate``: the share of texts
labelled only hypothetical/historical/none from which the extractor still
produced an assertive or planning observation, i.e. would have taken a wish,
a plan that was never made or a memory as a present fact.
"""

from __future__ import annotations

import json
import math
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, get_args

from core.domain.fields import slugify
from core.extraction.types import Extraction, Extractor, MessageIntent, SourceKind

CLASSES: tuple[str, ...] = get_args(MessageIntent)
_FACTUAL = frozenset({"assertive", "planning"})


@dataclass(frozen=True)
class LabelledRecord:
    """One labelled message."""

    text: str
    intents: tuple[str, ...]
    expect: dict[str, Any] = field(default_factory=dict)
    expect_project: tuple[str, str] | None = None
    at: datetime | None = None
    tags: tuple[str, ...] = ()
    split: str = ""
    recent_subject: str | None = None


def parse_record(obj: Any) -> LabelledRecord:
    """A record from its JSON object; ValueError says what is wrong with it."""
    if not isinstance(obj, dict) or not isinstance(obj.get("text"), str):
        raise ValueError("record needs a string 'text'")
    raw = obj.get("intent", [])
    intents = tuple([raw] if isinstance(raw, str) else raw)
    if not intents or any(i not in CLASSES for i in intents):
        raise ValueError(f"bad intent labels {raw!r}; expected a list of {CLASSES}")
    at = None
    if obj.get("at") is not None:
        at = datetime.fromisoformat(str(obj["at"]))
        if at.tzinfo is None:
            raise ValueError(f"'at' must carry a UTC offset: {obj['at']!r}")
    project = obj.get("expect_project")
    return LabelledRecord(
        text=obj["text"],
        intents=intents,
        expect=dict(obj.get("expect") or {}),
        expect_project=(str(project["name"]), str(project["status"])) if project else None,
        at=at,
        tags=tuple(obj.get("tags") or ()),
        split=str(obj.get("split") or ""),
        recent_subject=str(obj["recent_subject"]) if obj.get("recent_subject") else None,
    )


def load_jsonl(lines: Iterable[str]) -> list[LabelledRecord]:
    """Records from JSON Lines; blank lines are skipped."""
    out = []
    for n, line in enumerate(lines, 1):
        if line.strip():
            try:
                out.append(parse_record(json.loads(line)))
            except (ValueError, KeyError, TypeError) as exc:
                raise ValueError(f"line {n}: {exc}") from None
    return out


def _same(expected: Any, got: Any) -> bool:
    if isinstance(expected, int | float) and not isinstance(expected, bool):
        return isinstance(got, int | float) and math.isclose(float(expected), float(got))
    return got is not None and _norm(expected) == _norm(got)


def _norm(value: Any) -> str:
    """Case, hyphens and accents aside: "Reykjavík" is "reykjavik"."""
    bare = unicodedata.normalize("NFKD", str(value))
    bare = "".join(c for c in bare if not unicodedata.combining(c))
    return " ".join(bare.casefold().replace("-", " ").split())


def _found_fields(rec: LabelledRecord, ex: Extraction) -> tuple[int, list[str]]:
    """How many expected fields the extraction has, and which it misses."""
    usable = [o for o in ex.observations if o.intent not in ("hypothetical", "retract")]
    missed = [
        f"{f}={v!r}"
        for f, v in rec.expect.items()
        if not any(o.field == f and _same(v, o.candidate_value) for o in usable)
    ]
    if rec.expect_project is not None:
        name, status = rec.expect_project
        slug = slugify(name)
        if not any(
            o.field.startswith("project.")
            and o.field.endswith(".status")
            and slug in o.field
            and _same(status, o.candidate_value)
            for o in usable
        ):
            missed.append(f"project[{name}]={status!r}")
    total = len(rec.expect) + (1 if rec.expect_project else 0)
    return total - len(missed), missed


@dataclass
class EvalReport:
    """Scores of one extractor on one set of records."""

    n: int = 0
    correct: int = 0
    confusion: dict[str, dict[str, int]] = field(default_factory=dict)
    fields_expected: int = 0
    fields_found: int = 0
    non_factual: int = 0
    false_commits: int = 0
    counterfactual: int = 0
    counterfactual_commits: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        return self.correct / self.n if self.n else 1.0

    @property
    def field_recall(self) -> float:
        return self.fields_found / self.fields_expected if self.fields_expected else 1.0

    @property
    def false_commit_rate(self) -> float:
        return self.false_commits / self.non_factual if self.non_factual else 0.0

    @property
    def counterfactual_rate(self) -> float:
        return self.counterfactual_commits / self.counterfactual if self.counterfactual else 0.0

    def per_class(self) -> dict[str, dict[str, float]]:
        """Precision, recall, F1 and support of each class."""
        out: dict[str, dict[str, float]] = {}
        for c in CLASSES:
            tp = self.confusion.get(c, {}).get(c, 0)
            support = sum(self.confusion.get(c, {}).values())
            predicted = sum(row.get(c, 0) for row in self.confusion.values())
            p = tp / predicted if predicted else 0.0
            r = tp / support if support else 0.0
            f1 = 2 * p * r / (p + r) if p + r else 0.0
            out[c] = {"precision": p, "recall": r, "f1": f1, "support": support}
        return out

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready summary."""
        return {
            "n": self.n,
            "intent_accuracy": round(self.accuracy, 4),
            "per_class": {
                c: {k: round(v, 4) for k, v in m.items()} for c, m in self.per_class().items()
            },
            "confusion": self.confusion,
            "field_recall": round(self.field_recall, 4),
            "fields_expected": self.fields_expected,
            "fields_found": self.fields_found,
            "non_factual_texts": self.non_factual,
            "false_commit_rate": round(self.false_commit_rate, 4),
            "counterfactual_texts": self.counterfactual,
            "counterfactual_commit_rate": round(self.counterfactual_rate, 4),
            "errors": self.errors,
        }


def evaluate(
    records: Iterable[LabelledRecord], extractor: Extractor, *, default_at: datetime
) -> EvalReport:
    """Run ``extractor`` over ``records`` and score it.

    ``default_at`` is the message time of records without their own ``at``.
    """
    report = EvalReport()
    report.confusion = {g: {p: 0 for p in CLASSES} for g in CLASSES}
    for rec in records:
        source: SourceKind = (
            "static_markdown" if "markdown" in rec.tags else "conversation_assertive"
        )
        ex = extractor(
            rec.text, at=rec.at or default_at, source=source, recent_subject=rec.recent_subject
        )
        report.n += 1
        gold = ex.intent if ex.intent in rec.intents else rec.intents[0]
        report.confusion[gold][ex.intent] += 1
        ok = ex.intent in rec.intents
        report.correct += ok
        found, missed = _found_fields(rec, ex)
        report.fields_expected += found + len(missed)
        report.fields_found += found
        committed = any(o.intent in _FACTUAL for o in ex.observations)
        bad_commit = False
        if not _FACTUAL.intersection(rec.intents):
            report.non_factual += 1
            bad_commit = committed
            report.false_commits += bad_commit
            if "counterfactual" in rec.tags:
                report.counterfactual += 1
                report.counterfactual_commits += bad_commit
        if not ok or missed or bad_commit:
            report.errors.append(
                {
                    "text": rec.text,
                    "expected": list(rec.intents),
                    "got": ex.intent,
                    "missed_fields": missed,
                    "false_commit": bad_commit,
                }
            )
    return report


def render_text(report: EvalReport) -> str:
    """A readable report: headline figures, per-class table, confusion matrix, errors."""
    lines = [
        f"messages            {report.n}",
        f"intent accuracy     {report.accuracy:.3f}",
        f"field recall        {report.field_recall:.3f}  "
        f"({report.fields_found}/{report.fields_expected})",
        f"false commits       {report.false_commit_rate:.3f}  "
        f"({report.false_commits}/{report.non_factual} non-factual texts gave "
        "assertive/planning observations)",
        f"counterfactual      {report.counterfactual_rate:.3f}  "
        f"({report.counterfactual_commits}/{report.counterfactual})",
        "",
        f"{'class':<14}{'precision':>10}{'recall':>8}{'f1':>7}{'support':>9}",
    ]
    for c, m in report.per_class().items():
        lines.append(
            f"{c:<14}{m['precision']:>10.3f}{m['recall']:>8.3f}{m['f1']:>7.3f}"
            f"{int(m['support']):>9}"
        )
    lines += [
        "",
        "confusion (rows: gold, columns: predicted)",
        " " * 14 + "".join(f"{c[:6]:>8}" for c in CLASSES),
    ]
    for g in CLASSES:
        lines.append(f"{g:<14}" + "".join(f"{report.confusion[g][p]:>8}" for p in CLASSES))
    if report.errors:
        lines += ["", f"errors ({len(report.errors)})"]
        for e in report.errors:
            extra = (" missed " + ", ".join(e["missed_fields"])) if e["missed_fields"] else ""
            flag = " FALSE COMMIT" if e["false_commit"] else ""
            lines.append(f"  [{'/'.join(e['expected'])} -> {e['got']}]{flag}{extra}: {e['text']}")
    return "\n".join(lines)
