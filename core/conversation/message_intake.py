"""A chat message's observations: what every front end (the bot, the HTTP API) extracts.

The message time is read on the user's clock ("tonight" is their night): the committed
one, else the one of a home city or time zone the user said and is still to confirm,
family facts go to the household's entity, as ``message_payloads`` says, and the
people the household's state knows by name are recognised in lower case. Event
ids are keyed with the store's message key: the same message from the same sender
is a duplicate, and no one else can compute its ids from its ref.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.conversation.asked_trip import asked_under_way, plan_with_asked, with_plan_asked
from core.conversation.pronoun_subject import pronoun_subject, relations_of
from core.conversation.recalled_member import asked_when_recalled
from core.domain.household import NO_USERS, HouseholdUsers
from core.domain.review_items import ReviewItem
from core.domain.state import CommittedFact, Scalar
from core.domain.user_clock import on_users_clock
from core.domain.whose_word import users_own_word
from core.engine.arrived_here import STATUS, here_is_the_plan
from core.engine.back_at_school import back_at_school, statuses_held
from core.engine.bill_paid import BILL_CHOSEN, bill_said_paid
from core.engine.consistency import users_zone
from core.engine.due_before_trip import due_before_the_trip
from core.engine.engine import Engine
from core.engine.errand_done import STILL_PENDING, errand_said_done, pending_while_due
from core.engine.errand_goods import goods_to_send_back
from core.engine.errand_refunded import REFUND_CHOSEN, refund_closes_return
from core.engine.going_back_there import GOING_BACK_THERE, going_back_there
from core.engine.home_without_trip import home_words
from core.engine.household import UsersToName
from core.engine.leaving_for import ends_a_trip, home_before_leaving, not_away_before_leaving
from core.engine.leaving_on_the_day import DAY_OF_THE_TRIP, leaving_on_the_day
from core.engine.message_ids import message_key
from core.engine.our_trip import our_trip_asked
from core.engine.same_errand import named_as_held
from core.engine.staying_longer import STAYING_LONGER, staying_longer
from core.engine.under_way_words import (
    SET_OUT,
    another_trip_called_off,
    called_off_under_way,
    on_the_way_not_there,
    set_out_now,
)
from core.engine.way_home_words import on_the_way_home
from core.extraction.extraction_thread import Ticket, extraction_thread
from core.extraction.known_people import known_people
from core.extraction.offline_input import parsed_text
from core.extraction.reading_process import ReadInProcess, reading_process
from core.extraction.reported_users import Piece, pieces
from core.extraction.types import Extraction, Extractor, ReadRequest, SourceKind, Writer
from core.signals.intake import (
    message_payload,
    message_payloads,
    placed_users,
    reported_observations,
)
from core.store.protocol import Store

_CLOCK_FIELDS = frozenset({"profile.timezone", "profile.home_city"})


async def speakers_zone(
    store: Store,
    entity_id: str,
    facts: Sequence[CommittedFact],
    open_items: Sequence[ReviewItem] | None = None,
) -> str | None:
    """The zone of ``entity_id``'s clock (``users_zone``): of its committed facts, else of
    the time zone or home city the user said of themselves that still waits for a Yes.
    "i live in chicago", then "flying to austin tmrw" before the first question is
    answered: "tmrw" is Chicago's tomorrow, not UTC's. Only the user's own words count
    here; an agent's or a household member's proposal is no evidence of their clock.
    ``open_items``: the entity's open questions when already read (else read here)."""
    zone = users_zone({f.field: f.value for f in facts})
    if zone is not None:
        return zone
    said: dict[str, Scalar] = {}
    if open_items is None:
        open_items = await store.open_review_items([entity_id])
    for item in open_items:
        if item.field in _CLOCK_FIELDS and users_own_word(item.principal, entity_id):
            said[item.field] = item.candidate_value  # oldest first: the latest said wins
    return users_zone(said) if said else None


