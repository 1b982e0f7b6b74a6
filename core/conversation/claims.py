"""Tool results are real: a reply may not claim an action no tool (or Canon) took in that turn.

``check_claims`` reads a reply sentence by sentence. A sentence that claims an action
("I've noted that", "Deleted.", "I've sent the email") is kept only when something in
the same turn did that kind of thing: a successful tool call that does it, or Canon
recording what the user said. Otherwise the sentence is cut and one plain line says
what did NOT happen, so the user is never told something happened that did not.

Questions, offers and negations are not claims ("Should I save it?", "I haven't
deleted anything", "I can't send mail"): ``NOT_CLAIMS`` lists the phrasings, and the
tests read both tables. Pure: no I/O, no clock.
"""

from __future__ import annotations

import re
from collections.abc import Set
from dataclasses import dataclass
from enum import StrEnum


class Action(StrEnum):
    """A kind of thing a reply can claim to have done."""

    RECORD = "record"
    DELETE = "delete"
    SEND = "send"
    CONFIRM = "confirm"


RECORDED_BY_CANON = "canon:recorded"
"""What the turn's evidence includes when Canon itself recorded what the user said."""

DONE_BY: dict[Action, frozenset[str]] = {
    Action.RECORD: frozenset({"propose_observation", "record_profile", RECORDED_BY_CANON}),
    Action.DELETE: frozenset(),
    Action.SEND: frozenset(),
    Action.CONFIRM: frozenset(),
}
"""What backs each claim: the successful tool calls (or Canon's own recording) that did it.
No tool deletes, sends or confirms: such a claim is never true in a turn."""

_HAVE = r"(?:i(?:'ve| have)?|we(?:'ve| have)?|it(?:'s been|'s| is| has been| was)|that(?:'s been|'s| is| has been| was)|this(?:'s been|'s| is| has been| was)|all|everything(?: is| has been| was)?|your \w+(?: \w+)? (?:is|are|has been|have been|was|were))"
_WILL = r"(?:i'll|i will|we'll)"
CLAIMS: tuple[tuple[Action, str], ...] = (
    (
        Action.RECORD,
        rf"\b{_HAVE} (?:now |just |already |also )?(?:noted|recorded|saved|stored|logged|added|updated|changed|set|remembered|written down|made a note)\b",
    ),
    (Action.RECORD, rf"\b{_WILL} (?:remember|note|save|record|keep in mind|update)\b"),
    (Action.RECORD, r"^(?:noted|saved|recorded|updated|done|got it,? (?:saved|noted))\b"),
    (Action.RECORD, r"\b(?:is|are) now (?:saved|recorded|stored|set to|updated)\b"),
    (
        Action.DELETE,
        rf"\b{_HAVE} (?:now |just |already |also )?(?:deleted|removed|erased|cleared|forgotten|wiped)\b",
    ),
    (Action.DELETE, r"^(?:deleted|removed|forgotten|cleared)\b"),
    (
        Action.SEND,
        rf"\b{_HAVE} (?:now |just |already |also )?(?:sent|emailed|messaged|booked|scheduled|cancell?ed|reminded|texted|called)\b",
    ),
    (Action.SEND, r"\b(?:i'll|i will) remind you\b"),
    (Action.SEND, r"^(?:sent|booked|scheduled)\b"),
    (
        Action.CONFIRM,
        rf"\b{_HAVE} (?:now |just |already |also )?(?:confirmed|approved|committed)\b",
    ),
)
"""Phrasings that claim an action, by kind (matched on a lower-cased sentence)."""

NOT_CLAIMS: tuple[str, ...] = (
    r"\?\s*$",  # a question: "Should I save that?"
    r"\b(?:not|never|no longer|nothing|cannot|unable)\b|n't\b",  # "I haven't", "nothing was"
    r"\b(?:if you|once you|when you|after you|before you|unless you)\b",  # a condition
    r"\b(?:want me to|would you like|shall i|should i|do you want|let me know|i can|i could)\b",
    r"\b(?:ask(?:ed)? you to confirm|waiting for your|for you to confirm|needs? your)\b",
)
"""Phrasings that make a sentence NOT a claim, whatever verbs it holds: questions, offers,
conditions, negations and a request for the user's confirmation."""

NOTES: dict[Action, str] = {
    Action.RECORD: "Nothing has been saved yet: tell me what changed and I'll ask you to confirm it.",
    Action.DELETE: "Nothing was deleted: I can't delete from here; /forget can.",
    Action.SEND: "Nothing was sent, booked or scheduled: I can't do that from here.",
    Action.CONFIRM: "Nothing was confirmed: only you can confirm a change, with its Yes button.",
}
"""What the user is told instead of an unbacked claim, one line per kind."""

_CLAIMS = tuple((action, re.compile(p)) for action, p in CLAIMS)
_NOT = re.compile("|".join(f"(?:{p})" for p in NOT_CLAIMS))
_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)")


@dataclass(frozen=True)
class ClaimCheck:
    """The reply as it may be sent, and what was cut from it."""

    text: str
    unbacked: tuple[tuple[Action, str], ...] = ()
    """Each cut sentence with the action it claimed."""

    @property
    def rewritten(self) -> bool:
        return bool(self.unbacked)


def claimed_action(sentence: str) -> Action | None:
    """The action ``sentence`` claims to have done, or None (a question, a negation, none)."""
    s = " ".join(sentence.casefold().replace("’", "'").split())
    if not s or _NOT.search(s):
        return None
    for action, rx in _CLAIMS:
        if rx.search(s):
            return action
    return None


def check_claims(text: str, done: Set[str]) -> ClaimCheck:
    """``text`` without the claims nothing in ``done`` backs, and a note for each kind cut.

    ``done`` names what happened in the turn: the tools that succeeded, and
    ``RECORDED_BY_CANON`` when Canon recorded the user's message.
    """
    kept: list[str] = []
    unbacked: list[tuple[Action, str]] = []
    for match in _SENTENCE.finditer(text):
        sentence = match.group(0)
        action = claimed_action(sentence)
        if action is not None and not (DONE_BY[action] & done):
            unbacked.append((action, sentence.strip()))
        else:
            kept.append(sentence)
    if not unbacked:
        return ClaimCheck(text)
    notes = [NOTES[a] for a in dict.fromkeys(a for a, _ in unbacked)]
    body = " ".join(" ".join(kept).split())
    return ClaimCheck("\n".join([*([body] if body else []), *notes]), tuple(unbacked))
