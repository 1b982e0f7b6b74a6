"""What the extractor makes of each kind of sentence: a specification by example."""

from __future__ import annotations

from typing import Any

import pytest
from extraction_fixtures import AT

from core.domain.fields import spec_for
from core.extraction.offline import extract_offline
from core.extraction.types import Extraction


def run(text: str, **kw: Any) -> Extraction:
    return extract_offline(text, at=AT, **kw)


def fields(ex: Extraction) -> dict[str, Any]:
    return {o.field: o.candidate_value for o in ex.observations}


def factual(ex: Extraction) -> list[str]:
    return [o.field for o in ex.observations if o.intent in ("assertive", "planning")]


class TestTravelConsistency:
    def test_being_somewhere_sets_location_and_an_ongoing_trip(self) -> None:
        ex = run("We're in Tahoe")
        assert ex.intent == "assertive"
        assert {(o.field, o.candidate_value, o.intent) for o in ex.observations} == {
            ("travel.location", "Tahoe", "assertive"),
            ("travel.status", "in_progress", "assertive"),
        }
        assert all(o.extraction_confidence >= 0.95 for o in ex.observations)

    def test_leaving_is_a_plan_with_a_departure_date(self) -> None:
        ex = run("leaving for Tahoe Sunday")
        assert {o.intent for o in ex.observations} == {"planning"}
        assert fields(ex) == {
            "travel.destination": "Tahoe",
            "travel.status": "planning",
            "travel.depart_date": "2026-03-08",
        }
        assert all(o.valid_until is not None for o in ex.observations)

    @pytest.mark.parametrize(
        "text",
        [
            "we leave for Tahoe with Jordan and the kids on Sunday",
            "driving up to tahoe w/ mike and the kids sunday",
            "Sunday: leave for Tahoe with my wife and my little sister",
        ],
    )
    def test_whom_the_writer_goes_with_leaves_the_day_to_the_trip(self, text: str) -> None:
        """ "… with Jordan and the kids on Sunday": one more companion after "and", no
        clause of its own, and the day is the trip's."""
        source = "static_markdown" if text.startswith("Sunday:") else "conversation_assertive"
        got = fields(run(text, source=source))
        assert got["travel.destination"] == "Tahoe"
        assert got["travel.depart_date"] == "2026-03-08"

    def test_coming_back_completes_the_trip_and_is_not_a_location(self) -> None:
        ex = run("we're back from Maui")
        assert fields(ex) == {"travel.status": "completed"}

    @pytest.mark.parametrize(
        ("text", "place"),
        [
            ("We're back in Portland", "Portland"),
            ("Home again, back in Portland", "Portland"),
            ("we got back to Portland last night", "Portland"),
            ("We're back from Maui, back in Portland", "Portland"),
            ("just landed in Portland, trip's over", "Portland"),
            ("Landed in Portland. Trip's over.", "Portland"),
        ],
    )
    def test_back_in_a_place_ends_the_trip_there(self, text: str, place: str) -> None:
        """Present tense: the trip is over and the user is in that place now."""
        ex = run(text)
        assert ex.intent == "assertive"
        assert {(o.field, o.candidate_value, o.intent) for o in ex.observations} == {
            ("travel.status", "completed", "assertive"),
            ("travel.location", place, "assertive"),
        }

    @pytest.mark.parametrize(
        "text",
        ["Mom is back in Portland", "Dad is coming home on Friday", "Emma got back to Denver"],
    )
    def test_someone_else_coming_back_is_not_the_users_location(self, text: str) -> None:
        assert not any(
            o.field in ("travel.location", "travel.return_date") for o in run(text).observations
        )

    @pytest.mark.parametrize(
        ("text", "day"),
        [
            ("We're heading home tomorrow", "2026-03-05"),
            ("flying back Sunday", "2026-03-08"),
            ("We'll be back from Maui on Saturday", "2026-03-07"),
            ("We'll be back in Portland on Friday", "2026-03-06"),
        ],
    )
    def test_going_home_is_a_return_date_and_no_place(self, text: str, day: str) -> None:
        ex = run(text)
        assert ex.intent == "planning"
        assert [(o.field, o.candidate_value, o.intent) for o in ex.observations] == [
            ("travel.return_date", day, "planning")
        ]

    @pytest.mark.parametrize(
        "text",
        [
            "When we're back in Portland, we'll unpack",
            "When we're back in Portland we'll unpack",
            "we'll unpack when we're back in Portland",
        ],
    )
    def test_a_return_still_to_come_claims_nothing(self, text: str) -> None:
        assert factual(run(text)) == []

    def test_coming_home_done_in_the_past_is_not_a_plan(self) -> None:
        # "Sunday" with a past verb is last Sunday: the trip is over.
        assert fields(run("we drove home Sunday")) == {"travel.status": "completed"}

    def test_a_trip_that_is_off_is_cancelled_as_a_fact(self) -> None:
        ex = run("The Vegas trip is off")
        assert [(o.field, o.candidate_value, o.intent) for o in ex.observations] == [
            ("travel.status", "cancelled", "assertive")
        ]

    @pytest.mark.parametrize(
        "text",
        [
            "we didn't go after all",
            "We didn't go to Boston after all",
            "never made it to Yosemite",
            "we're not going to Napa after all",
            "we won't be going to Vegas",
            "We called off the trip to Denver",
        ],
    )
    def test_negated_trips_are_cancelled(self, text: str) -> None:
        assert fields(run(text)).get("travel.status") == "cancelled"

    @pytest.mark.parametrize("text", ["not in Tahoe anymore", "I'm no longer in Denver"])
    def test_no_longer_somewhere_retracts_the_location(self, text: str) -> None:
        (obs,) = run(text).observations
        assert (obs.field, obs.candidate_value, obs.intent) == ("travel.location", None, "retract")

    def test_present_perfect_since_is_the_present(self) -> None:
        ex = run("We have been in Tahoe since Friday")
        assert ex.intent == "assertive"
        assert fields(ex)["travel.location"] == "Tahoe"

    def test_lowercase_places_get_their_natural_capitalisation(self) -> None:
        assert fields(run("we're in mexico city"))["travel.location"] == "Mexico City"
        assert fields(run("just landed in sf"))["travel.location"] == "SF"

    def test_a_clause_of_its_own_for_each_claim(self) -> None:
        ex = run("We arrived in Paris yesterday and leave for Rome on Sunday")
        got = {(o.field, o.candidate_value, o.intent) for o in ex.observations}
        assert ("travel.location", "Paris", "assertive") in got
        assert ("travel.destination", "Rome", "planning") in got


