"""What a message says of a user of the household, by name, put in that user's words.

"alice is in tahoe" from Bob, when Alice is a user of the household
(``core.domain.household``), is no household news about a member called Alice: it is
Bob's claim about Alice's own whereabouts. Canon reads such a clause as Alice would have
said it ("I'm in tahoe"), so it means what her own words would, and asks her.

``pieces`` cuts a message into slices that cover it exactly: each clause whose subject is
a linked name (at the start of the message, of a sentence, after "and", "but", "so",
a comma, or a word that leads into news: "fyi", "btw", "update:") up to the end of its sentence, or to a conjunction that hands the sentence
back to the speaker ("alice is in tahoe but I'm home"); the rest is the speaker's own. A
clause whose subject is the speaker and a user together ("alice and I are in tahoe", "me
and sam flew up") is both of theirs: the speaker's own words, and the user's as the user
would say them ("I am in tahoe").
``first_person`` rewrites a clause: the name becomes "I" with its verb agreeing ("alice
is" -> "I am", "alice flies" -> "I fly", "alice's in" -> "I'm in", "alice's flight" -> "my
flight"), and later "she"/"he" and "her"/"his" in it become "I" and "my"/"me".

Pure and cheap: regular expressions only, no parse.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from core.extraction.word_gates import gated

_CLAUSE_BEFORE: Final = gated(
    r"(?:\A\s*|[.!?;:\n]\s*|,\s*|"
    r"\b(?:and|but|so|plus|also|ok|okay|fyi|btw|oh|well|update|heads up)\s+)\Z",
    re.I,
)
"""What comes right before a clause's subject: the message's or a sentence's start, a
comma, a conjunction, or a word that only leads into news ("fyi alice is in tahoe",
"update: sam landed")."""
_NAME: Final = gated(r"\b[A-Za-z][A-Za-z'-]{1,30}(?=\s|['’]s\b)")
_HANDED_BACK: Final = gated(
    r"(?:,\s*|\s+)(?:and|but|while|whereas)\s+(?=(?:i|i'm|im|i've|we|we're|my|our)\b)"
    r"|[.!?;\n]",
    re.I,
)
_STATE_AFTER_S: Final = frozenset(
    [
        "in",
        "at",
        "on",
        "away",
        "back",
        "home",
        "off",
        "out",
        "still",
        "now",
        "not",
        "already",
        "just",
        "gone",
        "staying",
        "flying",
        "going",
        "heading",
        "leaving",
        "visiting",
        "coming",
        "driving",
        "here",
        "there",
        "currently",
        "finally",
        "safe",
        "over",
        "due",
        "about",
        "around",
        "up",
        "down",
        "landing",
        "arriving",
        "stuck",
        "sick",
        "well",
        "better",
        "ill",
    ]
)
"""Words after "alice's" that make it "alice is" ("alice's in tahoe"), not a possessive."""
_AUXILIARY: Final = {
    "is": "am",
    "isn't": "am not",
    "was": "was",
    "wasn't": "wasn't",
    "has": "have",
    "hasn't": "haven't",
    "does": "do",
    "doesn't": "don't",
    "goes": "go",
}
_SAME: Final = frozenset(
    [
        "will",
        "won't",
        "would",
        "wouldn't",
        "can",
        "can't",
        "could",
        "couldn't",
        "should",
        "shouldn't",
        "might",
        "may",
        "must",
        "just",
        "still",
        "already",
        "finally",
        "never",
        "also",
        "only",
        "now",
        "'ll",
        "'d",
    ]
)


_JOINT_AFTER: Final = gated(r"\s+(?:and|&)\s+(?:i|me|myself)\b(?!['’])", re.I)
"""A user named first, then the speaker: "alice and I", "sam & me"."""
_JOINT_BEFORE: Final = gated(r"\b(?:i|me)\s+(?:and|&)\s+\Z", re.I)
"""The speaker first, then a user: "me and alice", "I and sam"."""
_PLURAL: Final = {"are": "am", "aren't": "am not", "were": "was", "weren't": "wasn't"}
"""A verb after "alice and I", as "I" alone says it; any other verb stays as it is."""
_NO_VERB: Final = frozenset(["and", "or", "&", "with", "who", "whose"])


@dataclass(frozen=True)
class Piece:
    """A slice of the message: the speaker's own (``user`` None) or about a ``user``."""

    text: str
    user: str | None = None
    first_person: str = ""
    """The slice as its user would say it (only for a slice about a user)."""
    shared: bool = False
    """The slice is the speaker's own too: its subject is the speaker and the user."""


