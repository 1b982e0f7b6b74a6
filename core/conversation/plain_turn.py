"""A plain turn run as plain async code, leaving the checkpoint LangGraph's loop would leave.

With 100 chats at once (issue 25's ``concurrent_chats`` bench), LangGraph's per-run
machinery (the Pregel loop's set-up, its tasks, channels and triggers, callbacks and
config merging) was about a third of the turn's CPU on the event loop, for a turn that
is a straight line: ``prepare`` answers it itself (the model or offline, claim-checked),
and the model's tool rounds go ``tools`` -> ``model`` until it answers in words. Such a
turn is run here, by the same node functions (``core.conversation.turn_nodes.TurnNodes``)
on the same state, with each channel's reducer applied as LangGraph applies it. A turn
that goes anywhere else (``compress``, a route such as a workflow, which may interrupt
or run a subgraph) runs in the graph, from the same checkpoint.

The checkpoint is LangGraph's own, read and saved through the same saver, one a run
(``durability="exit"``), as the graph would have made it: the same channel values, the
same versions (one step for the input, one for ``START``, one per node, the node's
trigger ``branch:to:<node>`` seen and consumed), the same ``versions_seen``, metadata
and parent. So ``AssistantGraph.session``, ``/debug``, compaction, the summariser's
``aupdate_state`` and the graph's next run read it as their own (``tests/conversation/
test_plain_turn.py`` holds the two side by side, turn by turn). A thread whose latest
checkpoint carries pending writes (a run that failed half-way) goes to the graph, which
knows what to do with them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from typing import Annotated, Any, cast, get_args, get_origin, get_type_hints

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver, Checkpoint, CheckpointMetadata
from langgraph.checkpoint.base.id import uuid6
from langgraph.errors import InvalidUpdateError
from langgraph.graph import END, START
from langgraph.pregel._checkpoint import LATEST_VERSION
from langgraph.runtime import Runtime
from langgraph.types import Command

from core.agent.session import CHANNELS as STATE_CHANNELS
from core.agent.session import SessionState
from core.conversation.turn_context import Turn
from core.conversation.turn_nodes import TurnNodes

# LATEST_VERSION is the checkpoint format the loop writes, not public API (nor are the
# ``branch:to:<node>`` triggers): test_plain_turn compares both runners' checkpoints, so a
# LangGraph that changes them fails there first.
INPUT = "__input__"
"""LangGraph's name for the run's input in ``versions_seen``."""
Reducer = Callable[[Any, Any], Any]


def _reducers() -> dict[str, tuple[Reducer, Callable[[], Any]]]:
    """Each aggregate channel's reducer and empty value, from ``SessionState`` as LangGraph
    reads it: ``Annotated[T, reducer]`` is an aggregate starting at ``T()``; any other
    channel holds the last value written (two writes in one step are refused)."""
    out: dict[str, tuple[Reducer, Callable[[], Any]]] = {}
    for name, hint in get_type_hints(SessionState, include_extras=True).items():
        if get_origin(hint) is Annotated:
            typ, reducer = get_args(hint)[:2]
            out[name] = (reducer, get_origin(typ) or typ)
    return out


REDUCERS = _reducers()
CHANNELS = frozenset(STATE_CHANNELS)


def _trigger(node: str) -> str:
    return f"branch:to:{node}"


class _Run:
    """One run's channels and their versions, step by step as LangGraph's loop keeps them."""

    def __init__(self, saver: BaseCheckpointSaver[Any], saved: Checkpoint | None) -> None:
        self.saver = saver
        self.values: dict[str, Any] = dict(saved["channel_values"]) if saved else {}
        self.versions: dict[str, Any] = dict(saved["channel_versions"]) if saved else {}
        self.stored = dict(self.versions)
        """The versions the saver holds: a new checkpoint stores the channels that moved."""
        self.seen: dict[str, dict[str, Any]] = (
            {node: dict(seen) for node, seen in saved["versions_seen"].items()} if saved else {}
        )
        self.seen.setdefault(INPUT, {})
        self.updated: set[str] = set()

    def state(self) -> SessionState:
        """The state a node reads: every channel written, and the aggregates' empty values."""
        state = {name: empty() for name, (_, empty) in REDUCERS.items()}
        state.update((k, v) for k, v in self.values.items() if not k.startswith("branch:to:"))
        return cast("SessionState", state)

    def _next(self) -> Any:
        latest = max(self.versions.values()) if self.versions else None
        return self.saver.get_next_version(latest, None)

    def step(self, node: str, writes: Iterable[tuple[str, Any]], goto: str) -> None:
        """One step: ``node`` ran (triggered by its ``branch:to`` channel), wrote ``writes``
        and sends the turn to ``goto``."""
        trigger = START if node == START else _trigger(node)
        self.seen.setdefault(node, {})[trigger] = self.versions[trigger]
        version = self._next()
        self.versions[trigger] = version  # consumed
        self.values.pop(trigger, None)
        grouped: dict[str, list[Any]] = {}
        for key, value in writes:
            grouped.setdefault(key, []).append(value)
        for key, values in grouped.items():
            reducer = REDUCERS.get(key)
            if reducer is None:
                if len(values) != 1:
                    raise InvalidUpdateError(f"{key}: one value a step, got {len(values)}")
                self.values[key] = values[0]
            else:
                combine, empty = reducer
                current = self.values.get(key, empty())
                for value in values:
                    current = combine(current, value)
                self.values[key] = current
            self.versions[key] = version
        self.updated = set(grouped)
        if goto != END:
            self.values[_trigger(goto)] = None
            self.versions[_trigger(goto)] = version
            self.updated.add(_trigger(goto))

    def start(self) -> None:
        """The input step (the run's input is ``{}``: no channel of the state) and START's."""
        self.versions[START] = self._next()
        self.step(START, (), "prepare")

    def checkpoint(self, step: int) -> tuple[Checkpoint, dict[str, Any]]:
        """The checkpoint of the run's last step, and the versions the saver must store."""
        values = {
            k: v
            for k, v in self.values.items()
            if k in self.versions and not k.startswith("branch:to:")
        }
        checkpoint = Checkpoint(
            v=LATEST_VERSION,
            id=str(uuid6(clock_seq=step)),
            ts=datetime.now(UTC).isoformat(),
            channel_values=values,
            channel_versions=dict(self.versions),
            versions_seen=self.seen,
            updated_channels=sorted(self.updated),
        )
        moved = {k: v for k, v in self.versions.items() if self.stored.get(k) != v}
        return checkpoint, moved