class TestNonFactualText:
    @pytest.mark.parametrize(
        "text",
        [
            "If I had known, I would have stayed in Denver",
            "Had we left earlier we'd be in Tahoe by now",
            "If we had gone to Tahoe we'd be there now",
            "Were we to move to Denver, we'd need a bigger car",
            "I'd have moved to Austin if the job had worked out",
            "I could have been in Maui right now",
            "I should have gone to Paris",
            "Without the strike we would have landed in Rome",
            "Suppose we moved to Lisbon",
            "Unless it snows, we're going to Tahoe",
            "I wish we were in Tahoe",
            "maybe we should go to Portland",
            "we could go to Napa",
            "how about Santa Fe?",
            "it would be nice to live in Barcelona",
            "we might go to Tahoe next week",
            "We may fly to Denver on Friday",
            "not sure yet if we're going to Vegas",
            "thinking about moving to Seattle",
            "considering a trip to Japan",
            "is it worth driving to Tahoe?",
            "If Emma is sick tomorrow she'll stay home",
            "I'd rather be vegan",
            "In an alternate universe I live in Paris",
        ],
    )
    def test_nothing_factual_comes_out(self, text: str) -> None:
        ex = run(text)
        assert ex.intent == "hypothetical"
        assert factual(ex) == []
        assert all(o.extraction_confidence <= 0.5 for o in ex.observations)

    def test_the_scope_of_if_ends_at_but(self) -> None:
        ex = run("If it snows we'll ski, but right now we're in Denver")
        assert ex.intent == "assertive"
        assert factual(ex) == ["travel.location", "travel.status"]

    def test_if_reaches_across_a_comma_to_its_consequence(self) -> None:
        assert factual(run("If it rains, we'll fly to Denver tomorrow")) == []

    def test_an_if_you_aside_does_not_make_a_condition(self) -> None:
        assert fields(run("We're in Tahoe if you need us"))["travel.location"] == "Tahoe"

    def test_even_if_keeps_the_plan(self) -> None:
        ex = run("Even if it rains, we're going to Tahoe tomorrow")
        assert ex.intent == "planning"

    @pytest.mark.parametrize(
        ("text", "intent"),
        [
            ("We were in Tahoe last winter", "historical"),
            ("I used to live in Minneapolis", "historical"),
            ("In 2020 I lived in Brooklyn", "historical"),
            ("we've been to Paris twice", "historical"),
            ("Our honeymoon was in Greece", "historical"),
        ],
    )
    def test_the_past_that_no_longer_holds_is_historical(self, text: str, intent: str) -> None:
        ex = run(text)
        assert ex.intent == intent
        assert factual(ex) == []

    @pytest.mark.parametrize(
        "text",
        [
            "hi there",
            "thanks, that's helpful",
            "what can you do?",
            "remind me to pay rent",
            "show me my trips",
            "what's on my calendar today?",
            "ok cool",
        ],
    )
    def test_chat_and_commands_carry_no_claim(self, text: str) -> None:
        ex = run(text)
        assert ex.intent == "none"
        assert ex.observations == ()

    def test_hearsay_and_hedges_are_not_silent_commits(self) -> None:
        for text in (
            "Mom says we're in Vail",
            "We're probably going to Tahoe next week",
            "apparently the Vegas trip is off",
        ):
            assert all(o.extraction_confidence <= 0.6 for o in run(text).observations), text


