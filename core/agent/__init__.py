"""The assistant's runtime state, pure: what the agent around Canon's beliefs keeps per session.

- ``session``: the conversation's typed state (LangGraph channels and their reducers) and
  the records it holds; ``session_json``: its JSON form, for checkpoints and debugging.
- ``agent_state``: what the agent understands, assumes and expects (the "Agent State Spec");
  ``delta``: the only way it changes, a schema-checked add / update / remove document.
- ``expectations``: the deterministic matcher that checks a tool result against what the
  agent expected, and the delta a contradiction produces.

Nothing here reads the clock or does I/O: every function that stamps a time is handed ``now``.
The layer sits above ``core.domain`` and below everything that will drive it (the bot's graph).
"""
