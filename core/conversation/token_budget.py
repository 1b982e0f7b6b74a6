"""How many tokens the context block may take unless configured (CANON_CONTEXT_TOKENS).

Its own module so that ``core.settings`` and ``Audience`` can name the default without
importing the context renderer, which pulls in the engine and the extraction rules:
every command that reads settings would pay for compiling them.
"""

from __future__ import annotations

DEFAULT_TOKEN_BUDGET = 1200
