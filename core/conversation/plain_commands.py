"""Commands in the words a person uses: "/forget my location", "/wrong rent", "/foo".

``plain_query`` turns what follows a command into what ``field_match`` understands
("my location" -> "location", "where I am" -> "location", "home" -> "home_city");
``named_fields`` finds the held values it names; when several match, ``choice_buttons``
offers one button each (callback data ``cmd:<command>:<field>``, read back by
``parse_choice``), labelled in words, never by the dotted name. ``unknown_command``
answers a command that does not exist with the short list of those that do.
Pure, except ``named_fields``, which reads the store.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.conversation.field_match import matching_fields, values_named
from core.domain import phrasing
from core.domain.fields import DOMAINS
from core.domain.quoting import visible
from core.engine.same_errand import held_name
from core.store import Store

COMMANDS = ("state", "pending", "why", "history", "forget", "wrong", "undo", "status", "help")
"""The commands an unknown one is answered with (the rest are in /help)."""
CHOOSABLE = ("forget", "wrong", "why", "history")
"""Commands about one value: several matches become buttons, a tap runs it for one."""
_PREFIX = "cmd:"
_MAX_DATA = 64
_FILLER = frozenset(
    ["my", "the", "our", "your", "a", "an", "me", "of", "for", "is", "are", "about", "current"]
)
_SYNONYMS = {
    "where i am": "location",
    "where we are": "location",
    "where": "location",
    "place": "location",
    "home": "home_city",
    "home city": "home_city",
    "city": "home_city",
    "time zone": "timezone",
    "zone": "timezone",
    "job": "employer",
    "work": "employer",
    "trip": "travel",
    "travel": "travel",
    # A trip's days by the way people name them ("the flight home is wrong").
    "flight home": "return_date",
    "flight back": "return_date",
    "way back": "return_date",
    "return flight": "return_date",
    "departure": "depart_date",
    "departure date": "depart_date",
    "flight out": "depart_date",
}


def plain_query(words: str) -> str:
    """The field words in what a person typed: 'my location' -> 'location'."""
    text = " ".join(re.sub(r"[^\w.' ]+", " ", words.casefold()).split())
    if text in _SYNONYMS:
        return _SYNONYMS[text]
    kept = " ".join(w for w in text.split() if w not in _FILLER)
    return _SYNONYMS.get(kept, kept.replace(" ", "_"))


async def named_fields(store: Store, entities: Sequence[str], words: str) -> list[tuple[str, str]]:
    """(entity, field) for each held value ``words`` names, in ``entities`` order."""
    facts = [f for e in entities for f in await store.facts(e)]
    wanted = fields_named(words, [f.field for f in facts])
    if not wanted:  # "/forget tahoe": the values it names
        return values_named(words, facts)
    return [(f.entity_id, f.field) for f in facts if f.field in wanted]


def fields_named(words: str, fields: Sequence[str]) -> set[str]:
    """The ``fields`` that ``words`` names ("my location", "rent", "the trip")."""
    query = plain_query(words)
    wanted = set(matching_fields(query, fields)) if query else set()
    if not wanted and query:
        # "pge bill" of the PG&E bill (financial.pg_e_bill): the held name of those letters.
        same = {(d, n) for d in DOMAINS if (n := held_name(query, d, fields)) is not None}
        wanted = {f for f in fields if tuple(f.split(".")[:2]) in same}
    return wanted


def value_words(field: str, entity_id: str, mine: str) -> str:
    """'Your location', 'The rent amount': a field as a button or a sentence names it."""
    text = phrasing.label(field, entity_id, mine)
    return text[:1].upper() + text[1:]


def choice_buttons(
    command: str, hits: Sequence[tuple[str, str]], mine: str
) -> list[tuple[str, str]]:
    """One (label, callback data) per matching field that fits Telegram's 64 bytes."""
    out = []
    for entity, field in hits:
        data = f"{_PREFIX}{command}:{field}"
        if len(data.encode()) <= _MAX_DATA:
            out.append((value_words(field, entity, mine), data))
    return out


def which_text(command: str, words: str) -> str:
    ask = {
        "forget": "Which one should I forget?",
        "wrong": "Which one should I correct?",
        "why": "Which one should I explain?",
        "history": "Which one's history should I show?",
    }.get(command, "Which one do you mean?")
    # No words: a bare /why offers all that is held.
    return f'Several things match "{_echo(words)}". {ask}' if words.strip() else ask


def parse_choice(data: str | None) -> tuple[str, str] | None:
    """(command, field) from a choice button's callback data; None for any other button."""
    if not data or not data.startswith(_PREFIX):
        return None
    command, _, field = data[len(_PREFIX) :].partition(":")
    return (command, field) if command in CHOOSABLE and field else None


_ECHO = 60


def _echo(words: str) -> str:
    """What the user typed, said back: printable, on one line, and short (a 5,000-character
    argument or a NUL is theirs, not something to repeat in full)."""
    shown = " ".join("".join(c if c.isprintable() else " " for c in words).split())
    return shown if len(shown) <= _ECHO else shown[: _ECHO - 1] + "…"


def nothing_named(words: str, known: Sequence[tuple[str, str]], mine: str) -> str:
    """Nothing held matches ``words``: say so, and what is held, in words."""
    if not known:
        return f'I hold nothing about "{_echo(words)}" (I know nothing yet).'
    names = sorted({value_words(f, e, mine).casefold() for e, f in known})
    shown = ", ".join(names[:12]) + (f" (+{len(names) - 12} more)" if len(names) > 12 else "")
    return f'I hold nothing about "{_echo(words)}". I know: {shown}.'


def unknown_command(text: str) -> str:
    """'/foo' does not exist: what does. The name is said back as ``visible`` shows it (a
    direction override would turn the rest of the reply around), and a name that only
    looks like a command ('/cоnfirm' with a Cyrillic о) is told apart from it, so nobody
    takes it for one that ran."""
    name = text.split(maxsplit=1)[0].split("@")[0] if text.strip() else "/"
    shown = visible(name if len(name) <= _ECHO else name[: _ECHO - 1] + "…")
    listed = ", ".join(f"/{c}" for c in COMMANDS)
    foreign = sorted({c for c in name[1:] if not c.isascii() and c.isprintable()})
    unlike = (
        f" ({', '.join(foreign[:3])}: not a Latin letter; commands are typed in Latin ones)"
        if foreign and any(c.isalpha() for c in foreign)
        else ""
    )
    return f"I don't know {shown}{unlike}. Try {listed} — or just tell me what changed."
