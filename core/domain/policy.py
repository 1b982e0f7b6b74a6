"""The resolution policy: thresholds, reliabilities and authority, read once.

Defaults live in ``core/defaults/policy.toml``; a TOML file or a mapping of
overrides (a scenario's ``config``) is merged over them and the result frozen.
Unknown keys are rejected rather than ignored, so a typo cannot silently leave
a threshold at its default.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import timedelta
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from core.domain.fields import DOMAINS
from core.domain.source_types import canonical_source_type
from core.errors import ConfigError

MAX_CLOCK_SKEW: Final = 86_400.0
"""The largest clock allowance a policy may set: a day."""
DEFAULTS_PATH: Final = Path(__file__).resolve().parent.parent / "defaults" / "policy.toml"


@dataclass(frozen=True)
class Autonomy:
    """What the rollout allows the resolver to do alone in one domain right now.

    Built from the policy-change log by ``core.domain.rollout.effective_policy``;
    the default (no limits) is what a policy read from TOML carries, so the
    resolver on its own behaves as the thresholds say.

    - ``shadow`` (Stage 0): nothing auto-commits; every decision on a new value,
      including a low-confidence rejection, is put to the user, who thereby
      grades what the resolver would have done.
    - ``always_ask``: nothing auto-commits (after a correction spike: the next N
      changes need the user's confirmation).
    - ``confirm_below``: auto-commit only at or above this confidence
      (calibration and Stage 1: 0.98).
    - ``notes``: why, in words the user is shown when a limit turns an
      auto-commit into a question.
    """

    shadow: bool = False
    always_ask: bool = False
    confirm_below: float | None = None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class DomainPolicy:
    """Thresholds and authority for one domain."""

    ask_threshold: float
    auto_threshold: float
    margin_threshold: float
    half_life_hours: float
    authority_window_hours: float
    authority: tuple[str, ...]
    confirm_always: bool = False
    autonomy: Autonomy = field(default_factory=Autonomy)

    def rank(self, source_type: str) -> int:
        """Position in the authority order; lower is stronger, unknown sources last."""
        try:
            return self.authority.index(canonical_source_type(source_type))
        except ValueError:
            return len(self.authority)


@dataclass(frozen=True)
class RolloutConfig:
    """How autonomy is earned (design "Rollout Gates", seed section 5)."""

    initial_stage: str = "M"
    calibration_mutations: int = 30
    """The first N state changes per domain ask unless confidence >= calibration_confidence."""
    calibration_confidence: float = 0.98
    assisted_confidence: float = 0.98
    """Stage 1 auto-commits only at or above this."""


@dataclass(frozen=True)
class LearningConfig:
    """Adaptive threshold learning (``adaptive_learning`` in TOML); off by default."""

    enabled: bool = False
    ask_bounds: tuple[float, float] = (0.55, 0.80)
    auto_bounds: tuple[float, float] = (0.80, 0.99)
    reliability_bounds: tuple[float, float] = (0.30, 0.99)
    ema_alpha: float = 0.3
    """Weight of a day's target in the exponential moving average."""


@dataclass(frozen=True)
class Policy:
    """Everything the resolver needs besides its inputs; immutable."""

    domains: Mapping[str, DomainPolicy]
    source_reliability: Mapping[str, float]
    intent_factor: Mapping[str, float]
    max_pending: int = 5
    max_agent_questions: int = 10
    """Open questions one agent principal (or one household member, about another user:
    ``core.domain.whose_word.capped``) may have raised about one entity: a proposal that
    would raise one more is refused (``TooManyQuestions``), so nobody floods another's
    review queue; the user answering (or the evidence settling) makes room."""
    recency_grace_hours: float = 1.0
    corroboration_bonus: float = 0.08
    corroboration_cap: float = 1.24
    corroboration_window_hours: float = 168.0
    certain_extraction: float = 0.9
    clock_skew_seconds: float = 300.0
    """How far past now an evidence timestamp may be (another clock running fast);
    anything later is dead-lettered, never resolved (see ``core.domain.evidence_time``)."""
    rollout: RolloutConfig = field(default_factory=RolloutConfig)
    learning: LearningConfig = field(default_factory=LearningConfig)
    origin: tuple[str, ...] = field(default=("defaults",), compare=False)

    def domain(self, name: str) -> DomainPolicy:
        try:
            return self.domains[name]
        except KeyError as e:
            raise ConfigError(f"no policy for domain {name!r}") from e

    @property
    def clock_skew(self) -> timedelta:
        return timedelta(seconds=self.clock_skew_seconds)

    def reliability(self, source_type: str) -> float:
        return self.source_reliability.get(canonical_source_type(source_type), 0.5)


_TOP_SCALARS: Final = {
    "max_pending": int,
    "max_agent_questions": int,
    "recency_grace_hours": float,
    "corroboration_bonus": float,
    "corroboration_cap": float,
    "corroboration_window_hours": float,
    "certain_extraction": float,
    "clock_skew_seconds": float,
}
_TABLES: Final = {
    "rollout": {
        "initial_stage",
        "calibration_mutations",
        "calibration_confidence",
        "assisted_confidence",
    },
    "adaptive_learning": {
        "enabled",
        "ask_bounds",
        "auto_bounds",
        "reliability_bounds",
        "ema_alpha",
    },
}
STAGES: Final = ("M", "0", "1", "2", "3")
_DOMAIN_KEYS: Final = {
    "ask_threshold",
    "auto_threshold",
    "margin_threshold",
    "half_life_hours",
    "authority_window_hours",
    "authority",
    "confirm_always",
}


def default_policy() -> Policy:
    """The embedded defaults."""
    return _build(_read_toml(DEFAULTS_PATH), origin=("defaults",))


def load_policy(path: Path | None = None, overrides: Mapping[str, Any] | None = None) -> Policy:
    """Defaults, then the TOML file at ``path``, then ``overrides``; validated and frozen."""
    raw = _read_toml(DEFAULTS_PATH)
    origin = ["defaults"]
    if path is not None:
        raw = _merge(raw, _read_toml(path), str(path))
        origin.append(str(path))
    if overrides:
        raw = _merge(raw, dict(overrides), "overrides")
        origin.append("overrides")
    return _build(raw, origin=tuple(origin))


def with_overrides(policy: Policy, overrides: Mapping[str, Any]) -> Policy:
    """A copy of the defaults-based ``policy`` with scenario-style overrides applied."""
    if not overrides:
        return policy
    rebuilt = load_policy(overrides=overrides)
    return replace(rebuilt, origin=(*policy.origin, "overrides"))


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except OSError as e:
        raise ConfigError(f"cannot read policy file {path}: {e.strerror or e}") from e
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"policy file {path} is not valid TOML: {e}") from e


