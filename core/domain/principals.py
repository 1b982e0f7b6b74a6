"""Who made a write: principals, and the roles a bearer token is made with.

Every write Canon takes has a principal. What a request may claim follows from
it, never from what the payload says of itself: an agent's evidence is agent
evidence whatever source type it names, and only the user's own answer flow
produces a user confirmation.

- ``user``: the person, in their own chat or through their own client. A user
  writing about a shared entity (``family:*``) is that entity's *member*; other
  members see that a fact came from another member, never which token or message.
- ``agent``: an assistant holding a token (OpenClaw, LangGraph, MCP over HTTP).
  Its evidence is always ``agent`` evidence; it never answers questions unless its
  token's role is ``delegate`` (an assistant allowed to act for the user), and
  then the record names it.
- ``signals``: a calendar, mailbox or webhook source; it may claim only the
  source types it was made for.
- ``system``: Canon itself and its owner's command line (imports, workspace
  files, rules).

A principal's ``ref`` is what the store keeps with each event; it is never shown
to anyone but the principal it names (and the owner's command line).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

PrincipalKind = Literal["user", "agent", "signals", "system"]
Role = Literal["user", "delegate", "agent", "signals"]
ROLES: Final[tuple[str, ...]] = get_args(Role)
LEGACY_TOKEN_ROLE: Final[Role] = "agent"
"""The role of a token made before roles existed: the README handed tokens to agents."""


@dataclass(frozen=True)
class Principal:
    """One writer: its kind and a stable ref (``user:alice``, ``token:<id>``, ...)."""

    kind: PrincipalKind
    ref: str
    label: str = ""
    """What a person calls it: the token's name, the source's name."""
    acting_for: str | None = None
    """The user entity a ``delegate`` agent acts for; None otherwise."""

    @property
    def is_user(self) -> bool:
        return self.kind == "user"


def user_principal(entity_id: str) -> Principal:
    """The user ``entity_id`` (``user:alice``) writing for themselves."""
    return Principal("user", entity_id)


def token_principal(token_id: str, role: Role, entity_id: str, name: str = "") -> Principal:
    """The principal a bearer token of ``role`` speaks as.

    A ``user`` token is its user (the person's own client); a ``delegate`` or
    ``agent`` token is an agent (a delegate acting for its entity); a
    ``signals`` token is a signal source.
    """
    if role == "user":
        return Principal("user", entity_id, name)
    if role == "signals":
        return Principal("signals", f"token:{token_id}", name)
    return Principal(
        "agent", f"token:{token_id}", name, acting_for=entity_id if role == "delegate" else None
    )


STDIO_SESSION: Final = "mcp:"
"""The ref prefix of an assistant's ``canon mcp`` session over stdio, before the user it was
started for (``mcp:user:alice``): that user's own assistant, as a token of theirs is."""


def stdio_session_ref(entity_id: str) -> str:
    """The ref of the stdio MCP session started for ``entity_id``."""
    return f"{STDIO_SESSION}{entity_id}"


def signal_principal(source_name: str) -> Principal:
    """A configured calendar, mailbox or webhook source (``canon sources``)."""
    return Principal("signals", f"source:{source_name}", source_name)


SYSTEM: Final = Principal("system", "system")
"""Canon and its owner's command line: imports, workspace files, rules, replays."""
