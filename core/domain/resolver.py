"""The resolver: a pure function from evidence to a decision.

``resolve(committed, observation, policy, now)`` reads no clock and does no
I/O. Confidence is the product of four factors,

    source reliability × recency × intent (× extraction certainty) × corroboration,

compared with the domain's thresholds and its margin over the strongest
competing value. Rules that protect the present come first: a wish or a
memory never changes state, a plan only sets planning facts, and nothing
older, weaker or backwards replaces a committed value without the user's say.
An observation that carries ``needs_confirmation`` (its extractor's readings
disagree) is never auto-committed: it is asked about whatever its confidence.
An assistant's (``agent``) proposal is never committed and never set aside
silently either: past the rules that protect the present, it is asked about,
however weak, and whatever source it contradicts (``ASKED_SOURCES``).

The domain's ``autonomy`` (the rollout stage, calibration, a confirmation run:
see core/domain/rollout.py) limits what the resolver may do alone: a change it
would auto-commit is asked instead, and in shadow mode so is a change it would
reject for low confidence. ``Decision.shadow_of`` keeps what it would have
done, so the user's answer grades it. The user's own say is never limited.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from core.domain.fields import FieldSpec, spec_for
from core.domain.frozen_init import fast_init
from core.domain.observation_record import Observed
from core.domain.policy import Autonomy, DomainPolicy, Policy
from core.domain.state import NO_EVIDENCE, CommittedFact, FieldEvidence, value_key
from core.domain.timeutil import hours_between

DecisionKind = Literal["auto_commit", "ask_user", "tentative_reject"]
ShadowOf = Literal["auto_commit", "tentative_reject"]
Effect = Literal["change", "corroborate", "none"]
USER_SOURCES = frozenset({"user_confirmation", "manual_markdown"})
"""Sources that are the user's own say: they satisfy 'requires confirmation'."""
NEVER_AUTO = frozenset({"agent", "system"})
ASKED_SOURCES = frozenset({"agent"})
"""Sources whose proposals the user is asked about, however weak or outranked: an
assistant's word is neither a fact nor something to drop without the user seeing it."""


@fast_init
@dataclass(frozen=True)
class Factors:
    reliability: float
    recency: float
    intent: float
    corroboration: float
    vouched_by: tuple[str, ...] = ()
    """The other source types that agree (sorted): whose agreement ``corroboration``
    counts, so a reason can say who ("your calendar agrees", not "another source")."""

    @property
    def product(self) -> float:
        return min(1.0, self.reliability * self.recency * self.intent * self.corroboration)


@fast_init
@dataclass(frozen=True)
class Decision:
    """What to do with one observation, and why."""

    decision: DecisionKind
    confidence: float
    margin: float
    reasons: tuple[str, ...]
    patch: tuple[dict[str, Any], ...]
    """RFC 6902 operations on the state document {entity_id: {field: value}}."""
    effect: Effect = "change"
    factors: Factors | None = field(default=None, compare=False)
    shadow_of: ShadowOf | None = None
    """What the resolver would have done had the rollout not made it ask."""

    @property
    def commits(self) -> bool:
        return self.decision == "auto_commit" and self.effect == "change"


def recency_factor(age_hours: float, half_life_hours: float, grace_hours: float) -> float:
    """1.0 within the grace period, then halving every half-life."""
    if age_hours <= grace_hours:
        return 1.0
    return float(0.5 ** ((age_hours - grace_hours) / half_life_hours))


def current_strength(fact: CommittedFact, policy: Policy, now: datetime) -> float:
    """How strongly the committed value is still believed at ``now``."""
    d = policy.domain(fact.domain)
    if spec_for(fact.field).long_lived:
        return fact.confidence  # who someone is to the user does not fade with time
    age = max(0.0, hours_between(fact.evidence_ts, now))
    return fact.confidence * recency_factor(age, d.half_life_hours, policy.recency_grace_hours)