def _merge(base: dict[str, Any], extra: Mapping[str, Any], where: str) -> dict[str, Any]:
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in base.items()}
    for key, value in extra.items():
        if key == "domains":
            if not isinstance(value, Mapping):
                raise ConfigError(f"{where}: 'domains' must be a table")
            domains = {k: dict(v) for k, v in out["domains"].items()}
            for name, settings in value.items():
                if name not in DOMAINS:
                    raise ConfigError(
                        f"{where}: unknown domain {name!r} (known: {', '.join(DOMAINS)})"
                    )
                if not isinstance(settings, Mapping):
                    raise ConfigError(f"{where}: domains.{name} must be a table")
                unknown = set(settings) - _DOMAIN_KEYS
                if unknown:
                    raise ConfigError(
                        f"{where}: unknown key(s) in domains.{name}: {sorted(unknown)}"
                    )
                domains[name].update(settings)
            out["domains"] = domains
        elif key in ("source_reliability", "intent_factor"):
            if not isinstance(value, Mapping):
                raise ConfigError(f"{where}: {key!r} must be a table")
            table = dict(out[key])
            for name, number in value.items():
                name = canonical_source_type(name)
                if name not in table:
                    raise ConfigError(f"{where}: unknown {key} entry {name!r}")
                table[name] = number
            out[key] = table
        elif key in _TABLES:
            if not isinstance(value, Mapping):
                raise ConfigError(f"{where}: {key!r} must be a table")
            unknown = set(value) - _TABLES[key]
            if unknown:
                raise ConfigError(f"{where}: unknown key(s) in {key}: {sorted(unknown)}")
            out[key] = {**out.get(key, {}), **value}
        elif key in _TOP_SCALARS:
            out[key] = value
        else:
            raise ConfigError(f"{where}: unknown policy key {key!r}")
    return out


def _unit(value: Any, what: str, upper: float = 1.0) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(f"{what} must be a number, got {value!r}")
    if not 0.0 <= float(value) <= upper:
        raise ConfigError(f"{what} must be between 0 and {upper}, got {value!r}")
    return float(value)


