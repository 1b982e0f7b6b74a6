"""Storage behind a small Protocol.

Every backend is its own module (``core.store.sqlite``, ``core.store.postgres``
and the in-memory reference ``core.store.memory``) and passes the same contract
tests (tests/store/contract.py, tests/store/companion_contract.py);
``core.store.factory.open_store(url)`` picks one. The rules they share are
``core.store.rules``; the protocols are ``core.store.protocol`` (the ``Store``) and
``core.store.companion_protocols`` (its companions); copying a
store between backends is ``core.store.portable``. Nothing outside a backend
module writes SQL.
"""

from __future__ import annotations

from core.domain.alerts import Alert
from core.domain.dead_letters import DeadLetter
from core.domain.event_log import AuditLine, EventRecord, HistoryEntry, LogWindow
from core.domain.review_items import NewReviewItem, ReviewItem
from core.domain.write_batch import Accepted, CommitPlan, WriteBatch
from core.store.protocol import Store

__all__ = [
    "Accepted",
    "Alert",
    "AuditLine",
    "CommitPlan",
    "DeadLetter",
    "EventRecord",
    "HistoryEntry",
    "LogWindow",
    "NewReviewItem",
    "ReviewItem",
    "Store",
    "WriteBatch",
]