async def message_observations(
    engine: Engine,
    text: str,
    *,
    at: datetime,
    entity_id: str,
    message_ref: str,
    extractor: Extractor,
    family_entity: str | None = None,
    users: HouseholdUsers | UsersToName = NO_USERS,
    by_user: bool = True,
) -> list[dict[str, Any]]:
    """The StateObservation payloads in ``text``, said by ``entity_id`` at ``at``.

    ``users``: the users the speaker may name (the household's, or a token's own user):
    what the message says of one of them by name is read as that user's own state
    (``reported_observations``), not as news of a household member of that name (their
    names, when ``UsersToName``, taken from the speaker's facts read here).
    ``by_user``: the user ``entity_id`` wrote it (False: an assistant's token for them)."""
    said = Said(users, by_user)
    if not inspect.isfunction(extractor):  # the reading process, or a model's extractor
        return await _observations(
            engine, text, at, entity_id, message_ref, extractor, family_entity, said=said
        )
    # Read on the reading thread, which is told the message is on its way while the
    # store is read for it, so that it parses it with the others then waiting.
    with extraction_thread().on_its_way() as ticket:
        return await _observations(
            engine, text, at, entity_id, message_ref, extractor, family_entity, ticket, said
        )


@dataclass(frozen=True)
class Said:
    """Who may be named in a message, and whether its user wrote it themself."""

    users: HouseholdUsers | UsersToName = NO_USERS
    by_user: bool = True