def resolve(
    committed: CommittedFact | None,
    observation: Observed,
    policy: Policy,
    now: datetime,
    evidence: FieldEvidence = NO_EVIDENCE,
    candidate_key: str | None = None,
) -> Decision:
    """Decide auto_commit, ask_user or tentative_reject for ``observation``.

    ``candidate_key``: ``value_key(observation.candidate_value)``, when the caller has it.
    The observation's attributes are read once into locals: a model's attribute costs a
    lookup through pydantic's ``__getattr__`` hook, and this runs for every observation."""
    obs = observation
    source_type, intent, field_name = obs.source.type, obs.intent, obs.field
    candidate, doubt = obs.candidate_value, obs.needs_confirmation
    dp = policy.domain(obs.domain)
    spec = spec_for(field_name)
    factors = _factors(obs, policy, dp, now, evidence)
    confidence = round(factors.product, 4)
    new_key = value_key(candidate) if candidate_key is None else candidate_key
    same_as_committed = committed is not None and value_key(committed.value) == new_key

    def reject(*reasons: str, margin: float = 0.0) -> Decision:
        return Decision("tentative_reject", confidence, margin, reasons, (), "none", factors)

    # Rules that protect the present: no score can overrule them.
    if intent == "hypothetical":
        return reject("hypothetical: a wish, condition or question never changes state")
    if intent == "historical":
        return reject("historical: it describes the past, not the present")
    if intent == "planning":
        blocked = _planning_block(spec, obs)
        if blocked:
            return reject(blocked)
        if (
            committed is not None
            and source_type in ASKED_SOURCES
            and not evidence.begins_anew
            and _regresses(spec, committed.value, candidate)
        ):
            # The founding incident: an assistant's plan is not evidence of the present,
            # so it never pulls a trip under way back to 'planning' and is not worth a
            # question (other sources meet the authority rule below).
            return reject(
                f"a plan is not evidence of the present: it cannot move {field_name} "
                f"backwards ({committed.value} -> {candidate})"
            )
    if spec.told_by and source_type not in (*spec.told_by, *USER_SOURCES):
        return reject(f"{field_name} is yours to say: {source_type} never sets it")
    if spec.long_lived and intent != "retract" and candidate not in spec.values:
        return reject(f"{field_name} is one of {', '.join(spec.values)}, not {candidate!r}")
    if intent == "retract" and committed is None:
        return reject("nothing to retract: no committed value")
    if intent != "retract" and (new_key, obs.source.key) in evidence.rejected:
        return reject("you said no to this value from this same evidence before")

    # A new trip's place is its own, even where the last trip went: no corroboration of it.
    if same_as_committed and intent != "retract" and not evidence.begins_anew:
        if doubt:
            # Nothing to ask (the value stands) and a doubted reading is no support.
            return reject(f"agrees with the committed value, but {doubt}")
        if confidence < dp.ask_threshold:
            return reject(
                "agrees with the committed value, but too weakly to count as support",
                margin=confidence,
            )
        return Decision(
            "auto_commit",
            confidence,
            confidence,
            ("matches the committed value: corroborates it",),
            (),
            "corroborate",
            factors,
        )

    competitors = [c.confidence for c in evidence.competitors if value_key(c.value) != new_key]
    reasons = [_describe_factors(obs, factors)]
    if committed is not None:
        # A source that outranks the committed value's source in this domain wins
        # on authority: the weaker value does not compete on the margin.
        obs_rank, committed_rank = dp.rank(source_type), dp.rank(committed.source_type)
        if obs_rank < committed_rank:
            reasons.append(f"{source_type} outranks {committed.source_type} for {obs.domain}")
        elif obs_rank == committed_rank and _advances(spec, committed.value, candidate):
            # planning -> in_progress is the plan coming true, not a rival belief.
            reasons.append(f"moves {field_name} forward ({committed.value} -> {candidate})")
        elif evidence.begins_anew:
            # The trip over is no rival belief to the next one planned: it stays true of
            # the last trip (nor does its word outrank the new plan's, below).
            reasons.append(f"a new trip after the last one ({committed.value} -> {candidate})")
        elif evidence.own_word:
            # "we're staying 2 more days" on her own trip under way: her newer word.
            reasons.append(f"your own newer word ({committed.value} -> {candidate})")
        else:
            competitors.append(current_strength(committed, policy, now))
    margin = round(confidence - max(competitors, default=0.0), 4)

    caps: list[str] = []
    if committed is not None:
        # The user's confirmed "back home" is no rival to "leavin for tahoe wed" (it was
        # asked as "you told me otherwise not long ago").
        # Nor is the user's own word that the plan came true ("finally in tahoe" two days
        # after her Yes to the plan): it moves the field forward, it does not contradict
        # her; another source's forward step still waits out the window.
        forward = source_type == "conversation_assertive" and (
            _advances(spec, committed.value, candidate) or evidence.own_word
        )
        block = (
            None if evidence.begins_anew or forward else _authority_block(committed, obs, dp, now)
        )
        if block:
            if source_type not in ("conversation_assertive", *USER_SOURCES, *ASKED_SOURCES):
                return reject(block, margin=margin)
            caps.append(block)
        if obs.ts < committed.evidence_ts:
            caps.append("older than the evidence for the current value")
        if (
            intent != "retract"
            and not evidence.begins_anew
            and _regresses(spec, committed.value, candidate)
        ):
            caps.append(f"moves {field_name} backwards ({committed.value} -> {candidate})")
    if dp.confirm_always and source_type not in USER_SOURCES:
        caps.append(f"{obs.domain} facts change only with your confirmation")
    elif spec.long_lived and source_type not in USER_SOURCES:
        caps.append(f"{field_name} is a lasting fact: it changes only with your confirmation")
    if _certainty(obs, policy) < 1.0:
        caps.append(f"the wording is ambiguous (extraction {obs.extraction_confidence:.2f})")
    if source_type in NEVER_AUTO:
        caps.append(f"{source_type} proposals are never committed without you")
    if doubt:
        caps.append(doubt)

    patch = _patch(committed, obs)
    # The user's own edit or answer is their say: their newest word needs no margin.
    clear = margin >= dp.margin_threshold or source_type in USER_SOURCES
    limited = source_type not in USER_SOURCES  # the user's say is never held back
    if confidence >= dp.auto_threshold and clear and not caps:
        reasons.append(f"confidence {_two(confidence)} >= auto {_two(dp.auto_threshold)}")
        if margin >= dp.margin_threshold:
            reasons.append(f"margin {_two(margin)} >= {_two(dp.margin_threshold)}")
        else:
            reasons.append("your own edit: no margin needed")
        if limited and _held_back(dp.autonomy, confidence):
            # The notes go first: they are why this is a question at all.
            why = (*dp.autonomy.notes, *reasons)
            return Decision(
                "ask_user", confidence, margin, why, patch, "change", factors, "auto_commit"
            )
        return Decision("auto_commit", confidence, margin, tuple(reasons), patch, "change", factors)
    # An observation that needs confirmation is asked about however weak or strong it is,
    # and so is an assistant's proposal.
    asked = bool(doubt) or source_type in ASKED_SOURCES
    if confidence >= dp.ask_threshold or asked:
        reasons.extend(caps)
        if confidence < dp.auto_threshold:
            reasons.append(f"confidence {_two(confidence)} below auto {_two(dp.auto_threshold)}")
        elif margin < dp.margin_threshold:
            reasons.append(f"margin {_two(margin)} below {_two(dp.margin_threshold)}")
        return Decision("ask_user", confidence, margin, tuple(reasons), patch, "change", factors)
    reasons.extend(caps)
    reasons.append(f"confidence {_two(confidence)} below ask {_two(dp.ask_threshold)}")
    if dp.autonomy.shadow and limited and source_type not in NEVER_AUTO:
        # Shadow mode puts every decision on a new value to the user, a weak one too.
        why = (*dp.autonomy.notes, *reasons)
        return Decision(
            "ask_user", confidence, margin, why, patch, "change", factors, "tentative_reject"
        )
    return Decision("tentative_reject", confidence, margin, tuple(reasons), (), "none", factors)


