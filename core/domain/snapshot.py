"""What the resolver sees of one field, and how an accepted input changes it.

The engine resolves a batch of inputs in memory: it reads a ``FieldSnapshot``
per field once, then folds each accepted input into it with ``advance`` (a
pure function), so the fifth observation of a batch sees the effect of the
first four exactly as if each had been stored before the next was read. The
contract tests check that ``advance`` agrees with what the store reads back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType

from core.domain.api_tokens import ApiToken
from core.domain.fields import spec_for
from core.domain.frozen_init import fast_init, fast_replace
from core.domain.state import CommittedFact, Competitor, FieldEvidence, Scalar, value_key
from core.domain.whose_word import commit_settles, joins_question, users_own_word
from core.domain.write_batch import Accepted

AGREEING_INTENTS = frozenset({"assertive", "planning"})


def vouches(payload: Mapping[str, object]) -> bool:
    """Whether an accepted observation counts as agreement for later ones: not a reading
    that had to be asked about (``needs_confirmation``: an unaccepted invitation, an
    assistant's proposal, readings that disagree). A doubted reading is no support, as
    the resolver says of one that repeats the committed value. The stores read the same
    rule (``core.store``: the 'agree' rows)."""
    return "needs_confirmation" not in payload


@fast_init
@dataclass(frozen=True)
class OpenItem:
    """An unanswered review item (queued or pending) for the field."""

    id: str
    value_key: str
    value: Scalar
    confidence: float
    evidence_ts: datetime | None = None
    """When the observation that raised it was made; None for questions no observation
    raised (corrections, conflicts), which newer evidence never supersedes by age."""
    principal: str | None = None
    """Who raised it (a principal's ref): a newer word that is only asked settles its own
    speaker's older questions, never another's."""


def _by_id(item: OpenItem) -> str:
    return item.id


Agreeing = Mapping[str, Mapping[str, datetime]]
"""value_key -> source type -> when the newest observation of that type that asserted (or
planned) the value within the window, and ``vouches``, was made."""
_NO_AGREEING: Agreeing = MappingProxyType({})
_NO_AGREEING_EVENTS: Mapping[str, datetime] = MappingProxyType({})


def note_agreeing(
    agreeing: dict[str, dict[str, datetime]], key: str, source_type: str, made: datetime
) -> None:
    """Count one agreeing event a store read into ``agreeing``: each source type of a value
    keeps its newest event, the one ``FieldSnapshot.agreeing_sources`` weighs."""
    said = agreeing.setdefault(key, {})
    newest = said.get(source_type)
    if newest is None or made > newest:
        said[source_type] = made


_NO_REJECTIONS: frozenset[tuple[str, str]] = frozenset()


@fast_init
@dataclass(frozen=True)
class FieldSnapshot:
    entity_id: str
    field: str
    committed: CommittedFact | None = None
    agreeing: Agreeing = dataclasses.field(default_factory=lambda: MappingProxyType({}))
    """Every value's vouching events within the window, each source type's newest: which
    of them agree with a candidate is ``agreeing_sources``'s to say."""
    open_items: tuple[OpenItem, ...] = ()
    rejected: frozenset[tuple[str, str]] = frozenset()
    last_version: int = 0
    """Highest committed version so far, retractions included."""

    @classmethod
    def read(
        cls,
        key: tuple[str, str],
        committed: CommittedFact | None,
        agreeing: Mapping[str, Mapping[str, datetime]],
        open_items: Iterable[OpenItem],
        rejected: Iterable[tuple[str, str]],
        last_version: int,
    ) -> FieldSnapshot:
        """The snapshot of field ``key`` from what a backend read, in one canonical
        form (frozen sets, open items by id) whatever order the reads came in."""
        return cls(
            key[0],
            key[1],
            committed,
            MappingProxyType({vk: MappingProxyType(dict(src)) for vk, src in agreeing.items()})
            if agreeing
            else _NO_AGREEING,
            tuple(sorted(open_items, key=_by_id)),
            frozenset(rejected) if rejected else _NO_REJECTIONS,
            last_version,
        )

    def agreeing_sources(self, key: str) -> frozenset[str]:
        """The source types whose events agree with a candidate of value ``key``. Evidence
        for another value than the committed one agrees only when it is newer than the
        committed value's own evidence: the user's later word overturned the rest. After
        "emma's sick", then "all better" committed, "emma's sick again" was asked because
        "another source agrees", that source being the first "sick"."""
        said = self.agreeing.get(key)
        if not said:
            return frozenset()
        c = self.committed
        if c is None or key == value_key(c.value):
            return frozenset(said)
        return frozenset(source for source, made in said.items() if made > c.evidence_ts)

    def evidence(
        self, key: str, begins_anew: bool = False, own_word: bool = False
    ) -> FieldEvidence:
        """The resolver's view of the field for a candidate with value ``key`` (which
        ``begins_anew`` the field's lifecycle, or is the user's ``own_word``, when the
        engine says so)."""
        return FieldEvidence(
            agreeing_sources=self.agreeing_sources(key),
            competitors=tuple(Competitor(i.value, i.confidence) for i in self.open_items),
            rejected=self.rejected,
            begins_anew=begins_anew,
            own_word=own_word,
        )

    def asks_already(
        self, value_key: str, speaker: str | None, tokens: Sequence[ApiToken] | None
    ) -> bool:
        """Whether an open question already asks what ``speaker`` now says (``value_key``),
        so their word that is asked raises none of its own: only a question in the same
        voice (``joins_question``). ``TokensUnread`` when a token's ref needs the store's
        tokens to tell whose member's it is."""
        for i in self.open_items:
            if i.value_key != value_key:
                continue
            if tokens is None and _token_on_shared(self.entity_id, speaker, i.principal):
                raise TokensUnread
            if joins_question(self.entity_id, speaker, i.principal, tokens or ()):
                return True
        return False


def _token_on_shared(entity: str, *refs: str | None) -> bool:
    """Whether any of ``refs`` is a token's on a shared entity: whose member's it is then
    needs the store's tokens."""
    return not entity.startswith("user:") and any((r or "").startswith("token:") for r in refs)


class TokensUnread(Exception):
    """A commit met an open question a token raised on a shared entity, and whose member
    that token is was not read: ``advance`` again with the store's tokens."""


def _users_newer_trip_word(accepted: Accepted) -> bool:
    """Whether ``accepted`` is the user's own word in a chat about their own trip (nobody
    else's word closes their questions)."""
    return (
        accepted.field.startswith("travel.")
        and users_own_word(accepted.principal, accepted.entity_id)
        and accepted.source_type.startswith("conversation")
    )


def _may_settle(asked: Accepted, older: OpenItem) -> bool:
    """Whether a newer word that is only asked (``asked``) settles the ``older`` question:
    its own speaker's, or any when it is the user's own word about themselves. Never
    another's: an assistant's "you're in Paris" or Bob's unsure "Lily is fine now" closed
    Alice's own "Are you in Tahoe?" and "Is Lily sick today?", and her No to theirs then
    lost what she had said."""
    return older.principal == asked.principal or users_own_word(asked.principal, asked.entity_id)


def _commit_settles(
    committed: Accepted, older: OpenItem, tokens: Sequence[ApiToken] | None
) -> bool:
    """Whether a commit settles the ``older`` question it replaces (``commit_settles``:
    never another household member's). ``tokens``: None when not read; ``TokensUnread``
    when a question a token raised on a shared entity needs them."""
    if tokens is None and _token_on_shared(committed.entity_id, older.principal):
        raise TokensUnread
    return commit_settles(committed.entity_id, committed.principal, older.principal, tokens)


def _renewed(ends: datetime | None, said: datetime | None) -> datetime | None:
    """A value's end once the same value is said again with an end of its own: the later
    of the two. "leavin for tahoe wed" after the last Tahoe trip is over plans Tahoe anew:
    kept until the old trip's end, the destination read "was to go to Tahoe (ended)" while
    the new trip was planned. A value with no end keeps none."""
    return said if ends is not None and said is not None and said > ends else ends


def advance(
    snap: FieldSnapshot,
    accepted: Accepted,
    since: datetime,
    tokens: Sequence[ApiToken] | None = None,
) -> tuple[FieldSnapshot, tuple[str, ...]]:
    """The snapshot after ``accepted`` is stored, and the ids of review items it supersedes.
    ``tokens``: the store's, to name the member behind a token's question on a shared
    entity; None when not read (``TokensUnread`` if a commit needs them)."""
    agreeing = snap.agreeing
    if (
        accepted.intent in AGREEING_INTENTS
        and accepted.event_ts >= since
        and vouches(accepted.payload)
    ):
        current = agreeing.get(accepted.value_key, _NO_AGREEING_EVENTS)
        newest = current.get(accepted.source_type)
        if newest is None or accepted.event_ts > newest:
            said = MappingProxyType({**current, accepted.source_type: accepted.event_ts})
            agreeing = MappingProxyType({**agreeing, accepted.value_key: said})
    committed = snap.committed
    open_items = snap.open_items
    last_version = snap.last_version
    superseded: tuple[str, ...] = ()
    c = accepted.commit
    if c is not None:
        last_version += 1
        if c.retract:
            committed = None
        else:
            committed = c.as_fact(last_version)
            superseded = tuple(
                i.id
                for i in open_items
                if i.value_key == accepted.value_key and _commit_settles(accepted, i, tokens)
            )
            open_items = tuple(i for i in open_items if i.id not in superseded)
    if accepted.corroborate and committed is not None:
        # ``fast_replace``: a copy with three fields changed, not ``dataclasses.replace``'s
        # generic walk of the fact's fourteen (a third of observations corroborate).
        committed = fast_replace(
            committed,
            evidence_ts=max(committed.evidence_ts, accepted.event_ts),
            confidence=max(committed.confidence, accepted.confidence),
            valid_until=_renewed(committed.valid_until, accepted.expires),
        )
    if (c is not None or accepted.review is not None) and (
        spec_for(accepted.field).current_condition or _users_newer_trip_word(accepted)
    ):
        # A newer word about a condition settles what older open questions proposed:
        # "Lily is fine now" leaves one question, not "sick?" and "well?" both open. So
        # does the user's newer word about their trip: "we got back home last night"
        # after "got in last nite" leaves no "did you leave on Sunday?" of the arrival
        # behind to be asked alone once the rest of that story is settled.
        older = tuple(
            i.id
            for i in open_items
            if i.evidence_ts is not None
            and i.evidence_ts <= accepted.event_ts
            and i.value_key != accepted.value_key
            and (
                _commit_settles(accepted, i, tokens) if c is not None else _may_settle(accepted, i)
            )
        )
        superseded += older
        open_items = tuple(i for i in open_items if i.id not in older)
    r = accepted.review
    if r is not None:
        open_items = (
            *open_items,
            OpenItem(
                r.id,
                accepted.value_key,
                r.candidate_value,
                r.confidence,
                accepted.event_ts,
                accepted.principal,
            ),
        )
    # Built directly, not by ``dataclasses.replace``: every field is named here anyway, and
    # this runs for each observation of a batch (replace walks the fields generically).
    after = FieldSnapshot(
        snap.entity_id,
        snap.field,
        committed,
        agreeing,
        open_items,
        snap.rejected,
        last_version,
    )
    return after, superseded
