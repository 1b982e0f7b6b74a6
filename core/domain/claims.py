"""What a principal may claim: the source types, corroborators, messages and answers each
role's writes are taken as, whatever the payload says of itself.

One table (``CLAIMS``) decides, for the HTTP API and the MCP server alike:

- ``user`` (the person's own client) may claim their own words and files:
  ``conversation_assertive``, ``manual_markdown``, ``static_markdown`` (and
  ``agent``, which is weaker). ``user_confirmation`` and ``system`` are
  downgraded to ``conversation_assertive``: only the answer flow makes a user
  confirmation. Signal types (calendar, mail, execution) are refused: they are a
  ``signals`` token's to post.
- ``delegate`` and ``agent`` (an assistant) claim nothing of their own: every
  observation becomes ``agent`` evidence without a ref (each proposal its own
  question, see ``core.mcp.scoped.AGENT_SOURCE``), its corroborators dropped, and
  ``needs_confirmation`` set, so it is asked and never committed on their word.
- ``signals`` may post only the source types its token was made for; anything
  else is refused. ``transactions_email`` is decided by the trusted-senders rule
  (``core.signals.trust``) from the mail itself, which an observation does not
  carry, so a token made for ``email`` claiming it is downgraded to ``email``; and
  every ``email`` observation it posts is asked (``posted_mail_doubt``), as a mail from
  a sender the user has not trusted is when Canon's own reader reads it.

Corroborators are kept only of types the principal may claim itself. Messages
(``POST /v1/messages``): a ``user``'s and a ``delegate``'s are the user's own words
(a delegate relays them, and the record names it); a plain ``agent``'s become agent
evidence; a ``signals`` token sends none. Answers: ``answer_refusal``.

Pure: no I/O. A refusal raises ``ClaimRefused``; a downgrade is a notice the
caller is told about (``Claimed.notices``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from core.domain.principals import Principal, Role
from core.domain.provenance import (
    A_CONNECTED_SOURCE,
    INVITATION,
    UNTRUSTED_SENDER,
    UNTRUSTED_SOURCES,
    mail_doubt,
    mail_origin,
    mail_sender,
)
from core.domain.quoting import quotation
from core.domain.source_types import CONVERSATION, canonical_source_type
from core.errors import ClaimRefused

AGENT: Final = "agent"
NEVER_CLAIMED: Final = frozenset({"user_confirmation", "system"})
"""No token may claim these: a user confirmation comes from the answer flow, ``system``
from Canon itself."""
SIGNAL_TYPES: Final[tuple[str, ...]] = ("calendar", "email", "execution")
"""What a ``signals`` token may be made for (``canon token create --source-type``)."""
AGENT_DOUBT: Final = "an assistant proposed it ({via}): only the user can make it a fact"
"""The ``needs_confirmation`` of an agent's observation; ``via`` names the channel."""


@dataclass(frozen=True)
class RoleClaims:
    """What one role's writes may claim."""

    own: frozenset[str]
    """Source types it may claim as they are (a signals token: its token's types)."""
    ordinary: str | None
    """What a claim it may not make becomes; None: such a claim is refused."""
    agent_evidence: bool = False
    """Every observation is agent evidence, asked before it is committed."""
    messages: bool = True
    answers: bool = False


CLAIMS: Final[Mapping[Role, RoleClaims]] = {
    "user": RoleClaims(
        frozenset({CONVERSATION, "manual_markdown", "static_markdown", AGENT}),
        CONVERSATION,
        answers=True,
    ),
    "delegate": RoleClaims(frozenset(), AGENT, agent_evidence=True, answers=True),
    "agent": RoleClaims(frozenset(), AGENT, agent_evidence=True),
    "signals": RoleClaims(frozenset(), None, messages=False),
}


@dataclass(frozen=True)
class Claimant:
    """Who claims: a token's role and, for ``signals``, the source types it was made for."""

    role: Role
    source_types: tuple[str, ...] = ()
    via: str = "API"
    """The channel, named in an agent observation's ``needs_confirmation``."""

    @property
    def claims(self) -> RoleClaims:
        return CLAIMS[self.role]

    def may_claim(self, source_type: str) -> bool:
        if source_type in NEVER_CLAIMED:
            return False
        own = self.claims.own | (set(self.source_types) if self.role == "signals" else set())
        return source_type in own


