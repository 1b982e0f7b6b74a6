"""The assistant's turn, as a LangGraph graph over the session state, checkpointed per thread.

    START -> prepare -> [compress] -> model <-> tools      (model: claims checked) -> END
                                   \\-> offline                (claims checked)     -> END
                                   \\-> a route -> claim_check                      -> END

- ``prepare``: the last 20 messages of the append-only conversation log, oldest first,
  minus those already summarised, become the ``messages`` channel; the prompt's size is
  measured into ``token_count``.
- ``compress`` (only past 70% of the model's window): older messages are summarised into
  ``history_summary`` (by the model; offline, or when the model fails, extractively) and
  dropped from the prompt. The log keeps them.
- ``model``: two system messages (who is speaking and the rules; Canon's context block
  and the summary), then the messages. Greetings and questions about the assistant are
  sent without tools; state questions must call one first.
- ``tools``: the state tools, on the speaker's entities and the shared ones only.
- ``offline``: the offline answer from state, in the same graph, when there is no model.
- ``claim_check``: an action claimed in the reply that nothing in the turn did is cut,
  and the user is told plainly what did not happen (``core.conversation.claims``). The
  model and offline nodes apply it to their own answer (``claims_update``) and end the
  turn: the same final state one LangGraph step sooner. A plain turn is one step:
  ``prepare`` runs the model (or offline) node itself when that is where the turn goes
  (each step costs LangGraph its task set-up, callbacks and bookkeeping). Errors the
  check records still name ``claim_check``, and the summariser writes as that node.

More routes (a workflow's subgraph) plug in with ``TurnRoute``: after ``prepare`` a turn
goes to the first route whose ``when(state)`` holds, else to the model (or offline); a
route's node ends in ``claim_check`` like the model does. ``prepare`` puts the chat's
active workflow (``ReplyRequest.workflow``) in the ``workflow`` channel, which the model's
workflow route (``core.conversation.workflow_turn``) reads.

Who runs it: the nodes are ``turn_nodes`` (``core.conversation.turn_nodes``; the claim
check they share is ``core.conversation.turn_claim_check``); the graph is ``graph_of``
them. A plain turn (``prepare`` answers it, and the model's tool rounds) is run by the
same nodes without LangGraph's loop (``core.conversation.plain_turn``: the loop's per-run set-up and
bookkeeping were a third of a turn's CPU with 100 chats at once), leaving the checkpoint
this graph would leave; a turn that compresses or takes a route runs in the compiled
graph. The prompt's text is ``core.conversation.turn_prompt``.

Thread ids are ``{mode}-{entity}-{chat}``; the caller's runtime context (``Turn``) carries
what is not state: the request, the tools, the turn's id. Nothing in it is checkpointed.
Both are in ``core.conversation.turn_context``, with ``TurnRoute``.
"""

from __future__ import annotations

from collections.abc import Sequence

from langgraph.graph import END, START, StateGraph

from core.agent.session import SessionState
from core.conversation.chat_model import ChatModel
from core.conversation.turn_context import Turn, TurnRoute
from core.conversation.turn_nodes import TurnNodes, turn_nodes


def build_turn_graph(
    model: ChatModel | None, routes: Sequence[TurnRoute] = ()
) -> StateGraph[SessionState, Turn, SessionState, SessionState]:
    """The turn graph, not compiled: compile it with a checkpointer."""
    return graph_of(turn_nodes(model, routes), routes)


def graph_of(
    nodes: TurnNodes, routes: Sequence[TurnRoute] = ()
) -> StateGraph[SessionState, Turn, SessionState, SessionState]:
    """The turn graph of ``nodes``, not compiled."""
    answer = nodes.answer
    graph: StateGraph[SessionState, Turn, SessionState, SessionState] = StateGraph(
        SessionState, context_schema=Turn
    )
    targets = [answer, *(r.name for r in routes)]
    answers = ("tools", END) if nodes.model is not None else (END,)
    graph.add_node("prepare", nodes.prepare, destinations=("compress", *targets, *answers))
    graph.add_node("compress", nodes.compress)
    graph.add_node("claim_check", nodes.claim_check)
    if nodes.model is not None and nodes.tools is not None:
        graph.add_node("model", nodes.model, destinations=("tools", END))
        graph.add_node("tools", nodes.tools)
        graph.add_edge("tools", "model")
    elif nodes.offline is not None:
        graph.add_node("offline", nodes.offline, destinations=(END,))
    for route in routes:
        graph.add_node(route.name, route.node)
        graph.add_edge(route.name, "claim_check")
    graph.add_edge(START, "prepare")
    graph.add_conditional_edges("compress", nodes.after_compress, targets)
    graph.add_edge("claim_check", END)
    return graph