class TestOtherDomains:
    def test_projects(self) -> None:
        assert fields(run("The analytics dashboard shipped yesterday")) == {
            "project.analytics_dashboard.status": "shipped"
        }
        assert fields(run("The SSO project is stuck waiting on security")) == {
            "project.sso.status": "blocked"
        }
        assert fields(run("We'll begin the iOS widget next month")) == {
            "project.ios_widget.status": "planned"
        }
        assert fields(run("we scrapped the loyalty program")) == {
            "project.loyalty_program.status": "cancelled"
        }

    def test_profile(self) -> None:
        assert fields(run("I'm gluten free")) == {"profile.diet": "gluten free"}
        assert fields(run("I just moved to Austin")) == {"profile.home_city": "Austin"}
        assert fields(run("I joined Shopify last week")) == {"profile.employer": "Shopify"}
        assert fields(run("you can call me Alex")) == {"profile.name": "Alex"}
        assert fields(run("I'm on Pacific time")) == {"profile.timezone": "America/Los_Angeles"}
        (obs,) = run("I'm not vegetarian anymore").observations
        assert (obs.field, obs.intent) == ("profile.diet", "retract")

    def test_family(self) -> None:
        assert fields(run("Emma is sick today")) == {"family.emma.status": "sick"}
        assert fields(run("the kids have the flu")) == {"family.kids.status": "sick"}
        assert fields(run("Emma isn't sick anymore")) == {"family.emma.status": "well"}
        ex = run("school is cancelled tomorrow")
        # The day that is off is kept beside the cancellation ("tomorrow" survives).
        assert {(o.field, o.candidate_value, o.intent) for o in ex.observations} == {
            ("family.school.event_status", "cancelled", "assertive"),
            ("family.school.schedule", "2026-03-05", "assertive"),
        }
        assert fields(run("soccer practice moved to Thursday")) == {
            "family.soccer_practice.event_status": "moved",
            "family.soccer_practice.schedule": "2026-03-05",
        }
        ex = run("Piano lesson is Friday at 4")
        assert ex.intent == "planning"
        assert fields(ex)["family.piano_lesson.schedule"] == "2026-03-06T16:00:00-08:00"

    def test_financial(self) -> None:
        assert fields(run("paid rent, $2,100")) == {
            "financial.rent.status": "paid",
            "financial.rent.amount": 2100,
            "financial.rent.currency": "USD",
        }
        assert fields(run("bought a standing desk from IKEA for 349 euros")) == {
            "financial.standing_desk.status": "paid",
            "financial.standing_desk.amount": 349,
            "financial.standing_desk.currency": "EUR",
            "financial.standing_desk.merchant": "IKEA",
        }
        assert fields(run("the Amazon return is still pending")) == {
            "financial.amazon_return.status": "pending"
        }
        ex = run("the electric bill is $120, due on the 15th")
        assert fields(ex)["financial.electric_bill.due_date"] == "2026-03-15"

    def test_a_return_of_goods_is_due_then_pending_a_refund(self) -> None:
        """The catalogue's statuses for a return: due (still to send back), pending
        (sent back, refund awaited), refunded. The field is named after the shop."""
        ex = run("I returned the Amazon package")
        assert [(o.field, o.candidate_value, o.intent) for o in ex.observations] == [
            ("financial.amazon_return.status", "pending", "assertive")
        ]
        assert fields(run("I need to return the Amazon package by Friday")) == {
            "financial.amazon_return.status": "due",
            "financial.amazon_return.due_date": "2026-03-06",
        }
        assert fields(run("returned the shoes to Nordstrom")) == {
            "financial.nordstrom_return.status": "pending",
            "financial.nordstrom_return.merchant": "Nordstrom",
        }

    @pytest.mark.parametrize(
        "text",
        ["I returned the call", "we returned the rental car", "We returned from Maui"],
    )
    def test_returning_other_things_is_no_purchase(self, text: str) -> None:
        assert not [f for f in fields(run(text)) if f.startswith("financial.")]

    @pytest.mark.parametrize(
        "text", ["dropped off the kids at school", "I dropped by the Acme office"]
    )
    def test_a_phrasal_verb_cancels_no_project(self, text: str) -> None:
        assert not [f for f in fields(run(text)) if f.startswith("project.")]

    def test_a_plan_never_sets_a_value_plans_cannot_set(self) -> None:
        # home_city is not plannable: "moving next month" must not change it now; the move
        # is kept as the plan it is (core.extraction.move_ahead), every field a plannable one.
        seen = run("I'm moving to Austin next month").observations
        assert {o.field for o in seen} == {"profile.move_city", "profile.move_date"}
        assert all(o.intent == "planning" and spec_for(o.field).planning_allowed for o in seen)