async def _observations(
    engine: Engine,
    text: str,
    at: datetime,
    entity_id: str,
    message_ref: str,
    extractor: Extractor,
    family_entity: str | None,
    ticket: Ticket | None = None,
    said: Said = Said(),
) -> list[dict[str, Any]]:
    # The speaker's facts and open questions (its clock may wait for a Yes) in one read;
    # "emma is sick": the people the household's state knows are read in lower case too.
    # The speaker's own facts are the household's unless the household is another entity:
    # one store read per message, not two, in the common case.
    speaker, open_items = await engine.store.facts_and_open_items(entity_id)
    household = (
        speaker
        if family_entity is None or family_entity == entity_id
        else await engine.store.facts(family_entity)
    )
    users = said.users
    if isinstance(users, UsersToName):
        users = await users.named(engine.store, [entity_id], speaker)
    zone = await speakers_zone(engine.store, entity_id, speaker, open_items)
    local = on_users_clock(at, zone)
    people = known_people(f.field for f in household)
    # "she's poorly again": the member whose status was told last, committed or still
    # waiting for the speaker's Yes ("emma's got a temperature" an hour ago is asked).
    # "she's better now" after a question about the son: not him (``pronoun_agreeing``).
    subject = pronoun_subject(
        [(f.field, f.evidence_ts) for f in household]
        + [(i.field, i.created_at) for i in open_items if users_own_word(i.principal, entity_id)],
        text,
        relations_of((f.field, f.value) for f in household),
        at,
    )
    key = await message_key(engine.store)

    async def read(words: str, about: str, tick: Ticket | None) -> list[dict[str, Any]]:
        writer = _writer(said.by_user, about, entity_id)

        def run(extract: Extractor = extractor) -> list[dict[str, Any]]:
            return message_payloads(
                words,
                at=local,
                entity_id=about,
                message_ref=message_ref,
                extractor=extract,
                family_entity=family_entity,
                known_people=people,
                id_key=key,
                recent_subject=subject,
                writer=writer,
            )

        # Read off the event loop: the offline extractor in the reading process or on the
        # reading thread (each parses the messages that arrive together in one batch); a
        # model-backed one blocks on the network, in a thread of its own.
        if isinstance(extractor, ReadInProcess):
            request = ReadRequest(
                words, local, about, known_people=people, recent_subject=subject, writer=writer
            )
            return run(_already(await reading_process().read(request)))
        if inspect.isfunction(extractor):
            primes = parsed_text(words, "conversation_assertive", people)
            return await extraction_thread().run(run, primes, tick)
        return await asyncio.to_thread(run)

    parts = pieces(text, users.user_named) if users else [Piece(text)]
    own: list[str] = []
    found: list[dict[str, Any]] = []
    for part in parts:
        if part.user is None:
            own.append(part.text)
            continue
        if part.shared:  # "alice and I are in tahoe": the speaker's "I am in tahoe" too
            own.append(part.first_person)
            if part.user == entity_id:
                continue
        # The clause as its user would say it, read on that user's entity; a clause
        # that says nothing of their whereabouts stays the speaker's (a status of theirs).
        theirs = reported_observations(
            await read(part.first_person, part.user, ticket),
            part.user,
            entity_id,
            users,
            by_user=said.by_user,
        )
        ticket = None
        if not theirs:
            if not part.shared:
                own.append(part.text)
            continue
        held = speaker if part.user == entity_id else await engine.store.facts(part.user)
        found += await home_words(
            engine.store, theirs, part.user, {f.field: f.value for f in held}, (household, users)
        )
    mine = "".join(own)
    if mine.strip() or not found:
        own_state = {f.field: f.value for f in speaker}
        # "alice is at her mom's" read as the household's news is still where she is.
        read_mine = placed_users(
            await read(mine, entity_id, ticket), entity_id, users, by_user=said.by_user
        )
        # "trip's off, we're staying home" while Alice holds the trip: asked of her.
        read_mine, ours = await our_trip_asked(
            engine.store, read_mine, mine, entity_id, own_state, users, by_user=said.by_user
        )
        found += ours
        # "paid the pge bill" while the PG&E bill (pg_e_bill) is held: that bill.
        read_mine = named_as_held(read_mine, [*own_state, *(i.field for i in open_items)])
        # "finally here!!" on the day the user's Tahoe trip sets out, or a few days before
        # it on a plan told earlier (come early): here is Tahoe.
        planned_at = next((f.evidence_ts for f in speaker if f.field == STATUS), None)
        read_mine = here_is_the_plan(read_mine, entity_id, own_state, at, planned_at)
        # "im in portland, we leave for tahoe sunday": there now, not away on a trip.
        read_mine = not_away_before_leaving(read_mine, entity_id, own_state, at)
        # "trip's off" while it is under way: over early, asked; "just left for tahoe"
        # while held in Tahoe: not there yet, asked.
        # "the denver trip is off" while the trip held is Tahoe's: no trip Canon knows.
        read_mine = another_trip_called_off(read_mine, entity_id, own_state)
        read_mine = called_off_under_way(read_mine, entity_id, own_state)
        read_mine = on_the_way_not_there(read_mine, entity_id, own_state)
        # "we got back home last night" days before the planned trip leaves: home, and
        # the plan still a plan (unless she said it began, and that is asked still).
        if ends_a_trip(read_mine, entity_id) and not await asked_under_way(engine, entity_id):
            read_mine = home_before_leaving(read_mine, entity_id, own_state, at)

        def asked(field: str, value: Scalar, intent: str, words: str, why: str) -> dict[str, Any]:
            """What Canon, not the extractor, read in the message with the state: asked."""
            return message_payload(
                entity_id,
                field,
                value,
                at=local,
                message_ref=message_ref,
                evidence_text=words,
                needs_confirmation=why,
                intent=intent,
                id_key=key,
            )

        def asking(value: Scalar, why: str) -> Callable[[str, str], dict[str, Any]]:
            """``asked`` of a reading that names the field and the words: ``value``, for ``why``."""
            return lambda field, words: asked(field, value, "assertive", words, why)

        # "actually we're leaving saturday now": the planned trip's new day to leave (a
        # plan of her own still asked is her plan too).
        read_mine = leaving_on_the_day(
            read_mine,
            mine,
            entity_id,
            plan_with_asked(own_state, open_items, entity_id),
            local,
            lambda field, day, intent, words: asked(field, day, intent, words, DAY_OF_THE_TRIP),
        )
        # "staying 2 more days" while a trip is held: its day back later by those days;
        # asked of a trip planned, her say on her trip under way (``own_day_back``).
        under_way = own_state.get(STATUS) == "in_progress"
        read_mine = staying_longer(
            read_mine,
            mine,
            entity_id,
            own_state,
            local,
            lambda field, day, intent, words: asked(
                field,
                day,
                "assertive" if under_way else intent,
                words,
                "" if under_way else STAYING_LONGER,
            ),
        )
        # "trip's over, heading home" while the trip is under way: it ends today, and she
        # is on the road, not home; her say on her own trip, as "staying 2 more days" is.
        read_mine = on_the_way_home(
            read_mine,
            mine,
            entity_id,
            own_state,
            local,
            lambda field, day, words: asked(field, day, "assertive", words, ""),
        )
        # "driving up now" while a trip is planned: that trip setting out, asked.
        read_mine = set_out_now(
            read_mine,
            mine,
            entity_id,
            own_state,
            lambda field, value, words: asked(field, value, "assertive", words, SET_OUT),
        )
        # "back to tahoe friday!!" with the last trip over: a new trip there, not home.
        read_mine = going_back_there(
            read_mine,
            mine,
            entity_id,
            own_state,
            local,
            lambda field, value, words: asked(field, value, "planning", words, GOING_BACK_THERE),
        )
        # "she's poorly again": who "she" is Canon took from the chat's last news: asked.
        read_mine = asked_when_recalled(read_mine, subject, mine)
        # "my son is back at school": well again, asked, only while he is held sick.
        read_mine = back_at_school(read_mine, statuses_held(household, open_items))
        # "gotta return the amazon package before we go": due by the trip's day.
        # Said while that trip's plan waits for her Yes: by the day she is asked about.
        planned = await with_plan_asked(engine, entity_id, own_state, read_mine)
        read_mine = due_before_the_trip(read_mine, entity_id, planned, at)
        # "returned it": the one errand still to do, done (asked: Canon chose which), or
        # with several still to do, which of them (one question, a Yes to one).
        read_mine = errand_said_done(
            read_mine,
            mine,
            entity_id,
            own_state,
            lambda field, words, why: asked(field, "pending", "assertive", words, why),
            await goods_to_send_back(engine.store, entity_id, own_state),
        )
        # Readings of what is held, each asked with its value and reason: "the amazon
        # return is still pending" while it is still to send back (still due); "got my
        # refund from amazon" (the return is over); "paid it" while the electric bill is
        # the one bill due (that bill, paid).
        for reading, value, why in (
            (pending_while_due, "due", STILL_PENDING),
            (refund_closes_return, "refunded", REFUND_CHOSEN),
            (bill_said_paid, "paid", BILL_CHOSEN),
        ):
            read_mine = reading(read_mine, mine, entity_id, own_state, asking(value, why))
        found = (
            await home_words(engine.store, read_mine, entity_id, own_state, (household, users))
            + found
        )
    return found


def _writer(by_user: bool, about: str, speaker: str) -> Writer:
    """Who wrote words read for ``about``, as that user sees them: an assistant's token
    (``by_user`` False), the user themself, or another member speaking of them."""
    if not by_user:
        return "agent"
    return "user" if about == speaker else "member"


def _already(extraction: Extraction) -> Extractor:
    """An extractor whose answer is ``extraction`` (read in the reading process)."""

    def read(
        text: str,
        *,
        at: datetime,
        entity_id: str = "user:primary",
        source: SourceKind = "conversation_assertive",
        known_people: frozenset[str] = frozenset(),
        recent_subject: str | None = None,
    ) -> Extraction:
        return extraction

    return read
