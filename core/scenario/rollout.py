"""Scenario steps that move the rollout, and the rollout after every step.

Three step kinds drive a domain through its stages the way the owner and the
user do: ``"promote": DOMAIN`` (``canon rollout promote``: refused, with the
failing gates, unless every gate passes at the step's time), ``"wrong": FIELD``
(``/wrong``: a P0 when Canon committed the value alone, then a question for the
right value, which an ``answer`` step settles) and ``"rollout_check": true``
(the rollback rules the bot applies periodically). After every step the replay
records each domain's stage, thresholds in force, calibration left,
confirmations still required and the learning switch, so a scenario can state
what the rollout must be at any point.
"""

from __future__ import annotations

from typing import Any, Final

from core.domain.fields import DOMAINS, domain_of
from core.engine.engine import Engine
from core.engine.incidents import propose_wrong
from core.engine.rollback import check_rollout
from core.engine.rollout_gates import promote
from core.errors import ScenarioError

ROLLOUT_STEP_KINDS: Final = ("promote", "wrong", "rollout_check")


def check_rollout_step(i: int, kind: str, body: Any) -> None:
    """A clear ScenarioError for a malformed rollout step."""
    if kind == "promote" and body not in DOMAINS:
        raise ScenarioError(f"step {i}: 'promote' names a domain ({', '.join(DOMAINS)})")
    if kind == "wrong" and not (
        isinstance(body, str) and "." in body and domain_of(body) in DOMAINS
    ):
        raise ScenarioError(f"step {i}: 'wrong' names a field, like travel.location")
    if kind == "rollout_check" and body is not True:
        raise ScenarioError(f"step {i}: 'rollout_check' is true")


async def run_rollout_step(
    engine: Engine, kind: str, body: Any, entity: str, step_at: Any
) -> dict[str, Any]:
    """Apply one rollout step at ``step_at``; what it did, for the replay's record."""
    if kind == "promote":
        p, moved = await promote(engine, body, step_at)
        return {
            "promotion": {
                "domain": body,
                "from": p.stage,
                "to": p.to if moved else p.stage,
                "passed": moved,
                "failing": [g.name for g in p.failing()],
            }
        }
    if kind == "wrong":
        _item, p0 = await propose_wrong(engine, [entity], [(entity, body)], step_at)
        return {"wrong": {"field": body, "p0": p0}}
    fired = await check_rollout(engine, step_at)
    return {"fired": [f.rule for f in fired]}


async def rollout_now(engine: Engine, entity: str) -> dict[str, dict[str, Any]]:
    """Each domain's rollout as the engine will apply it to ``entity``'s next input."""
    return {
        s.domain: {
            "stage": s.stage,
            "ask_threshold": s.ask_threshold,
            "auto_threshold": s.auto_threshold,
            "calibration_remaining": s.calibration_remaining,
            "confirmations_remaining": s.confirmations_remaining,
            "learning": s.learning,
        }
        for s in await engine.rollout.statuses(entity)
    }