def _held_back(autonomy: Autonomy, confidence: float) -> bool:
    """Whether the rollout keeps an auto-commit at ``confidence`` from happening alone."""
    if autonomy.shadow or autonomy.always_ask:
        return True
    return autonomy.confirm_below is not None and confidence < autonomy.confirm_below


def _factors(
    obs: Observed, policy: Policy, dp: DomainPolicy, now: datetime, ev: FieldEvidence
) -> Factors:
    age = max(0.0, hours_between(obs.ts, now))
    # Earlier agreeing events and the observation's own corroborators: each
    # distinct source type once, never the observation's own type.
    vouching = ev.agreeing_sources | {c.type for c in obs.corroborators or ()}
    others = vouching - {obs.source.type}
    corroboration = min(policy.corroboration_cap, 1.0 + policy.corroboration_bonus * len(others))
    certainty = _certainty(obs, policy)
    return Factors(
        reliability=policy.reliability(obs.source.type),
        recency=recency_factor(age, dp.half_life_hours, policy.recency_grace_hours),
        intent=policy.intent_factor.get(obs.intent, 0.0) * certainty,
        corroboration=corroboration,
        vouched_by=tuple(sorted(others)),
    )


def _certainty(obs: Observed, policy: Policy) -> float:
    # A reading the extractor is sure of counts in full; below that its doubt
    # lowers the confidence, and resolve() also keeps it from auto-committing.
    ec = 1.0 if obs.extraction_confidence is None else obs.extraction_confidence
    return 1.0 if ec >= policy.certain_extraction else ec


