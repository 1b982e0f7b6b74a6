"""The conversation service: one chat with Canon, whatever carries it.

``chat.CanonChat`` turns incoming messages and taps into engine calls and
replies through a ``Messenger``; Telegram (``bot/``), an HTTP API or an agent
runtime each provide one. ``texts`` holds what Canon says, ``commands`` what
/state, /pending, /why and /history answer, ``context`` the block injected before
every reply, ``turn_graph`` the assistant's reply (a LangGraph turn, checkpointed per
thread); ``testing.RecordingMessenger`` is an in-process ``Messenger`` for tests.
"""
