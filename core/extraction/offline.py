"""The offline extractor: rules only, no network, no model, no clock.

``extract_offline`` implements the ``Extractor`` protocol. It cuts a message
into clauses, decides each clause's intent, runs the field rules on it and
applies the clause's intent to what they found. A clause that does not state
reality (condition, wish, hedge, question) can only yield ``hypothetical``
observations, whatever its rules would say about a factual sentence.

What of the input is read is ``offline_input``; how a clause's candidates become
observations, ``offline_observations``; what each clause then says the message is,
``clause_verdict``; how one message's observations are made consistent with each other,
``offline_consistency``.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime

from core.domain.fields import domain_of
from core.extraction.already_there import they_got_there
from core.extraction.arrival_home import arrived_to_stay
from core.extraction.arrivals import is_back
from core.extraction.arrived_place_after import place_after_arrival
from core.extraction.as_typed import quoted_as_typed
from core.extraction.better_now import better_now, ill_member
from core.extraction.bill_it_is import bill_told_after, only_will_pay
from core.extraction.clause import Candidate
from core.extraction.clause_claims import habitual_motion
from core.extraction.clause_reading import read_clause
from core.extraction.clause_verdict import clause_verdict, is_aside
from core.extraction.clocktimes import clock_time
from core.extraction.debts_settled import debt_settled
from core.extraction.elision import split_elided
from core.extraction.entities import is_a_person_not_a_place, people_named
from core.extraction.errand_notes import errand_noted
from core.extraction.household_told import with_members_listed, with_members_typed
from core.extraction.intent import ClauseIntent, message_intent
from core.extraction.linguistics.asked_order import asked_unmarked, ordered_after_a_word
from core.extraction.linguistics.parse import clause_offsets, clause_readings
from core.extraction.markdown import key_value_candidate
from core.extraction.message_asks import around_an_ask, asks, remark
from core.extraction.move_ahead import move_ahead
from core.extraction.no_state_told import advices_other_way
from core.extraction.now_marked import marked_now
from core.extraction.offline_consistency import is_under_way
from core.extraction.offline_input import readable_body
from core.extraction.offline_joints import (
    BOOKING_ASKED,
    SCOPE_JOINTS,
    WANT_TO_GO,
    WHEN_IT_WAS,
    WHILE_ASKED,
    WOULD_HAVE,
    not_told,
    shares_habit,
)
from core.extraction.offline_observations import clause_observations
from core.extraction.offline_together import read_together
from core.extraction.past_scene import PastScene
from core.extraction.profile_after import settled_not_travelling
from core.extraction.pronouns import Referents
from core.extraction.rules_family import extract_family
from core.extraction.rules_financial import extract_financial
from core.extraction.rules_profile import extract_profile
from core.extraction.rules_project import extract_project
from core.extraction.rules_travel import extract_travel
from core.extraction.run_ons import split_run_ons
from core.extraction.segments import split_segments
from core.extraction.set_out_lately import set_out_lately
from core.extraction.small_hours import writers_now
from core.extraction.subject_corrected import trips_handed_over
from core.extraction.subscriptions import subscription_candidates
from core.extraction.terms_ahead import a_things_term, ends_a_stay
from core.extraction.travel_departures import (
    bare_days,
    day_said_first,
    departure_day,
    lend_days,
    lend_departure,
    lend_return,
    redate_departure,
)
from core.extraction.travel_returns import back_at_work_day
from core.extraction.travel_trips import trip_dates
from core.extraction.typed_text import clean
from core.extraction.types import (
    ExtractedObservation,
    Extraction,
    MessageIntent,
    SourceKind,
)
from core.extraction.whose_clause import (
    SPEAKERS_OWN,
    coming_back,
    goes_on_with_participle,
    named_away,
    news_from_someone,
    sets_out,
    someone_away,
    someone_elses,
    still_the_writers,
    their_news,
)

_RULES = (
    extract_travel,
    extract_family,
    extract_financial,
    subscription_candidates,
    debt_settled,
    extract_project,
    extract_profile,
    move_ahead,
)


def extract_offline(
    text: str,
    *,
    at: datetime,
    entity_id: str = "user:primary",
    source: SourceKind = "conversation_assertive",
    known_people: frozenset[str] = frozenset(),
    recent_subject: str | None = None,
) -> Extraction:
    """Classify ``text`` written at ``at`` and extract its observations.

    ``at`` must be timezone-aware; it is the only "now" the extractor knows.
    ``source="static_markdown"`` reads ``text`` as one line of a Markdown note.
    ``known_people``: lowercase first names the user's state already knows
    (``known_people.known_people``), recognised in lower case too ("emma is sick").
    ``recent_subject``: the member the chat was last about (``known_people.recent_subject``),
    whom a pronoun opening the message means ("she's poorly again").
    """
    at = writers_now(text, at)  # raises on a naive ``at``; "tomorrow" at 01:10 is the day begun
    body, md = readable_body(text, source, known_people)
    observations: list[ExtractedObservation] = []
    if md is not None:
        kv = key_value_candidate(md)
        if kv is not None:
            obs = ExtractedObservation(
                entity_id,
                domain_of(kv.field),
                kv.field,
                kv.value,
                "assertive",
                kv.confidence,
                None,
                md.body[:1000],
            )
            return Extraction(text, "assertive", (obs,))
    intents: list[MessageIntent] = []
    telling: list[MessageIntent] = []
    asides: list[int] = []
    news_now: list[MessageIntent] = []
    returns_only: list[bool] = []  # the telling clause set only a day back
    told_at = -1  # where the first telling clause is
    asking = False  # a clause asks, requests or opens with thanks
    remarks: list[int] = []  # past events and remarks on things, told beside it
    scope_open = False
    referents = Referents(recalled=recent_subject)  # "my wife ... she", or the chat's last
    parsed = clean(body)
    segments = split_elided(split_run_ons(split_segments(body), parsed), parsed)
    texts = [seg.text for seg in segments]
    offsets = clause_offsets(parsed, texts)
    readings = clause_readings(parsed, texts, offsets)
    people = people_named(parsed)
    scene = PastScene(segments, at)
    habit = False
    cf_before = False  # the clause before was contrary to fact
    might_have_been = False  # the clause before was contrary to fact, by any word
    asked = False  # the clause before asked something of the listener
    setting_out: date | None = None  # "we're gonna leave Friday and drive to San Diego"
    explaining: list[str] = []  # "..., got in last night": may tell when the speaker arrived
    trip_before = False  # the clause before planned a trip
    said_before: list[ExtractedObservation] = []  # what the clause before said
    low_before = ""  # the clause before, in lower case
    others_trip = False  # the clause before told of someone else's trip
    others_away = False  # the clause before put someone else away from home
    others_said = False  # the clause before was about someone else
    others_told = False  # the clause before told someone else's story in the past
    news_before = False  # the clause before told only that someone else called or wrote
    # Whether the clause after each asks to book or find something for it.
    booked = [bool(BOOKING_ASKED.match(nxt.low)) for nxt in segments[1:]] + [False] * bool(segments)
    nexts = [*segments[1:], None][: len(segments)]  # the clause after each, none for the last
    for seg, reading, where, books, nxt in zip(
        segments, readings, offsets, booked, nexts, strict=True
    ):
        # "If it rains, we'll stay home": the consequence shares the condition's scope,
        # but "..., but right now we're in Denver" leaves it.
        in_scope = scope_open and seg.joint in SCOPE_JOINTS
        # "did Mason take his inhaler to yours", "guys, can someone book the court": asked
        # by word order, first or after words that claim nothing.
        opens = seg.sentence_start or (seg.joint == "comma" and set(intents) == {"none"})
        if md is None and opens and asked_unmarked(parsed, seg.text, where):
            seg = replace(seg, question=True)
        clause, ci, cut = read_clause(seg, at, in_scope=in_scope, md=md, reading=reading)
        ci, clause = scene.read(seg, ci, clause, reading)  # "last summer we're driving…"
        wanted = ci.intent == "hypothetical" and not (ci.counterfactual or ci.opens_scope)
        if books and wanted and WANT_TO_GO.search(seg.low):
            # "We want to go to Paris in June, can you find flights?": a trip being
            # arranged, not a dream.
            ci = replace(ci, intent="planning")
            clause = replace(clause, intent="planning")
        if (
            ci.intent == "assertive"
            and nxt is not None
            and nxt.joint in SCOPE_JOINTS
            and reading is not None
            and a_things_term(reading, seg.low)
            and ends_a_stay(nxt.low)
        ):
            # "my lease ends on the 31st, then I'm off to Santiago": the move it starts.
            ci = replace(ci, intent="planning")
            clause = replace(clause, intent="planning")
        if habit and shares_habit(seg, reading):
            # "we would drive to the coast and stay until the rain came": the second verb
            # has no subject of its own and shares the habit's "would".
            ci = replace(ci, intent="historical", habitual=True)
            clause = replace(clause, intent="historical")
        if (
            intents
            and intents[-1] == "planning"
            and (seg.joint in ("while", "whilst", "when", "then") or seg.low.startswith("then "))
            and ci.intent == "assertive"
            and reading is not None
            and reading.simple_present
        ):
            # "we're staying with mum next week while they redo the boiler": when the plan is;
            # "dropping Mia at her dad's Friday, then I'm free till Monday": what follows it.
            ci = replace(ci, intent="planning")
            clause = replace(clause, intent="planning")
        if asked and seg.joint in WHILE_ASKED:
            # "can you water the plants while we're away?": when the request is for, which
            # may be now or ahead; a reason ("because I'm stuck at work") stays a fact.
            ci = replace(ci, intent="none")
            clause = replace(clause, intent="none")
        if cf_before and seg.joint == "but" and reading is not None and reading.tense == "past":
            # "I would have called but my phone died": why it did not happen, a past event
            # (a result that holds, "died", would read as news about now).
            ci = replace(ci, intent="historical")
            clause = replace(clause, intent="historical")
        if might_have_been and ci.intent == "historical" and WHEN_IT_WAS.match(seg.low):
            # "should've bought the skin when it was on sale": when what might have been
            # was, part of it, not a story of its own.
            ci = replace(ci, intent="hypothetical")
            clause = replace(clause, intent="hypothetical")
        departed = (
            []
            if not_told(ci, seg, in_scope)
            else set_out_lately(clause, dated_only=ci.intent == "none")
        )
        if departed:
            # "we left for Denver on saturday": a departure in the past is a trip under way.
            ci = replace(ci, intent="assertive")
            clause = replace(clause, intent="assertive")
        might_have_been = ci.counterfactual and not in_scope
        cf_before = ci.counterfactual and WOULD_HAVE.search(seg.low) is not None
        asked = ci.command or (ci.intent == "none" and seg.question)
        habit = ci.habitual
        clause = replace(
            clause,
            pronoun_member=referents.subject(clause.low),
            message=parsed,
            start_in_message=where + cut if where >= 0 else where,
        )
        referents.note(seg.text)
        scope_open = ci.opens_scope or in_scope
        found = [] if clause.intent == "none" else [c for rule in _RULES for c in rule(clause)]
        if not found and (noted := errand_noted(clause, ci)) is not None:
            clause, ci, found = noted  # "pay the rent friday": a to-do, typed as a command
        if not found and ci.intent != "none" and ordered_after_a_word(parsed, seg.text, where):
            ci = ClauseIntent("none", 1.0, command=True)  # "Perfect, put it under Okafor"
            clause = replace(clause, intent="none")
        if departed:
            found = [*(c for c in found if domain_of(c.field) != "travel"), *departed]
        if setting_out is not None and seg.joint in SCOPE_JOINTS:
            found = lend_departure(found, setting_out)
        travels = any(domain_of(c.field) == "travel" for c in found)
        setting_out = None if travels else (departure_day(clause) or day_said_first(clause))
        if setting_out is not None and (seg.joint in SCOPE_JOINTS or trip_before):
            # "we're going to tahoe next weekend, leaving friday": the day they leave;
            # "... before our tahoe trip. we leave sunday": the sentence right after it.
            observations = redate_departure(observations, setting_out)
            if (back := trip_dates(clause)[1]) is not None:
                observations = lend_return(observations, back)  # "…, back the following sat"
        if not travels and (days := bare_days(clause)) is not None:
            observations = lend_days(observations, said_before, *days)  # "trip - 5th to 12th"
        if not travels and any(is_under_way(o) for o in observations):
            # "I'm in Berlin for meetings and will be back in the office on Thursday"
            back = back_at_work_day(clause)
            if back is not None:
                found = [*found, Candidate("travel.return_date", back.isoformat(), 0.8, "planning")]
        # "we're at Kevin's place": a person the gazetteer does not know is no place,
        # and the trip the clause seemed to be on goes with it.
        found = settled_not_travelling(arrived_to_stay(found, clause))
        not_places = [c for c in found if is_a_person_not_a_place(c.field, c.value, people)]
        if not_places:
            found = [c for c in found if c not in not_places and not c.field.startswith("travel.")]
        # "we fly to Orlando at 7": a clock time makes the simple present a timetable.
        if not clause.times and habitual_motion(reading, ci) and clock_time(clause.low) is None:
            found = [c for c in found if domain_of(c.field) != "travel"]
        others = someone_elses(clause, reading, seg.text) or named_away(clause, found)
        # "The kids leave for camp sunday. Home saturday.": a clause with no subject of
        # its own goes on with the other person's trip, not the speaker's; and a way back
        # with no subject comes home from where the clause before put someone else ("my
        # wife is away in boston, back sunday", "my sister's visiting, flying back tues").
        subjectless = reading is None or reading.subject == "none"
        carried = subjectless and (
            others_trip
            or (others_away and coming_back(found))
            or (others_said and goes_on_with_participle(clause))  # "…, working for Emirates"
            # "Grandpa sailed to Canada after the war, then came home to Liverpool": a past
            # verb with no subject goes on with the story of whoever the one before was about.
            or (others_told and reading is not None and reading.tense == "past")
            # "sis drove up early, already in tahoe" (not a new sentence: "Me: in Leeds")
            or (others_said and seg.joint == "comma" and they_got_there(low_before, clause.low))
        )
        # "my sister called, in denver now": the caller's news, not the speaker's.
        news = news_before and bool(found) and not others and their_news(clause.low)
        others = others or news
        news_before = news_from_someone(clause.low)
        if others or carried:
            dropped = [
                c
                for c in found
                if domain_of(c.field) in SPEAKERS_OWN and not still_the_writers(clause, c)
            ]
            found = [c for c in found if c not in dropped]
            others_trip = (
                any(domain_of(c.field) == "travel" for c in dropped)
                or sets_out(clause, reading)
                or (carried and not dropped)
            )
        else:
            others_trip = False
        others_away = someone_away(clause, found, others) or carried
        others_said = others or carried
        others_told = others_said and reading is not None and reading.tense == "past"
        was_ill = ill_member(said_before)
        if was_ill and not found and (reading is None or reading.subject == "none"):
            now = better_now(clause.low, was_ill)
            if now is not None:
                # "mum had a migraine all weekend, better today": how she is now wins.
                found = [now]
                ci = replace(ci, intent="assertive")
                clause = replace(clause, intent="assertive")
                observations = [o for o in observations if o.field != was_ill]
        if not found and said_before and (there := place_after_arrival(said_before, clause)):
            found = [there]  # "we're here! Charleston is so pretty": the town just reached
        if not found and (priced := bill_told_after(clause, said_before, low_before)):
            found = priced  # "rent is due friday, it's £1,150", "…, it's due on the 18th"
            ci = replace(ci, intent="assertive")
            clause = replace(clause, intent="assertive")
        seg_obs = clause_observations(clause, ci, found, entity_id)
        observations.extend(seg_obs)
        if seg_obs or not only_will_pay(clause.low):
            # "…, gonna pay it this weekend, it's due monday": the bill stays in view.
            said_before = seg_obs
            low_before = clause.low
        trip_before = any(
            o.field == "travel.destination" and o.intent == "planning" for o in seg_obs
        )
        if all(is_back(o) for o in seg_obs):
            explaining.append(clause.text)  # read when an arrival needs its day
        verdict = clause_verdict(clause, ci, reading, seg_obs, md, seg.question)
        intents.append(advices_other_way(verdict, seg.joint, intents, bool(seg_obs)))
        if news and clause.intent == "assertive":
            telling.append("assertive")  # it tells how someone is now, though not the speaker
        if not seg_obs:
            asking = asking or asks(seg, ci, first=len(intents) == 1)
            if remark(intents[-1], reading):
                remarks.append(len(intents) - 1)
        if {o.intent for o in seg_obs} & {"assertive", "planning", "historical"}:
            telling.append(intents[-1])
            returns_only.append(all(o.field == "travel.return_date" for o in seg_obs))
            told_at = told_at if told_at >= 0 else len(intents) - 1
        elif is_aside(intents[-1], seg, clause, ci, reading, texts):
            asides.append(len(intents) - 1)
        elif intents[-1] == "assertive" and marked_now(reading, clause.low, ahead=ci.future_time):
            news_now.append("assertive")
    # The clauses that say something about a field decide what the message is: "we're
    # flying to Tokyo next month and i'm so excited" is a plan, however excited.
    if not telling and "historical" in intents:
        intents = [i for n, i in enumerate(intents) if n not in asides] or intents
    if not telling:
        intents = around_an_ask(intents, asking, remarks)
    # The observations together: arrivals dated, trips there and back, a home left.
    read, storied = read_together(observations, explaining, text, parsed, at)
    before = [i for n, i in enumerate(intents[:told_at]) if n not in asides]
    if telling and all(returns_only) and "assertive" in before:
        # "I'm working in Cardiff this week, back Friday": an absence now, its end ahead.
        telling.append("assertive")
    if telling and set(telling) == {"historical"}:
        # "the hotel charged me twice, calling them now": a story's field, then news.
        telling += news_now
    said = message_intent(telling or intents)
    said = "historical" if storied and said in ("assertive", "planning") else said
    told = Extraction(text, said, quoted_as_typed(trips_handed_over(read, parsed), text))
    if md is None:
        return with_members_typed(told, text, entity_id)  # "Kids: Leo, and Max" in the chat
    return with_members_listed(told, md, entity_id)