def _positive(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise ConfigError(f"{what} must be a positive number, got {value!r}")
    return float(value)


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(f"{what} must be a whole number >= 1, got {value!r}")
    return value


def _build(raw: Mapping[str, Any], origin: tuple[str, ...]) -> Policy:
    domains: dict[str, DomainPolicy] = {}
    for name in DOMAINS:
        d = raw["domains"][name]
        authority = d.get("authority", [])
        if not isinstance(authority, list) or not all(isinstance(s, str) for s in authority):
            raise ConfigError(f"domains.{name}.authority must be a list of source types")
        dp = DomainPolicy(
            ask_threshold=_unit(d["ask_threshold"], f"domains.{name}.ask_threshold"),
            auto_threshold=_unit(d["auto_threshold"], f"domains.{name}.auto_threshold"),
            margin_threshold=_unit(d["margin_threshold"], f"domains.{name}.margin_threshold"),
            half_life_hours=_positive(d["half_life_hours"], f"domains.{name}.half_life_hours"),
            authority_window_hours=_positive(
                d["authority_window_hours"], f"domains.{name}.authority_window_hours"
            ),
            authority=tuple(canonical_source_type(s) for s in authority),
            confirm_always=bool(d.get("confirm_always", False)),
        )
        if dp.ask_threshold > dp.auto_threshold:
            raise ConfigError(f"domains.{name}: ask_threshold is above auto_threshold")
        domains[name] = dp
    reliability = {
        k: _unit(v, f"source_reliability.{k}") for k, v in raw["source_reliability"].items()
    }
    intents = {k: _unit(v, f"intent_factor.{k}") for k, v in raw["intent_factor"].items()}
    max_pending = _count(raw["max_pending"], "max_pending")
    max_agent_questions = _count(raw["max_agent_questions"], "max_agent_questions")
    return Policy(
        domains=MappingProxyType(domains),
        source_reliability=MappingProxyType(reliability),
        intent_factor=MappingProxyType(intents),
        max_pending=max_pending,
        max_agent_questions=max_agent_questions,
        recency_grace_hours=_unit(raw["recency_grace_hours"], "recency_grace_hours", 1e6),
        corroboration_bonus=_unit(raw["corroboration_bonus"], "corroboration_bonus"),
        corroboration_cap=_unit(raw["corroboration_cap"], "corroboration_cap", 2.0),
        corroboration_window_hours=_positive(
            raw["corroboration_window_hours"], "corroboration_window_hours"
        ),
        certain_extraction=_unit(raw["certain_extraction"], "certain_extraction"),
        clock_skew_seconds=_unit(raw["clock_skew_seconds"], "clock_skew_seconds", MAX_CLOCK_SKEW),
        rollout=_rollout(raw.get("rollout", {})),
        learning=_learning(raw.get("adaptive_learning", {})),
        origin=origin,
    )


def _rollout(raw: Mapping[str, Any]) -> RolloutConfig:
    d = RolloutConfig()
    stage = str(raw.get("initial_stage", d.initial_stage))
    if stage not in STAGES:
        raise ConfigError(
            f"rollout.initial_stage must be one of {', '.join(STAGES)}, got {stage!r}"
        )
    n = raw.get("calibration_mutations", d.calibration_mutations)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ConfigError(f"rollout.calibration_mutations must be a whole number >= 0, got {n!r}")
    return RolloutConfig(
        initial_stage=stage,
        calibration_mutations=n,
        calibration_confidence=_unit(
            raw.get("calibration_confidence", d.calibration_confidence),
            "rollout.calibration_confidence",
        ),
        assisted_confidence=_unit(
            raw.get("assisted_confidence", d.assisted_confidence), "rollout.assisted_confidence"
        ),
    )


def _bounds(value: Any, what: str) -> tuple[float, float]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ConfigError(f"{what} must be [low, high], got {value!r}")
    low, high = _unit(value[0], f"{what}[0]"), _unit(value[1], f"{what}[1]")
    if low > high:
        raise ConfigError(f"{what}: low {low} is above high {high}")
    return (low, high)


def _learning(raw: Mapping[str, Any]) -> LearningConfig:
    d = LearningConfig()
    enabled = raw.get("enabled", d.enabled)
    if not isinstance(enabled, bool):
        raise ConfigError(f"adaptive_learning.enabled must be true or false, got {enabled!r}")
    alpha = _unit(raw.get("ema_alpha", d.ema_alpha), "adaptive_learning.ema_alpha")
    if alpha == 0.0:
        raise ConfigError("adaptive_learning.ema_alpha must be above 0")
    return LearningConfig(
        enabled=enabled,
        ask_bounds=_bounds(raw.get("ask_bounds", d.ask_bounds), "adaptive_learning.ask_bounds"),
        auto_bounds=_bounds(raw.get("auto_bounds", d.auto_bounds), "adaptive_learning.auto_bounds"),
        reliability_bounds=_bounds(
            raw.get("reliability_bounds", d.reliability_bounds),
            "adaptive_learning.reliability_bounds",
        ),
        ema_alpha=alpha,
    )