def pieces(text: str, user_named: Callable[[str], str | None]) -> list[Piece]:
    """``text`` cut into the speaker's own slices and those whose subject is a user
    ``user_named`` knows; the slices' texts joined are ``text``."""
    out: list[Piece] = []
    pos = 0
    for m in _NAME.finditer(text):
        begin = m.start()
        name = re.sub(r"['’]s$", "", m.group())
        user = None if begin < pos else user_named(name)  # a linked name first: cheap
        if user is None:
            continue
        joint = _joint_subject(text, pos, begin, name)
        if joint is None and not _CLAUSE_BEFORE.search(text[pos:begin]):
            continue
        start, subject_end = joint or (begin, begin + len(name))
        end_m = _HANDED_BACK.search(text, subject_end)
        end = end_m.start() if end_m is not None else len(text)
        clause = text[start:end]
        said = (
            first_person(clause, name)
            if joint is None
            else _joint_first_person(text[subject_end:end])
        )
        if said is None:
            continue
        if start > pos:
            out.append(Piece(text[pos:start]))
        out.append(Piece(clause, user, said, shared=joint is not None))
        pos = end
    if pos < len(text) or not out:
        out.append(Piece(text[pos:]))
    return out


def _joint_subject(text: str, pos: int, begin: int, name: str) -> tuple[int, int] | None:
    """Where a subject that is the speaker and the user named at ``begin`` together starts
    and ends ("alice and I", "me and alice"), when it starts a clause; else None."""
    after = _JOINT_AFTER.match(text, begin + len(name))
    if after is not None and _CLAUSE_BEFORE.search(text[pos:begin]):
        return begin, after.end()
    before = _JOINT_BEFORE.search(text[pos:begin])
    if before is not None and _CLAUSE_BEFORE.search(text[pos : pos + before.start()]):
        return pos + before.start(), begin + len(name)
    return None


def _joint_first_person(rest: str) -> str | None:
    """What follows "alice and I" as the user alone would say it: "are in tahoe" -> "I am
    in tahoe"; None when no verb follows ("alice and I and sam ...")."""
    m = re.match(r"\s+(?P<verb>[\w']+)", rest)
    if m is None or m.group("verb").lower() in _NO_VERB:
        return None
    verb = m.group("verb")
    return "I " + _PLURAL.get(verb.lower(), verb) + rest[m.end() :]


def first_person(clause: str, name: str) -> str | None:
    """``clause`` (which starts with ``name``) as its subject would say it; None when the
    name is followed by no verb Canon can turn ("alice and bob are ..." is not hers)."""
    rest = clause[len(name) :]
    m = re.match(r"['’]s\s+(?P<next>[\w']+)", rest)
    if m is not None:
        state = m.group("next").lower()
        lead = "I'm" if state in _STATE_AFTER_S or state.endswith(("ing", "ed")) else "my"
        if state == "been":
            lead = "I've"
        said = lead + rest[2:]
    else:
        m = re.match(r"\s+(?P<verb>[\w']+)", rest)
        if m is None:
            return None
        verb = m.group("verb")
        turned = _agree(verb)
        if turned is None:
            return None
        said = "I " + turned + rest[m.end() :]
    return _pronouns_to_mine(said)


def _agree(verb: str) -> str | None:
    """``verb`` after "I" instead of after a name; None for a word that is no verb here."""
    low = verb.lower()
    if low in _AUXILIARY:
        return _AUXILIARY[low]
    if low in _SAME:
        return verb
    if low in ("and", "or", "&", "with", "who", "whose", "said", "says", "told", "thinks"):
        return None  # "alice and bob are", "alice says she's..." : not a claim of hers
    if low.endswith("ed") or low in _IRREGULAR_PAST:
        return verb
    if low.endswith("ies") and len(low) > 4:
        return verb[:-3] + "y"
    if low.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    if low.endswith("s") and not low.endswith("ss") and len(low) > 3:
        return verb[:-1]
    return None


_IRREGULAR_PAST: Final = frozenset(
    [
        "flew",
        "got",
        "left",
        "went",
        "came",
        "made",
        "took",
        "drove",
        "rode",
        "caught",
        "landed",
        "arrived",
        "returned",
        "moved",
        "stayed",
        "spent",
        "headed",
        "booked",
        "cancelled",
        "canceled",
        "postponed",
    ]
)

_PRONOUN: Final = gated(
    r"\b(?P<w>she's|he's|she'll|he'll|she'd|he'd|she|he|herself|himself|hers|his|her|him)\b"
    r"(?P<after>\s+[\w']+)?",
    re.I,
)
_OBJECT_AFTER: Final = frozenset(
    ["up", "off", "to", "at", "in", "on", "from", "with", "for", "back", "and", "or"]
)


def _pronouns_to_mine(said: str) -> str:
    def turn(m: re.Match[str]) -> str:
        word = m.group("w").lower()
        after = m.group("after") or ""
        if word in ("she's", "he's"):
            return "I'm" + after
        if word in ("she'll", "he'll"):
            return "I'll" + after
        if word in ("she'd", "he'd"):
            return "I'd" + after
        if word in ("she", "he"):
            verb = after.strip()
            turned = _agree(verb) if verb else None
            return "I" + (after.replace(verb, turned, 1) if turned else after)
        if word in ("herself", "himself"):
            return "myself" + after
        if word == "hers":
            return "mine" + after
        if word in ("his",):
            return "my" + after
        if word == "him":
            return "me" + after
        # "her": a possessive before a noun ("her flight"), else the object ("see her").
        nxt = after.strip().lower()
        return ("my" if nxt and nxt not in _OBJECT_AFTER else "me") + after

    return _PRONOUN.sub(turn, said)
