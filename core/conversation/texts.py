"""What the bot says: prompts, acknowledgements, command answers (pure functions).

Everything here is a function of records and an explicit ``now``; Telegram's
limits (4,096 characters a message, callback data of at most 64 bytes) are
respected here so handlers never have to think about them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, Literal

from core.conversation.views import age_phrase, age_text
from core.domain import phrasing
from core.domain.audit import show_value
from core.domain.rollout import DomainStatus
from core.domain.state import CommittedFact
from core.engine.answer_values import EXAMPLES, choices_for, value_kind
from core.engine.bootstrap import bootstrap_question
from core.engine.consistency import is_conflict_question
from core.engine.corrections import correction_kind, correction_question, correction_result
from core.engine.engine import Outcome
from core.store import Alert, EventRecord, HistoryEntry, ReviewItem

MAX_MESSAGE = 4096
MAX_CALLBACK_DATA = 64
TapAction = Literal["confirm", "reject", "edit"]
_ACTION_CODE: dict[TapAction, str] = {"confirm": "y", "reject": "n", "edit": "e"}
_CODE_ACTION: dict[str, TapAction] = {v: k for k, v in _ACTION_CODE.items()}
_CHOICE, _CANCEL = "v", "x"  # an edit button: "<token>:v<index>" or "<token>:x"
_PART = "p"  # which part of a grouped question to edit: "<token>:p<item seq>"

START = (
    "Hi, I'm Canon. I keep your assistant's beliefs true.\n\n"
    'Just talk to me: "we\'re in Tahoe", "Emma is sick today", "paid rent, $2,100". '
    "I note what is clearly a fact, keep plans as plans, and when I'm not sure I ask "
    "you one question at a time with Yes / No / Edit buttons. At first I check each "
    "change with you while I calibrate; /status shows how far along I am.\n\n"
    'Ask "where am I?" or "what\'s pending?" any time. /help lists the commands.'
)
HELP = (
    "Commands:\n"
    "/state [domain] – what I believe (travel, family, project, financial, profile)\n"
    "/pending – changes waiting for your confirmation\n"
    "/why <field> – the evidence behind a value, e.g. /why travel, /why rent\n"
    "/history [field] – how values changed, e.g. /history emma\n"
    "/status – how much I do on my own in each area, and why\n"
    "/forget <field> – retract a value (I ask first)\n"
    "/undo – revert the last change (I ask first)\n"
    "/wrong <field> – a value I hold is wrong: tell me the right one\n"
    "/confirm, /reject – answer the current question (or just type yes / no)\n"
    "/setup – set me up step by step: your profile, calendar, mail\n"
    "/trip – follow your planned trip (starts by itself when a trip is planned)\n"
    "/cancel – stop editing a value, or leave the setup or trip\n"
    "/report – a chart of how often I needed you and was corrected (30 days)\n"
    "/debug – (owner) what the assistant assumes and expects in this chat\n"
    "/help – this list"
)
COMMANDS: tuple[tuple[str, str], ...] = (
    ("start", "What Canon is and how to use it"),
    ("help", "List the commands"),
    ("state", "What I believe, optionally for one domain"),
    ("pending", "Changes waiting for your confirmation"),
    ("why", "The evidence behind a field's value"),
    ("history", "How values changed"),
    ("status", "How much I do on my own, per area"),
    ("forget", "Retract a field's value (asks first)"),
    ("undo", "Revert the last change (asks first)"),
    ("wrong", "A value I hold is wrong: give the right one"),
    ("confirm", "Answer the current question: yes"),
    ("reject", "Answer the current question: no"),
    ("setup", "Set me up: profile, calendar, mail"),
    ("trip", "Follow your planned trip"),
    ("cancel", "Stop editing a value, or leave a workflow"),
    ("report", "A chart: how often I needed you, the last 30 days"),
    ("debug", "(Owner) The assistant's working notes in this chat"),
)
NO_WORKFLOWS = "Setup and trips are not available here."
REFUSAL = "Sorry, this is a private assistant; I can't talk with you."
NOT_YOURS = "This question isn't yours to answer."
ALREADY = "Already answered."
EXPIRED = "This question is no longer open."
ASKED_AGAIN = "↓ Asked again below (I restarted)."
FAILED = "Sorry, something went wrong on my side. Nothing you said was lost."

_YES = {"yes", "y", "yep", "yeah", "yup", "ya", "correct", "right", "confirm", "sure", "ok"}
_YES |= {"okay", "true", "indeed", "affirmative", "yes please", "that's right", "thats right"}
_NO = {"no", "n", "nope", "nah", "wrong", "reject", "false", "not really", "no thanks"}
_NO |= {"not true", "that's wrong", "thats wrong", "incorrect"}


def typed_answer(text: str) -> TapAction | None:
    """'confirm' for a typed yes, 'reject' for a typed no (close variants too)."""
    norm = re.sub(r"[^\w' ]+", "", text.casefold()).strip()
    norm = " ".join(norm.split())
    if norm in _YES or text.strip() in ("👍", "✅"):
        return "confirm"
    if norm in _NO or text.strip() in ("👎", "❌"):
        return "reject"
    return None


_ASKING = re.compile(r"^(?:what|where|who|why|how|which)(?:'s|'re)?\b", re.I)


def is_question(text: str) -> bool:
    """A question to the assistant ("what's on my calendar?"), not a value being typed."""
    words = text.split()
    if len(words) < 2:
        return False  # "Saturday?" is a hesitant answer
    return text.rstrip().endswith("?") or (len(words) >= 3 and bool(_ASKING.match(text.strip())))


def callback_data(token: str, action: TapAction) -> str:
    data = f"{token}:{_ACTION_CODE[action]}"
    assert 1 <= len(data.encode()) <= MAX_CALLBACK_DATA
    return data


def parse_callback(data: str | None) -> tuple[str, TapAction] | None:
    if not data or len(data.encode()) > MAX_CALLBACK_DATA:
        return None
    token, _, code = data.rpartition(":")
    action = _CODE_ACTION.get(code)
    return (token, action) if token and action else None


def who(entity_id: str, mine: str) -> str:
    return "you" if entity_id == mine else entity_id


def prompt_body(
    item: ReviewItem, mine: str, group: Sequence[ReviewItem] = (), now: datetime | None = None
) -> str:
    """The question in plain words and one line of why I ask (``/why`` has the arithmetic).

    ``group``: the open items from the same message that are asked together with ``item``.
    """
    if correction_kind(item) is not None:
        return correction_question(item)
    if item.kind == "bootstrap":
        return bootstrap_question(item)
    if item.kind == "drift":
        return "\n".join(item.reasons)
    if item.kind == "dead_letter":
        return dead_letter_question(item)
    members = list(group) or [item]
    why = phrasing.reason_line(item.source_key, item.reasons, item.created_at, now)
    if (
        len(members) == 1
        and item.current_value is not None
        and item.candidate_value is not None
        and not is_conflict_question(item)  # its reason already names both values
    ):
        why += f"; before: {phrasing.show(item.current_value)}"
    asked = (
        phrasing.conflict_question(item, mine)
        if is_conflict_question(item)
        else phrasing.question(members, mine)
    )
    return f"{asked}\n{why[:1].upper()}{why[1:]}."


def prompt_buttons(item: ReviewItem, token: str) -> list[tuple[str, str]]:
    actions: list[tuple[str, TapAction]] = [("Yes", "confirm"), ("No", "reject")]
    if correction_kind(item) in (None, "wrong") and item.kind not in ("bootstrap", "drift"):
        actions.append(("Edit", "edit"))
    return [(label, callback_data(token, action)) for label, action in actions]


def settled_text(
    item: ReviewItem,
    mine: str,
    status: str,
    value: Any = None,
    group: Sequence[ReviewItem] = (),
) -> str:
    """The prompt after it was answered: the question, then what happened, no buttons."""
    lines = prompt_body(item, mine, group).splitlines()
    # A field change keeps its question and drops the reason line; the others their head.
    head = lines[:-1] if item.kind == "change" else lines[:2]
    if item.kind == "dead_letter":
        return "\n".join([*head, _DEAD_LETTER_SETTLED.get(status, f"Closed ({status})")])
    corrected = correction_result(item, status)
    if corrected is not None:
        return "\n".join([*head, corrected])
    outcome = {
        "confirmed": "✅ Confirmed",
        "rejected": "❌ Rejected, nothing changed",
        "edited": f"✏️ Edited to {show_value(value)}",
        "superseded": "☑️ Settled by newer evidence",
        "discarded": "Dropped",
    }.get(status, f"Closed ({status})")
    return "\n".join([*head, outcome])


def dead_letter_question(item: ReviewItem) -> str:
    """A payload that failed validation three times: try it again, discard it, or correct it."""
    lines = [
        "An input failed validation three times and was not applied.",
        f"dead letter {item.candidate_value}",
    ]
    lines += [f"• {reason}" for reason in item.reasons[:5]]
    lines.append("Yes: try it again now · No: discard it · Edit: send a corrected payload")
    return "\n".join(lines)


def alert_text(alert: Alert) -> str:
    """An alert for the owner, sent once."""
    if alert.kind == "dead_letter_permanent":
        return (
            f"⚠️ A {alert.domain or ''} update could not be applied: it failed validation "
            f"three times.\n{alert.message}\nI'll ask you what to do with it; `canon dlq` "
            "shows it in full."
        )
    return f"⚠️ {alert.message}"


_DEAD_LETTER_SETTLED = {
    "confirmed": "✅ Valid now: applied",
    "edited": "✏️ The corrected payload was applied",
    "discarded": "Discarded",
}


def edit_request(item: ReviewItem) -> str:
    if item.kind == "dead_letter":
        return (
            "Send the corrected payload as JSON in your next message, "
            "or /cancel to keep the question open."
        )
    head = f"What is the correct value for {phrasing.label(item.field, item.entity_id, item.entity_id)}? "
    kind = value_kind(item.field, item.candidate_value)
    if choices_for(item.field, item.candidate_value):
        return head + "Tap one, or type it in your own words."
    if kind in EXAMPLES:
        example = EXAMPLES[kind].removeprefix("I need ")
        return head + f"Send {example}, or /cancel to keep the question open."
    return head + "Send it as your next message, or /cancel to keep the question open."


def edit_buttons(item: ReviewItem, token: str) -> list[tuple[str, str]]:
    """The allowed values of a closed set as buttons (plain-word labels), then Cancel."""
    if item.kind != "change":
        return []
    choices = choices_for(item.field, item.candidate_value)
    if not choices:
        return []
    buttons = [(c.label, f"{token}:{_CHOICE}{i}") for i, c in enumerate(choices)]
    return [*buttons, ("Cancel", f"{token}:{_CANCEL}")]


PICK_PART = "Which part should I change?"
REST_ASKED_AGAIN = "↓ The rest is asked again below."


def part_buttons(members: Sequence[ReviewItem], token: str, mine: str) -> list[tuple[str, str]]:
    """One button per part of a grouped question, in plain words, then Cancel.

    A part is named by its item's seq, which stays the same while others are settled.
    """
    buttons = [
        (
            f"{phrasing.label(m.field, m.entity_id, mine)}: {phrasing.show(m.candidate_value)}",
            f"{token}:{_PART}{m.seq}",
        )
        for m in members
    ]
    return [*buttons, ("Cancel", f"{token}:{_CANCEL}")]


def parse_part(data: str | None) -> tuple[str, int] | None:
    """(token, seq of the part tapped) for a part button of a grouped question."""
    if not data or len(data.encode()) > MAX_CALLBACK_DATA:
        return None
    token, _, code = data.rpartition(":")
    if token and code.startswith(_PART) and code[1:].isdigit():
        return token, int(code[1:])
    return None


def parse_choice(data: str | None) -> tuple[str, int | None] | None:
    """(token, index of the value tapped) for an edit button; index None for Cancel."""
    if not data or len(data.encode()) > MAX_CALLBACK_DATA:
        return None
    token, _, code = data.rpartition(":")
    if not token:
        return None
    if code == _CANCEL:
        return token, None
    if code.startswith(_CHOICE) and code[1:].isdigit():
        return token, int(code[1:])
    return None


def refusal(error: Exception) -> str:
    """A typed value that is not valid: the reason with an example, and how to go on."""
    reason = str(error)
    return f"{reason[:1].upper()}{reason[1:]}. Try again, or /cancel."


EDIT_CANCELLED = "OK, cancelled. The question is still open."
EDIT_LEFT = "I stopped waiting for a new value; the question is still open."


_PHRASES = {
    "travel.location": "you're in {v}",
    "travel.destination": "your trip goes to {v}",
    "profile.home_city": "you live in {v}",
    "profile.employer": "you work for {v}",
    "profile.name": "your name is {v}",
}


def acknowledgement(outcomes: Sequence[Outcome], intents: Sequence[str]) -> str | None:
    """One short line for what changed or was proposed; None when nothing was claimed.

    When the message raised a question, only what was committed is acknowledged:
    the question itself is the reply to the rest, and no line may contradict it.
    """
    if any(o.review_item_id is not None for o in outcomes):
        kept = [(o, i) for o, i in zip(outcomes, intents, strict=False) if o.committed]
        outcomes, intents = [o for o, _ in kept], [i for _, i in kept]
    committed = [o for o in outcomes if o.committed]
    planned = [o for o, i in zip(outcomes, intents, strict=False) if i == "planning"]
    if committed and all(o in planned for o in committed):
        return "Sounds like a plan, not a fact — I'll keep it as planned."
    facts = [o for o in committed if o not in planned]
    if facts:
        return "Noted: " + "; ".join(_phrase(o) for o in facts[:4]) + "."
    if planned:
        return "Sounds like a plan, not a fact — I'll keep it as planned."
    if any(i == "hypothetical" for i in intents):
        return "Sounds like a wish, not a fact — nothing changed."
    if intents and all(i == "historical" for i in intents):
        return "Sounds like that's in the past, so nothing about now changed."
    if any(o.decision == "tentative_reject" for o in outcomes):
        return "Heard you; that doesn't change what I know."
    return None


_TRIP_STATUS = {
    "planning": "the trip is planned",
    "in_progress": "your trip is under way",
    "completed": "your trip is over",
    "cancelled": "the trip is off",
}


def _phrase(o: Outcome) -> str:
    value = show_value(o.candidate_value)
    field = o.field or "?"
    if field == "travel.status" and value in _TRIP_STATUS:
        return _TRIP_STATUS[value]
    template = _PHRASES.get(field)
    if template and (o.entity_id or "").startswith("user:"):
        return template.format(v=value)
    parts = field.split(".")
    if len(parts) == 3 and parts[0] == "family" and parts[2] == "status":
        return f"{phrasing.who(parts[1])} is {value}"
    return f"{phrasing.label(field, o.entity_id or '', o.entity_id or '')} is now {value}"


def state_text(
    facts: Iterable[CommittedFact], now: datetime, mine: str, domain: str | None = None
) -> str:
    """Current beliefs grouped by entity and domain, each with age and source."""
    rows = sorted(
        (f for f in facts if domain is None or f.domain == domain),
        key=lambda f: (f.entity_id != mine, f.entity_id, f.domain, f.field),
    )
    if not rows:
        return f"I don't know anything about {domain or 'you'} yet."
    lines: list[str] = []
    group: tuple[str, str] | None = None
    for f in rows:
        if (f.entity_id, f.domain) != group:
            group = (f.entity_id, f.domain)
            lines.append(f"\n{f.domain.capitalize()} ({who(f.entity_id, mine)})")
        expired = " (expired)" if f.valid_until is not None and f.valid_until <= now else ""
        lines.append(
            f"• {f.field} = {show_value(f.value)}{expired} — "
            f"{age_text(f.evidence_ts, now)}, {f.source_type.replace('_', ' ')}"
        )
    return "\n".join(lines).strip()


def pending_text(items: Sequence[ReviewItem], mine: str) -> str:
    if not items:
        return "Nothing is waiting for your confirmation."
    lines = [f"{len(items)} change(s) waiting:"]
    for r in items:
        where = "" if r.entity_id == mine else f" [{r.entity_id}]"
        lines.append(
            f"• {r.field}{where}: {show_value(r.current_value)} → "
            f"{show_value(r.candidate_value)} ({r.confidence:.2f}, {r.status})"
        )
    return "\n".join(lines)


def why_text(
    field: str,
    fact: CommittedFact | None,
    events: Sequence[EventRecord],
    history: Sequence[HistoryEntry],
    now: datetime,
) -> str:
    """The evidence chain: current value, the evidence for the field, how it changed."""
    if fact is None and not events:
        return f"I know nothing about {field}."
    head = (
        f"{field} = {show_value(fact.value)} (confidence {fact.confidence:.2f}, "
        f"{fact.resolution}, {age_phrase(fact.evidence_ts, now)})"
        if fact
        else f"{field} has no committed value."
    )
    lines = [head, "", "Evidence (newest last):"]
    for e in events[-10:]:
        quote = f' "{e.evidence_text}"' if e.evidence_text else ""
        also = "".join(f" + {kind} {ref}" for kind, ref in e.corroborators)
        lines.append(
            f"• {e.event_ts:%Y-%m-%d %H:%M} {e.source_type}{also} {e.intent}: "
            f"{show_value(e.value)} → {e.decision} ({e.confidence:.2f}){quote}"
        )
    if history:
        lines += ["", "Changes:"]
        lines += [
            f"• v{h.version} {h.committed_at:%Y-%m-%d %H:%M}: {show_value(h.old_value)} → "
            f"{'(retracted)' if h.retracted else show_value(h.new_value)} ({h.resolution})"
            for h in history[-10:]
        ]
    return "\n".join(lines)


def history_text(entries: Sequence[HistoryEntry], mine: str) -> str:
    if not entries:
        return "No changes yet."
    lines = ["Changes (newest last):"]
    for h in entries[-20:]:
        where = "" if h.entity_id == mine else f" [{h.entity_id}]"
        new = "(retracted)" if h.retracted else show_value(h.new_value)
        lines.append(
            f"• {h.committed_at:%Y-%m-%d %H:%M} {h.field}{where}: "
            f"{show_value(h.old_value)} → {new} ({h.resolution})"
        )
    return "\n".join(lines)


def split_message(text: str, limit: int = MAX_MESSAGE) -> list[str]:
    """Split at line breaks into chunks of at most ``limit`` characters (never empty)."""
    text = text or "…"
    chunks: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                chunks.append(current)
                current = ""
            chunks.append(line[:limit])
            line = line[limit:]
        candidate = line if not current else f"{current}\n{line}"
        if len(candidate) > limit:
            chunks.append(current)
            current = line
        else:
            current = candidate
    if current.strip():
        chunks.append(current)
    return chunks or ["…"]


def wrong_which(query: str, matched: Sequence[str], known: Sequence[str]) -> str:
    """/wrong named no held value, or more than one."""
    if not query.strip():
        return "Which value is wrong? For example: /wrong travel.location"
    if matched:
        return f"Which one is wrong: {', '.join(sorted(matched))}? Send /wrong with its full name."
    if not known:
        return f"I hold no value for {query} (I know nothing yet)."
    return f"I hold no value for {query}. I hold: {', '.join(sorted(set(known)))}."


def status_text(statuses: Sequence[DomainStatus]) -> str:
    """/status: per area, what I change on my own and what I ask first, in plain words."""
    lines = ["How much I do on my own:"]
    for s in statuses:
        lines.append(f"• {s.domain.capitalize()}: {_autonomy_words(s)}")
    learning = statuses[0].learning if statuses else False
    lines.append(
        "I learn from your answers (thresholds and how much I trust each source)."
        if learning
        else "I don't adjust my thresholds from your answers yet (learning is off)."
    )
    return "\n".join(lines)


def _autonomy_words(s: DomainStatus) -> str:
    pct = _percent
    if s.limits.shadow:
        return (
            "shadow mode: I change nothing on my own; I put every change to you, "
            "and your answers show how often I would have been right"
        )
    if s.confirm_always:
        return "I change it only with your OK"
    if s.confirmations_remaining:
        return (
            f"after recent corrections I ask you about the next "
            f"{s.confirmations_remaining} change(s)"
        )
    alone = s.acts_alone_from or s.auto_threshold
    if s.calibration_remaining:
        return (
            f"still calibrating: I ask you about the next {s.calibration_remaining} "
            f"change(s) unless I'm at least {pct(alone)} sure"
        )
    stage = f" (stage {s.stage}, {s.stage_name})" if s.stage != "M" else ""
    return (
        f"I change it on my own when I'm at least {pct(alone)} sure and ask you "
        f"from {pct(s.ask_threshold)}{stage}"
    )


def _percent(value: float) -> str:
    return f"{value * 100:.0f}%"
