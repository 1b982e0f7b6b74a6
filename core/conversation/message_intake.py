"""A chat message's observations: what every front end (the bot, the HTTP API) extracts.

The message time is read on the user's committed clock ("tonight" is their night),
family facts go to the household's entity, as ``message_payloads`` says, and the
people the household's state knows by name are recognised in lower case. Event
ids are keyed with the store's message key: the same message from the same sender
is a duplicate, and no one else can compute its ids from its ref.
"""

from __future__ import annotations

import asyncio
import inspect
from datetime import datetime
from typing import Any

from core.domain.principals import Principal
from core.domain.user_clock import on_users_clock
from core.engine.consistency import users_zone
from core.engine.engine import Engine, Outcome
from core.engine.message_ids import message_key
from core.engine.trip_state import at_home
from core.extraction.extraction_thread import extraction_thread
from core.extraction.known_people import known_people
from core.extraction.offline_input import parsed_text
from core.extraction.types import Extractor
from core.signals.intake import message_payloads


async def message_observations(
    engine: Engine,
    text: str,
    *,
    at: datetime,
    entity_id: str,
    message_ref: str,
    extractor: Extractor,
    family_entity: str | None = None,
) -> list[dict[str, Any]]:
    """The StateObservation payloads in ``text``, said by ``entity_id`` at ``at``."""
    # "emma is sick": the people the household's state knows are read in lower case too.
    household = await engine.store.facts(family_entity or entity_id)
    # The speaker's own facts are the household's unless the household is another entity:
    # one store read per message, not two, in the common case.
    speaker = (
        household
        if family_entity is None or family_entity == entity_id
        else await engine.store.facts(entity_id)
    )
    local = on_users_clock(at, users_zone({f.field: f.value for f in speaker}))
    people = known_people(f.field for f in household)
    key = await message_key(engine.store)

    def run() -> list[dict[str, Any]]:
        return message_payloads(
            text,
            at=local,
            entity_id=entity_id,
            message_ref=message_ref,
            extractor=extractor,
            family_entity=family_entity,
            known_people=people,
            id_key=key,
        )

    # Read off the event loop: a plain (offline) extractor on the reading thread, which
    # parses the messages that arrive together in one batch; a model-backed one blocks
    # on the network, in a thread of its own.
    if inspect.isfunction(extractor):
        primes = parsed_text(text, "conversation_assertive", people)
        found = await extraction_thread().run(run, primes)
    else:
        found = await asyncio.to_thread(run)
    return at_home(found, entity_id, {f.field: f.value for f in speaker})


async def dead_letter_message(
    engine: Engine,
    text: str,
    *,
    at: str,
    entity_id: str,
    message_ref: str,
    errors: list[str],
    now: datetime,
    principal: Principal,
) -> Outcome:
    """A message Canon will not read, because of ``errors`` (its time is impossible: see
    ``core.domain.evidence_time.message_time_errors``), kept in the dead-letter queue."""
    payload = {"entity_id": entity_id, "message_ref": message_ref, "at": at, "text": text}
    return await engine.ingest_invalid("message", payload, errors, now=now, principal=principal)
