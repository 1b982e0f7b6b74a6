"""The agent state as text: a few lines for the model's prompt, the whole of it for ``/debug``.

Neither is shown to the user by default (design decision: agent state is not user-visible);
the prompt notes let the model plan with what it learnt in this session, the debug text
lets the owner see what the agent assumes and expects.
"""

from __future__ import annotations

from typing import Final

from core.agent.agent_state import AgentState
from core.domain.quoting import quote, text_slot

PROMPT_ASSUMPTIONS: Final = 5
PROMPT_FAILED: Final = 3


def prompt_notes(state: AgentState) -> str | None:
    """What the model should keep in mind from this session; None when there is nothing."""
    lines: list[str] = []
    assumptions = sorted(state["assumptions"], key=lambda a: -a["confidence"])
    # The notes are the model's own words, but made from what tools showed: one line each.
    for a in assumptions[:PROMPT_ASSUMPTIONS]:
        lines.append(f"- assumption ({a['confidence']:.0%} sure): {text_slot(a['hypothesis'])}")
    failed = [e for e in state["expectations"] if e["status"] == "failed"]
    for e in failed[-PROMPT_FAILED:]:
        lines.append(f"- {text_slot(e['action'])} did not give {quote(e['expected_outcome'])}")
    open_items = [i for i in state["items"] if i["status"] == "active"]
    for i in open_items[:PROMPT_ASSUMPTIONS]:
        lines.append(f"- open {i['kind']}: {text_slot(i['title'])}")
    if not lines:
        return None
    return "Your working notes from this conversation (not the user's beliefs):\n" + "\n".join(
        lines
    )


def debug_text(state: AgentState) -> str:
    """Every collection of the agent state, one line per element."""
    understanding = state["current_understanding"]
    sections: list[tuple[str, list[str]]] = [
        ("Entities", [f"{e['id']} ({e['kind']})" for e in understanding["entities"]]),
        (
            "Dependencies",
            [
                f"{d['from']} → {d['to']}" + (f" ({d['rel']})" if "rel" in d else "")
                for d in understanding["dependencies"]
            ],
        ),
        (
            "Assumptions",
            [f"{a['confidence']:.2f} {a['hypothesis']}" for a in state["assumptions"]],
        ),
        (
            "Expectations",
            [
                f"[{e['status']}] {e['action']} → {e['expected_outcome']}"
                for e in state["expectations"]
            ],
        ),
        ("Hypotheses", [h["hypothesis"] for h in state["tentative_hypotheses"]]),
        ("Items", [f"[{i['status']}] {i['kind']}: {i['title']}" for i in state["items"]]),
    ]
    out = []
    for title, lines in sections:
        out.append(f"{title}: none" if not lines else f"{title}:")
        out.extend(f"  {line}" for line in lines)
    summarised = state.get("last_summarized_at")
    out.append(f"Last summarised: {summarised or 'never'}")
    return "\n".join(out)
