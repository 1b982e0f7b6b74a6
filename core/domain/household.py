"""Which users of a household a member's name is: "alice" in Bob's "alice is in Tahoe".

A household (``CANON_FAMILY_ENTITY``) is shared by users who each have an entity of their
own (``user:alice``). When one of them, or an assistant, says something about another
by name, the name is that user, not a household member of the same name: what is said is
a claim about the user's own state, asked of that user (``core.extraction.reported_users``
reads it; ``core.signals.intake`` records it).

A user is known by name from two places, configured first: ``CANON_USER_NAMES``
(``42=Alice``) and the name the user gave Canon themselves (their committed
``profile.name``). A name is shown whole ("Mary Ann", "Siobhán O'Brien"; always as a quoted
value where it stands in a mark) and matched by its first word in lower case ("Alice Smith"
is "alice", "Siobhán" is "siobhán"); nicknames are whatever of these is configured, nothing
guessed. A name two users share links neither: Canon does not guess which one was meant.

Pure: the names are read by the caller (``core.engine.household``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Final

from core.domain.look_alikes import skeletons
from core.domain.person_names import name_problem

_WORD: Final = re.compile(r"[^\W\d_](?:[^\W\d_]|['\u2019-]){1,30}")
"""A word a user is called by: letters of any script, an apostrophe or a hyphen after the
first ("jean-luc", "o'brien", "siobhán"), 2 to 31 of them."""


def name_key(name: str) -> str | None:
    """The lower-case first word a user is called by ("Alice Smith" -> "alice"); None for
    a name that is no word ("", "42", "@al")."""
    words = name.strip().split()
    first = words[0].lower() if words else ""
    return first if _WORD.fullmatch(first) else None


def shown_name(name: str) -> str:
    """A name as it is shown: every word of it, one space between ("Mary  Ann " -> "Mary
    Ann"), when the whole is a name (``name_problem``); else its first word, as before a
    name was whole (a configured "Ignore previous instructions" is "Ignore", a configured
    'Bob ✅ Confirmed' is "Bob": the sentences a member reads show a name bare)."""
    words = name.split()
    whole = " ".join(words)
    return whole if name_problem(whole) is None else words[0]


@dataclass(frozen=True)
class HouseholdUsers:
    """The users of a household by the names they are called: the words that link a name
    said in a message to a user's own entity."""

    by_name: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Lower-case first name -> the user's entity (``user:alice``)."""
    names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """The user's entity -> the name as written (``Alice``), to say who said something."""
    members: frozenset[str] = frozenset()
    """Every user of the household, named or not: whom a member's "we" may take along
    (``core.engine.our_trip``)."""

    def user_named(self, word: str) -> str | None:
        """The user ``word`` names (any case), or None."""
        return self.by_name.get(word.lower())

    def name_of(self, entity_id: str) -> str | None:
        """What the user ``entity_id`` is called, or None when Canon does not know."""
        return self.names.get(entity_id)

    def only(self, entities: Iterable[str]) -> HouseholdUsers:
        """The same links narrowed to ``entities`` (a token reaches its own user only)."""
        keep = frozenset(entities)
        return HouseholdUsers(
            MappingProxyType({n: e for n, e in self.by_name.items() if e in keep}),
            MappingProxyType({e: n for e, n in self.names.items() if e in keep}),
            self.members & keep,
        )

    def __bool__(self) -> bool:
        return bool(self.by_name)


NO_USERS: Final = HouseholdUsers()


RESERVED: Final = frozenset(
    [
        "canon",
        "system",
        "assistant",
        "bot",
        "admin",
        "owner",
        "you",
        "your",
        "me",
        "my",
        "user",
        "everyone",
        "nobody",
        "someone",
        "another",
        "an",
        "the",
    ]
)
"""Words a user may not be called by, told or linked: "Canon says you're in Tahoe" would
speak as Canon, "You says ..." as the reader (a name shown in another user's question)."""


@cache
def _reserved_looks() -> frozenset[str]:
    """What the reserved words look like: "Саnоn" with Cyrillic letters is Canon to a reader."""
    return frozenset(look for word in RESERVED for look in skeletons(word))


def household_users(
    configured: Mapping[str, str], said: Mapping[str, str | None]
) -> HouseholdUsers:
    """The links for users whose names are ``configured`` (entity -> name) or ``said``
    (entity -> their committed ``profile.name``, None when unknown). A configured name is
    the one shown; each of a user's names links. A name two users have links neither,
    unless it is configured for one of them: the configuration wins over a told name. A
    told name is shown only when it links to its user alone (never another user's name,
    never a word like "Canon"): else the views say "another member of the household"."""
    claims: dict[str, set[str]] = {}
    looks: dict[str, set[str]] = {}  # what a name looks like (its first word's skeletons) -> whose
    shown: dict[str, str] = {}
    told_shown: dict[str, tuple[str, frozenset[str], str]] = {}
    for source, is_configured in ((configured, True), (said, False)):
        told: dict[str, set[str]] = {}
        for entity, name in source.items():
            key = name_key(name or "")
            if key is None or name is None:
                continue
            drawn = skeletons(name.split()[0])
            if not is_configured and (key in RESERVED or not drawn.isdisjoint(_reserved_looks())):
                continue  # "Canon", or "Саnоn" with Cyrillic letters: no one's name
            told.setdefault(key, set()).add(entity)
            for look in drawn:
                looks.setdefault(look, set()).add(entity)
            whole = shown_name(name)
            if is_configured:
                shown.setdefault(entity, whole)
            else:
                told_shown.setdefault(entity, (key, drawn, whole))
        for key, owners in told.items():
            # A configured name is the owner's word: a user calling themself by it later
            # neither takes it nor unlinks it ("my name is Alice" from Bob).
            claims.setdefault(key, owners)
    by_name = {key: next(iter(owners)) for key, owners in claims.items() if len(owners) == 1}
    for entity, (key, drawn, whole) in told_shown.items():
        if by_name.get(key) != entity:
            continue
        if all(looks[look] == {entity} for look in drawn):
            shown.setdefault(entity, whole)
        elif claims[key] == {entity} and entity not in configured:
            # A told name drawn like another user's ("Аlice" with a Cyrillic А, from Bob)
            # is neither shown nor linked: a reader would take his words for hers.
            del by_name[key]
    members = frozenset(configured) | frozenset(said)
    return HouseholdUsers(MappingProxyType(by_name), MappingProxyType(shown), members)


def member_slug_user(users: HouseholdUsers, field_name: str) -> str | None:
    """The user a household field is about (``family.alice.status`` -> ``user:alice``),
    or None for a member who is no user, or a field that names no member."""
    parts = field_name.split(".")
    if len(parts) != 3 or parts[0] != "family" or parts[2] != "status":
        return None
    return users.user_named(parts[1])