def _writes(made: Any) -> list[tuple[str, Any]]:
    update = made.update if isinstance(made, Command) else made
    if update is None:
        return []
    if isinstance(update, Mapping):
        return list(update.items())
    return list(cast("Iterable[tuple[str, Any]]", update))


def _goto(made: Any) -> str:
    """Where a node sends the turn: the model node always names the next node (``tools``
    or END), ``prepare`` names it or a route's."""
    goto = made.goto if isinstance(made, Command) else None
    return goto if isinstance(goto, str) else ""


async def run_plain_turn(
    nodes: TurnNodes, saver: BaseCheckpointSaver[Any], thread: str, turn: Turn
) -> SessionState | None:
    """The turn run without LangGraph's loop, its checkpoint saved; None (nothing run,
    nothing saved) when the turn is not a plain one: the graph runs it then."""
    config: RunnableConfig = {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
    saved = await saver.aget_tuple(config)
    if saved is not None and (
        saved.pending_writes or not CHANNELS.issuperset(saved.checkpoint["channel_values"])
    ):
        return None  # a run that stopped half-way, a node still due: the graph's to go on
    run = _Run(saver, saved.checkpoint if saved is not None else None)
    step = int(saved.metadata["step"]) if saved is not None else -2  # the input is step -1
    runtime = Runtime(context=turn)
    made = await nodes.prepare(run.state(), runtime)
    goto = _goto(made)
    if goto not in ("tools", END):
        return None  # compression or a route: the graph's (prepare wrote nothing yet)
    run.start()
    run.step("prepare", _writes(made), goto)
    step += 3  # the input, START, prepare
    while goto != END:
        node, step = goto, step + 1
        if node == "tools" and nodes.tools is not None:
            made, goto = await nodes.tools(run.state(), runtime), "model"
        elif node == "model" and nodes.model is not None:
            made = await nodes.model(run.state(), runtime)
            goto = _goto(made)
        else:
            raise ValueError(f"a plain turn has no node {node!r}")
        run.step(node, _writes(made), goto)
    checkpoint, moved = run.checkpoint(step)
    metadata = cast("CheckpointMetadata", {"source": "loop", "step": step, "parents": {}})
    await saver.aput(saved.config if saved is not None else config, checkpoint, metadata, moved)
    return run.state()