def _describe_factors(obs: Observed, f: Factors) -> str:
    return (
        f"{obs.source.type} {_two(f.reliability)} × recency {_two(f.recency)} × "
        f"{obs.intent} {_two(f.intent)} × corroboration {_two(f.corroboration)}"
        + (f" ({', '.join(f.vouched_by)})" if f.vouched_by else "")
    )


_TWO_PLACES: dict[float, str] = {}
"""``f"{x:.2f}"`` by ``x``, for the reasons' numbers (``_two``)."""
_TWO_PLACES_MAX = 4096


def _two(x: float) -> str:
    """``f"{x:.2f}"``, kept by value: a reason shows six or seven numbers, and the same
    few recur (a source's reliability, a threshold, a recency of 1.0), while formatting a
    float costs about 1,700 instructions against a lookup's hundred or two. Zero is
    formatted each time: 0.0 and -0.0 are one key but print differently."""
    shown = _TWO_PLACES.get(x)
    if shown is None or not x:
        if len(_TWO_PLACES) >= _TWO_PLACES_MAX:
            _TWO_PLACES.clear()
        shown = _TWO_PLACES[x] = f"{x:.2f}"
    return shown


def _planning_block(spec: FieldSpec, obs: Observed) -> str | None:
    if not spec.planning_allowed:
        return f"a plan does not change {obs.field}: only evidence of the present may"
    if spec.planning_values and obs.candidate_value not in spec.planning_values:
        allowed = ", ".join(spec.planning_values)
        return f"a plan can only set {obs.field} to {allowed}, not {obs.candidate_value}"
    return None


def _authority_block(
    committed: CommittedFact, obs: Observed, dp: DomainPolicy, now: datetime
) -> str | None:
    if dp.rank(committed.source_type) >= dp.rank(obs.source.type):
        return None
    age = hours_between(committed.evidence_ts, now)
    if age >= dp.authority_window_hours:
        return None
    return (
        f"{committed.source_type} outranks {obs.source.type} for {obs.domain} "
        f"within {dp.authority_window_hours:g} h"
    )


def _advances(spec: FieldSpec, old: Any, new: Any) -> bool:
    order = spec.lifecycle
    return old in order and new in order and order.index(new) > order.index(old)


def _regresses(spec: FieldSpec, old: Any, new: Any) -> bool:
    order = spec.lifecycle
    return old in order and new in order and order.index(new) < order.index(old)


def change_patch(committed: CommittedFact | None, obs: Observed) -> tuple[dict[str, Any], ...]:
    """The RFC 6902 operations that would make ``obs`` the committed value."""
    return _patch(committed, obs)


def _patch(committed: CommittedFact | None, obs: Observed) -> tuple[dict[str, Any], ...]:
    path = f"/{_escape(obs.entity_id)}/{_escape(obs.field)}"
    if obs.intent == "retract":
        return ({"op": "remove", "path": path},)
    op = "add" if committed is None else "replace"
    return ({"op": op, "path": path, "value": obs.candidate_value},)


def _escape(token: str) -> str:
    # RFC 6901: '~' and '/' must be escaped inside a JSON Pointer token.
    return token.replace("~", "~0").replace("/", "~1")