@dataclass(frozen=True)
class Claimed:
    """An observation as its principal may claim it, and what was changed and why."""

    payload: Any
    notices: tuple[str, ...] = field(default=())


def claim_observation(payload: Any, claimant: Claimant) -> Claimed:
    """``payload`` with its source and corroborators as ``claimant`` may claim them.

    A payload that is not an observation (not an object, no source type) is left as
    it is: validation dead-letters it. Raises ``ClaimRefused`` for a source type the
    role may neither claim nor be downgraded from.
    """
    if not isinstance(payload, dict) or not isinstance(payload.get("source"), dict):
        return Claimed(payload)
    claimed = payload["source"].get("type")
    if not isinstance(claimed, str):
        return Claimed(payload)
    claimed = canonical_source_type(claimed)
    rules = claimant.claims
    out = dict(payload)
    notices: list[str] = []
    if rules.agent_evidence:
        # The ref stays: it says which message the claims came from, so one message's
        # claims about one subject are asked together (the group key names the principal,
        # so an agent's ref never joins another's question).
        ref = payload["source"].get("ref")
        out["source"] = {"type": AGENT, **({"ref": ref} if ref else {})}
        out["needs_confirmation"] = AGENT_DOUBT.format(via=claimant.via)
        if claimed != AGENT:
            notices.append(
                f"source {claimed} -> agent: {_a(claimant.role)} token's evidence is "
                "agent evidence, asked before it is committed"
            )
    elif not claimant.may_claim(claimed):
        taken = _downgrade(claimed, claimant)
        out["source"] = {**payload["source"], "type": taken}
        notices.append(f"source {claimed} -> {taken}: {_why(claimed, claimant)}")
    doubt = payload.get("needs_confirmation")
    taken_type = canonical_source_type(out["source"]["type"])
    if claimant.role == "signals" and taken_type == "email":
        # A mail names no sender Canon could trust: asked, its sender named (quoted).
        out["needs_confirmation"] = posted_mail_doubt(out["source"].get("ref"), doubt)
    elif claimant.role == "signals" and isinstance(doubt, str) and doubt:
        # A feed's reason to ask is its source's words (an invitation's, a mail's): shown
        # wherever the question is, as a quotation from it, never in Canon's own voice.
        origin = UNTRUSTED_SOURCES.get(taken_type)
        out["needs_confirmation"] = quotation(doubt, origin or A_CONNECTED_SOURCE, most=500)
    corroborators = payload.get("corroborators")
    if isinstance(corroborators, list) and corroborators:
        kept = [
            c
            for c in corroborators
            if not rules.agent_evidence
            and isinstance(c, dict)
            and isinstance(c.get("type"), str)
            and claimant.may_claim(canonical_source_type(c["type"]))
        ]
        dropped = sorted(
            {str(c.get("type")) for c in corroborators if c not in kept and isinstance(c, dict)}
        )
        if kept:
            out["corroborators"] = kept
        else:
            out.pop("corroborators", None)
        if dropped:
            notices.append(
                f"corroborators {', '.join(dropped)} dropped: {_a(claimant.role)} token "
                "vouches only for source types it may claim itself"
            )
    return Claimed(out, tuple(notices))


def posted_mail_doubt(ref: object, feed_doubt: object = None) -> str:
    """Why a mail a ``signals`` token posts is asked, whatever its confidence: no sender
    it names is trusted (an observation carries no mail to check), so it holds the rule
    of a stranger's mail read by Canon's own reader (``core.domain.provenance.mail_doubt``),
    naming the From address its ref gives (``email:<address> <Message-ID>``, as
    ``core.signals.intake.mail_ref`` writes it), quoted; ``feed_doubt``: the feed's own
    reason, quoted from the mail, kept after it within the field's 500 characters."""
    sender = mail_sender(ref if isinstance(ref, str) else None)
    why = mail_doubt(sender)
    if not isinstance(feed_doubt, str) or not feed_doubt:
        return why
    origin = UNTRUSTED_SOURCES["email"] if sender is None else mail_origin(sender)
    return f"{why}; {quotation(feed_doubt, origin, most=498 - len(why))}"


