"""The context block read back: every line is one known kind, or parsing fails.

The inverse of ``core.conversation.context.build_context``, for tests: a block that
parses is a header, the data notice, section titles, and lines each holding exactly one
fact, question, conflict or expired fact (values read with ``core.domain.quoting``).
A value that managed to start a line of its own would be a line of no known kind
(ValueError) or an extra fact, and the properties that use this would fail.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.conversation.context import DATA_NOTICE, INVITED_TITLE, KEEP_TITLE, KEEP_WHY
from core.domain.quoting import NAME, QUOTED, SLOT, Slot, read_name, read_slot, read_text

HEADER = re.compile(r"\[Canon state as of (\S+); trust it over older messages\]")
CONFLICTS = "Conflicts:"
ASKED_CONFLICTS = "Conflicts, awaiting the user (do not assume either value):"
PENDING = "Awaiting the user's confirmation (not facts yet):"
EXPIRED = "Expired (no longer true unless the user says so):"
INVITED = INVITED_TITLE
KEEP = KEEP_TITLE
NO_FACTS = "No committed facts."
TITLES = (CONFLICTS, ASKED_CONFLICTS, PENDING, KEEP, INVITED, EXPIRED)

_N, _S = f"(?:{NAME})", f"(?:{SLOT})"
CONFLICT_LINE = re.compile(rf"- ({_N}): (.*)")
ASKED_LINE = re.compile(
    rf"- ({_N}) ({_N}): ({_S}) \(committed\) vs ({_S}) \(proposed, (\d\.\d\d)\)"
)
KEEP_LINE = re.compile(rf"- ({_N}) ({_N}): keep ({_S})\? \({re.escape(KEEP_WHY)}\)")
INVITED_LINE = re.compile(
    rf"- ({_N}) ({_N}) → ({_S})\? \((\d\.\d\d)\) invited by ({QUOTED}), ([a-z' ()]+)"
)
ENTITY_LINE = re.compile(rf"({_N}):")
_MEANS = r"(?: \(means: ([a-z0-9 ,:-]+)\))?"
"""What a return's status (or a due day no longer a deadline) means, said beside it."""
PENDING_LINE = re.compile(rf"- ({_N}) ({_N}) → ({_S})\? \((\d\.\d\d)\)" + _MEANS)
FACT_LINE = re.compile(
    rf"- ({_N}) = ({_S}) \(({_N}), ([^()]*)\)( STALE)?"
    r"(?: DAY PASSED \(still only planned: not known whether they [a-z ]+\))?" + _MEANS
)
EXPIRED_LINE = re.compile(rf"- ({_N}) ({_N}) was ({_S}) until (\d{{4}}-\d\d-\d\d|\?)" + _MEANS)
OVERDUE_LINE = re.compile(
    rf"- ({_N}) ({_N}) = ({_S}), OVERDUE since (\d{{4}}-\d\d-\d\d|\?) "
    r"\(still to do unless the user says so\)"
)
OMITTED_LINE = re.compile(r"\(\+(\d+) older facts not shown; ask to see them\)")


@dataclass(frozen=True)
class Fact:
    entity_id: str
    field: str
    value: Slot
    source_type: str
    age: str
    stale: bool
    meaning: str | None = None
    """What the value means when its bare word misleads ("sent back, refund awaited")."""


@dataclass(frozen=True)
class Question:
    entity_id: str
    field: str
    candidate: Slot
    current: Slot | None
    """The committed value the question would replace (a conflict); None when pending."""
    confidence: str
    invited_by: str | None = None
    """Whose calendar invitation raised it (the user's own question: None)."""
    answer: str | None = None
    """The user's answer to that invitation so far, in the block's words."""
    meaning: str | None = None
    """What a proposed return's status means ("sent back, refund awaited")."""
    keep: bool = False
    """Asked whether the value held still stands (its candidate is its current value)."""


@dataclass(frozen=True)
class Conflict:
    entity_id: str
    sentence: Slot


@dataclass(frozen=True)
class Expired:
    entity_id: str
    field: str
    value: Slot
    until: str
    overdue: bool = False
    """An errand past its day: still to do, not over."""
    meaning: str | None = None
    """What the value means (a due day no longer a deadline)."""


@dataclass
class Block:
    as_of: str
    facts: list[Fact] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    expired: list[Expired] = field(default_factory=list)
    omitted: int = 0


def parse_block(text: str) -> Block:
    """``text`` as a context block; ValueError at the first line that is none of its kinds."""
    lines = text.split("\n")
    header = HEADER.fullmatch(lines[0])
    if header is None or lines[1:2] != [DATA_NOTICE]:
        raise ValueError(f"no header and data notice: {lines[:2]!r}")
    block = Block(header[1])
    section: str | None = None
    entity: str | None = None
    for line in lines[2:]:
        if line in TITLES:
            section, entity = line, None
        elif line == NO_FACTS and not block.facts:
            section = None
        elif found := OMITTED_LINE.fullmatch(line):
            block.omitted = int(found[1])
            section = None
        elif found := ENTITY_LINE.fullmatch(line):
            section, entity = None, read_name(found[1])
        else:
            _read_line(block, section, entity, line)
    return block


def _read_line(block: Block, section: str | None, entity: str | None, line: str) -> None:
    if section == CONFLICTS and (found := CONFLICT_LINE.fullmatch(line)):
        block.conflicts.append(Conflict(read_name(found[1]), read_text(found[2])))
    elif section == ASKED_CONFLICTS and (found := ASKED_LINE.fullmatch(line)):
        e, f, current, candidate, confidence = found.groups()
        block.questions.append(
            Question(
                read_name(e), read_name(f), read_slot(candidate), read_slot(current), confidence
            )
        )
    elif section == PENDING and (found := PENDING_LINE.fullmatch(line)):
        e, f, candidate, confidence, means = found.groups()
        block.questions.append(
            Question(
                read_name(e), read_name(f), read_slot(candidate), None, confidence, meaning=means
            )
        )
    elif section == KEEP and (found := KEEP_LINE.fullmatch(line)):
        e, f, held = found.groups()
        kept = read_slot(held)
        block.questions.append(Question(read_name(e), read_name(f), kept, kept, "", keep=True))
    elif section == INVITED and (found := INVITED_LINE.fullmatch(line)):
        e, f, candidate, confidence, who, answer = found.groups()
        block.questions.append(
            Question(
                read_name(e),
                read_name(f),
                read_slot(candidate),
                None,
                confidence,
                invited_by=str(read_slot(who).value),
                answer=answer,
            )
        )
    elif section == EXPIRED and (found := EXPIRED_LINE.fullmatch(line)):
        e, f, value, until, means = found.groups()
        block.expired.append(
            Expired(read_name(e), read_name(f), read_slot(value), until, meaning=means)
        )
    elif section == EXPIRED and (found := OVERDUE_LINE.fullmatch(line)):
        e, f, value, until = found.groups()
        block.expired.append(Expired(read_name(e), read_name(f), read_slot(value), until, True))
    elif section is None and entity is not None and (found := FACT_LINE.fullmatch(line)):
        f, value, source, age, stale, means = found.groups()
        block.facts.append(
            Fact(entity, read_name(f), read_slot(value), read_name(source), age, bool(stale), means)
        )
    else:
        raise ValueError(f"a line of no known kind (in {section or entity!r}): {line!r}")