class TestMarkdownLines:
    @pytest.mark.parametrize(
        ("line", "expected"),
        [
            ("Home city: Portland", {"profile.home_city": "Portland"}),
            ("- home city: seattle", {"profile.home_city": "Seattle"}),
            ("**Diet:** vegetarian", {"profile.diet": "vegetarian"}),
            ("- Employer: Acme Corp", {"profile.employer": "Acme Corp"}),
            ("Working on Feature X", {"project.feature_x.status": "in_progress"}),
            ("- [x] Pay rent", {"financial.rent.status": "paid"}),
            ("- [ ] Return Amazon package", {"financial.amazon_return.status": "due"}),
            ("- [x] Return Amazon package", {"financial.amazon_return.status": "pending"}),
            ("## Travel", {}),
            ("---", {}),
        ],
    )
    def test_lines(self, line: str, expected: dict[str, Any]) -> None:
        assert fields(run(line, source="static_markdown")) == expected

    @pytest.mark.parametrize(
        ("line", "expected"),
        [
            # The writer's own note opened by an adverb: never someone named Back or Still.
            ("- Back home the 12th", {"travel.return_date": "2026-03-12"}),
            ("Back home on the 12th", {"travel.return_date": "2026-03-12"}),
            (
                "- Still in Denver",
                {"travel.location": "Denver", "travel.status": "in_progress"},
            ),
            (
                "- Now in Lisbon, back the 20th",
                {
                    "travel.location": "Lisbon",
                    "travel.status": "in_progress",
                    "travel.return_date": "2026-03-20",
                },
            ),
            ("- Off sick today", {}),
            # A member's note keeps its member.
            ("- Mom in hospital", {"family.mom.status": "sick"}),
            ("- Jake away till the 12th", {"family.jake.status": "away"}),
        ],
    )
    def test_a_note_opened_by_an_adverb_is_the_writers(
        self, line: str, expected: dict[str, Any]
    ) -> None:
        assert fields(run(line, source="static_markdown")) == expected

    @pytest.mark.parametrize(
        ("line", "expected"),
        [
            # An assistant's MEMORY.md about its user, the subject left out: the writer's.
            ("- Lives in Portland, OR", {"profile.home_city": "Portland"}),
            ("- Currently lives in Denver", {"profile.home_city": "Denver"}),
            ("- User lives in Austin", {"profile.home_city": "Austin"}),
            ("- Based in Leeds", {"profile.home_city": "Leeds"}),
            ("- Works at Nike", {"profile.employer": "Nike"}),
            ("- Is vegetarian", {"profile.diet": "vegetarian"}),
            # Someone else's line keeps its subject; a question or a thing's state is no fact
            # of the writer's.
            ("- Mom lives in Ohio", {}),
            ("- Is the dentist on Thursday?", {}),
            ("- Is due Friday", {}),
        ],
    )
    def test_a_note_with_its_subject_left_out_is_the_writers(
        self, line: str, expected: dict[str, Any]
    ) -> None:
        assert fields(run(line, source="static_markdown")) == expected

    def test_a_timed_line_is_a_dated_plan(self) -> None:
        ex = run("Sunday 7-8 AM: Leave for Tahoe", source="static_markdown")
        assert ex.intent == "planning"
        assert fields(ex) == {
            "travel.destination": "Tahoe",
            "travel.status": "planning",
            "travel.depart_date": "2026-03-08",
        }

    def test_an_open_todo_is_a_plan(self) -> None:
        ex = run("- [ ] Pay rent by Friday", source="static_markdown")
        assert {(o.field, o.candidate_value, o.intent) for o in ex.observations} == {
            ("financial.rent.status", "due", "planning"),
            ("financial.rent.due_date", "2026-03-06", "planning"),
        }
        assert ex.intent == "planning"

    def test_headings_are_not_claims(self) -> None:
        assert run("# Notes", source="static_markdown").intent == "none"