def _downgrade(claimed: str, claimant: Claimant) -> str:
    mail = claimant.role == "signals" and "email" in claimant.source_types
    if mail and claimed == "transactions_email":
        return "email"
    ordinary = claimant.claims.ordinary
    if ordinary is not None and (claimed in NEVER_CLAIMED or claimant.role != "user"):
        return ordinary
    raise ClaimRefused(_refusal(claimed, claimant))


def _why(claimed: str, claimant: Claimant) -> str:
    if claimed == "transactions_email":
        return (
            "the trusted-senders rule decides it from the mail's sender, which an "
            "observation does not carry"
        )
    if claimed == "user_confirmation":
        return "only the user's answer to a question makes a user confirmation"
    if claimed == "system":
        return "system evidence is Canon's own"
    return f"{_a(claimant.role)} token may not claim {claimed}"


def _refusal(claimed: str, claimant: Claimant) -> str:
    if claimant.role == "signals":
        made = ", ".join(claimant.source_types) or "nothing"
        return f"this signals token may post {made}, not {claimed}"
    return (
        f"{_a(claimant.role)} token may not claim {claimed} evidence: signal sources post it "
        f"with a signals token (canon token create --role signals --source-type {claimed})"
    )


def message_claimant(claimant: Claimant) -> Claimant | None:
    """How a message's observations are claimed: None when they are the user's own words
    (a ``user``'s, or a ``delegate`` relaying them), else as agent evidence. A ``signals``
    token sends no messages (``ClaimRefused``)."""
    if not claimant.claims.messages:
        raise ClaimRefused(f"{_a(claimant.role)} token cannot send messages; it posts observations")
    return None if claimant.role in ("user", "delegate") else claimant


def answer_refusal(
    principal: Principal,
    raised_by: str | None,
    raised_as: str | None = None,
    reasons: Sequence[str] = (),
) -> str | None:
    """Why ``principal`` may not settle a question raised by ``raised_by``'s evidence of
    source type ``raised_as``; None if it may. Answers belong to the person asked: a user
    (or Canon's owner) answers; an agent only when it acts for the user (a delegate),
    relaying the user's answer to what the user's own words or sources raised: never a
    question its own evidence raised, nor one another assistant's proposal raised (two
    assistants would make a user confirmation no person gave), nor what another person
    said of the user, nor what a mail from a sender the user has not trusted claims
    (``reasons``: the question's; an assistant that read the stranger's words would make
    them a user confirmation, and a Yes to a mail trusts its sender from then on); a
    signal source never. The same for an invitation the user has not accepted (its
    organiser's words)."""
    if principal.kind == "signals":
        return "a signal source cannot answer questions"
    if principal.kind == "agent":
        if principal.acting_for is None:
            return (
                "an agent token cannot answer questions: the user answers them (in the chat, "
                "or through a delegate token acting for them)"
            )
        if raised_by == principal.ref:
            return "this question was raised by your own evidence: only the user can settle it"
        fed = raised_as in (*SIGNAL_TYPES, "transactions_email")
        mine = (None, principal.acting_for, "system")
        if raised_as == AGENT or (raised_by not in mine and not fed):
            return (
                "this question was raised by someone else's word (another assistant's "
                "proposal or order, another person's claim): only the user can settle it"
            )
        if any(UNTRUSTED_SENDER in r for r in reasons):
            return (
                "this question was raised by mail from a sender the user has not trusted: "
                "only the user can settle it"
            )
        if any(INVITATION in r for r in reasons):
            # A stranger's invitation, as their mail: the organiser chose its words, and
            # an assistant's Yes would make the stranger's plan a user confirmation.
            return (
                "this question was raised by an invitation the user has not accepted: "
                "only the user can settle it"
            )
    return None


def answered_by_for(principal: Principal, channel: str | None) -> str | None:
    """Who answered, as the stored answer names it: a delegate names itself and the user
    it acts for (``delegate:token:<id> for user:alice``)."""
    if principal.kind == "agent" and principal.acting_for is not None:
        named = f"delegate:{principal.ref} for {principal.acting_for}"
        return f"{named} via {channel}" if channel else named
    return channel


def _a(word: str) -> str:
    """A role with its indefinite article: "an agent", "a delegate", "a user" (by sound,
    not by letter)."""
    return f"an {word}" if word == "agent" else f"a {word}"
