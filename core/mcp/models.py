"""What the MCP tools answer: typed models, so every tool publishes a precise output schema.

Each model is filled from the read models every front end shares
(``core.conversation.views``): the MCP server tells the same story as ``canon``
and the bot, only typed.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from core.domain.review_items import ReviewKind, ReviewStatus

Value = str | int | float | bool | None
"""A field's value: Canon's scalar."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Source(_Model):
    type: str = Field(description="Kind of source: conversation_assertive, calendar, agent, ...")
    ref: str | None = Field(
        description="Where in the source: message id, event id, file line; "
        "None when the write is another member's."
    )


class Member(_Model):
    """A household member whose own word a write is."""

    name: str | None = Field(
        description="What the household calls them ('Bob'); None when Canon knows no name "
        "(never their user id)."
    )
    you: bool = Field(description="True when it is your own word.")


WrittenBy = Annotated[
    str,
    Field(
        description="Who made the write, for you: 'you', a member by name ('Bob'), "
        "'another member of the household', 'an assistant', 'your calendar ...', 'Canon'."
    ),
]
"""Who made a write (a fact's, an observation's, a change's), worded for the reader."""
MemberWhoWrote = Annotated[
    Member | None,
    Field(
        description="When the write is a household member's own word (their chat or their "
        "own client): who, by name; None for an assistant, a source or Canon."
    ),
]
"""The member whose own word a write is, by name (None: not a member's)."""


class Fact(_Model):
    """One committed value: what Canon believes, and on what evidence."""

    entity_id: str
    field: str
    value: Value
    version: int
    confidence: float
    by: WrittenBy
    by_member: MemberWhoWrote = None
    source: Source
    event_id: str | None = Field(description="None when the write is another member's.")
    evidence_ts: str = Field(description="When the evidence was produced (RFC 3339).")
    committed_at: str
    resolution: str = Field(description="How it was decided: auto_commit, user_confirmed, ...")
    valid_until: str | None
    stale: bool = Field(description="True once valid_until has passed.")
    age: str = Field(description="How old the evidence is: 'just now', '5 min', '3 h', '2 d'.")
    meaning: str | None = Field(
        default=None,
        description="What the value means when its bare word misleads: a return's 'pending' "
        "is 'sent back, refund awaited', its due day once sent back 'no longer a deadline: "
        "...'. Absent otherwise.",
    )


class YourWord(_Model):
    field: str
    value: Value


class SaidOfYou(_Model):
    """What the household says of the user that their own word contradicts: not a fact."""

    entity_id: str
    field: str
    said: Fact = Field(description="The household's value, as someone else said it.")
    your_word: YourWord = Field(description="The user's own fact that wins over it.")
    text: str = Field(description="The same in a sentence for the user.")


class State(_Model):
    entities: list[str] = Field(description="The entities read.")
    facts: list[Fact] = Field(description="Committed facts, by entity then field.")
    said_of_you: list[SaidOfYou] = Field(
        description="What others said of the user that their own word overrules: left out "
        "of facts (another member's 'alice is away' against her own 'I'm back home')."
    )


class Evidence(_Model):
    """One logged observation about the field, with the decision taken on it."""

    event_id: str | None = Field(description="None when the write is another member's.")
    event_ts: str
    intent: str
    value: Value
    by: WrittenBy
    by_member: MemberWhoWrote = None
    source: Source
    corroborators: list[Source]
    decision: str
    confidence: float
    reasons: list[str]
    evidence_text: str | None


class Change(_Model):
    """One committed change of the field."""

    entity_id: str
    field: str
    version: int
    old_value: Value
    new_value: Value
    retracted: bool
    by: WrittenBy
    by_member: MemberWhoWrote = None
    old_by: str | None = Field(
        description="Who wrote the value this change replaced, worded as 'by'; 'earlier input' "
        "when the log does not say; None when there was no old value."
    )
    event_id: str | None
    confidence: float
    resolution: str
    committed_at: str
    old_meaning: str | None = Field(
        default=None, description="What the old value meant, when its bare word misleads."
    )
    meaning: str | None = Field(
        default=None, description="What the new value meant, when its bare word misleads."
    )


class WhyChain(_Model):
    entity_id: str
    field: str
    current: Fact | None = Field(description="The committed value, if there is one.")
    evidence: list[Evidence] = Field(description="Every observation logged about the field.")
    changes: list[Change] = Field(description="How the value got here, oldest first.")


class Why(_Model):
    query: str
    chains: list[WhyChain] = Field(description="One chain per matching field; empty when none.")
    message: str | None = Field(description="Why nothing matched, and what is known instead.")


class SaidSince(_Model):
    """Another member's later word on a question that stays the user's (``SaidSince`` in
    schemas/http_api.schema.json)."""

    by: str = Field(
        description="The member as the household names them, or 'another member of the "
        "household' when Canon knows no name."
    )
    by_member: Member | None = Field(
        default=None,
        description="Who, by name, as every other view of a write says it (name None when "
        "Canon knows none; never a user id). Read it, not member.",
    )
    member: str = Field(
        description="Deprecated: their user entity (user:bob), whichever door wrote it; "
        "read by_member instead.",
        json_schema_extra={"deprecated": True},
    )
    value: Value = Field(description="The value they committed.")
    committed_at: str = Field(description="When it was committed (RFC 3339).")
    line: str = Field(description="The sentence the prompt ends with.")


class Question(_Model):
    """A question Canon waits to ask, or is asking, the user."""

    id: str = Field(description="Pass it to answer_question.")
    kind: ReviewKind
    entity_id: str
    field: str
    current_value: Value
    candidate_value: Value
    confidence: float
    reasons: list[str]
    status: ReviewStatus
    created_at: str
    group: str | None = Field(
        description="Questions raised together share it; a yes or no answers them all, "
        "a no with parts only the parts named (null: asked alone)."
    )
    prompt: str = Field(description="The question as the user sees it.")
    said_since: SaidSince | None = Field(
        default=None,
        description="On a household question of the user's own: what another member "
        "committed on the field since it was asked (null: nothing).",
    )


class Pending(_Model):
    pending: list[Question] = Field(description="Questions being asked now.")
    queued: list[Question] = Field(description="Questions waiting behind them.")
    to_do: list[str] = Field(
        default_factory=list,
        description="The user's errands and bills still to do, soonest first, in the chat's "
        "words, as its /pending lists them beside the questions.",
    )


class Answered(_Model):
    question: Question = Field(description="The question, as settled.")
    status: str = Field(description="confirmed, rejected, edited or discarded.")
    committed: bool = Field(description="True when a value was committed.")
    committed_value: Value
    next_questions: list[Question] = Field(description="Questions the answer brought forward.")
    parts_rejected: list[Question] = Field(
        default_factory=list, description="With parts: the parts the no was for, each rejected."
    )
    asked_again: list[Question] = Field(
        default_factory=list,
        description="With parts: the rest of the group, still open, asked again as one.",
    )


class Proposal(_Model):
    """What Canon did with an observation an agent proposed: never a commit."""

    event_id: str
    decision: Literal["ask_user", "tentative_reject", "duplicate"] = Field(
        description="ask_user: the user will be asked (see question); tentative_reject: the "
        "resolver set it aside (see reasons); duplicate: this event_id was seen before."
    )
    confidence: float | None
    reasons: list[str]
    question: Question | None = Field(description="The question opened for the user, if any.")
