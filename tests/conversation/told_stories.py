"""Short conversations over days, told as people type, each with what Canon must never
say once the user has settled it (test_told_stories tells them).

Every story starts on Wednesday 25 November 2026, 10:00 in Portland (18:00 UTC), Alice at
home there (said, confirmed). A step is one line:

- ``alice: <text>`` / ``bob: <text>``: Alice (or Bob, of her household) types it; a
  command (``/state``, ``/undo``, ``/forget ...``) goes where the bot sends it;
- ``tap <label>``: Alice taps ``label`` under her newest question (its first button when
  it has none of that name: "Which part is wrong?" offers the parts);
- ``why <field>``: Alice asks /why of one of her fields;
- ``later <hours>``: time passes, and the bot's tick runs;
- ``restart``: a new CanonChat over the same store.

After each of those, every surface is read and judged (``life_surfaces.judge``). Checks
are lines too, run on what was said and held at that moment:

- ``never: a | b``: from here on, nothing Canon says (its replies and questions, /state,
  "where am i", "what do you know about me", the agenda, the context block, HEARTBEAT.md
  and MEMORY.md) contains ``a`` or ``b`` (case folded);
- ``holds: field=value``: Alice's committed ``field`` is ``value`` (``-``: nothing held);
- ``said: words``: the last step's replies contain ``words``;
- ``asked: words`` / ``asked nothing``: a question shown in the last step contains
  ``words`` / no question was shown.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Story:
    name: str
    steps: tuple[str, ...]
    calibrating: bool = False
    """Canon still calibrating (``default_policy``): it asks before every change, so a
    trip's parts come as one question ("Is all of this right?") whose No asks "Which part
    is wrong?"."""


IN_TAHOE = "never: You're in Tahoe | In Tahoe | location = Tahoe | location: Tahoe | under way"
IN_DENVER = "never: You're in Denver | In Denver | location = Denver | location: Denver | under way"
EMMA_SICK = "never: Emma is sick | emma.status = sick | emma.status: sick"

STORIES = (
    Story(
        "home from tahoe, never in tahoe again",
        (
            "alice: heading to tahoe sat w the kids!!",
            "tap Yes",
            "later 72",
            "alice: made it to tahoe!! drove up this morning",
            "holds: travel.status=in_progress",
            "later 40",
            "restart",
            "alice: we got back home last nite, kids asleep",
            "tap Yes",
            "holds: travel.status=completed",
            "holds: travel.location=Portland",
            IN_TAHOE,
            "alice: /state",
            "why travel.location",
            "said: Portland",
            "later 30",
            "restart",
            "alice: where am i",
            "said: In Portland",
        ),
    ),
    Story(
        "a trip extended while there",
        (
            "alice: going to tahoe fri, back sunday",
            "tap Yes",
            "later 48",
            "alice: we're here!! tahoe is gorgeous",
            "tap Yes",
            "holds: travel.status=in_progress",
            "alice: staying 2 more days, kids dont wanna leave lol",
            "tap Yes",
            "holds: travel.return_date=2026-12-01",
            "never: Your return date is Sunday, November 29 | return_date = 2026-11-29",
            "later 20",
            "restart",
            "alice: /state",
            "said: Tuesday, December 1",
        ),
    ),
    Story(
        "a trip cut short, then home",
        (
            "alice: we leave for denver saturday, back the 6th",
            "tap Yes",
            "later 72",
            "alice: omw to denver",
            "tap Yes",
            "later 24",
            "alice: ugh cutting the trip short, emma got sick. driving home today",
            "tap Yes",
            "later 10",
            "alice: ok back home now",
            "tap Yes",
            "holds: travel.status=completed",
            "holds: travel.location=Portland",
            IN_DENVER,
            "never: back on Sunday, December 6 | return date is Sunday, December 6",
            "restart",
            "alice: where am i",
            "said: Portland",
        ),
    ),
    Story(
        "a trip called off before it left, its errand's day let go",
        (
            "alice: going to denver fri, need to return the amazon package before we go",
            "tap Yes",
            "tap Yes",
            "later 20",
            "alice: we're not going anymore",
            "tap Yes",
            "asked: keep Friday, November 27",
            "tap No",
            "holds: travel.status=cancelled",
            "never: Do you leave | You leave on | your departure date | before we go | "
            "before you leave | amazon_return.due_date",
            "alice: what's on my plate?",
            "said: Amazon return",
            "later 48",
            "alice: what's on my plate?",
        ),
    ),
    Story(
        "the errand before the trip, once the trip has left",
        (
            "alice: heading to tahoe sat w the kids!! gotta drop off the amazon return b4 we leave",
            "tap Yes",
            "tap Yes",
            "later 72",
            "alice: on our way to tahoe!",
            "tap Yes",
            "holds: travel.status=in_progress",
            "never: the Amazon return is due | before you leave | Do you leave",
            "alice: what's on my plate?",
            "restart",
            "later 20",
            "alice: what's on my plate?",
        ),
    ),
    Story(
        "emma sick, then better",
        (
            "alice: emmas got a fever, keepin her home today",
            "tap Yes",
            "holds: family.emma.status=sick",
            "later 20",
            "alice: shes better now, fever broke last nite",
            "tap Yes",
            "holds: family.emma.status=well",
            EMMA_SICK,
            "restart",
            "later 30",
            "alice: what do you know about me",
            "said: Emma is well",
        ),
    ),
    Story(
        "my son is back at school, with nothing held of him",
        (
            "alice: my son is back at school",
            "asked nothing",
            "holds: family.son.status=-",
            "never: Is your son well | son.status",
            "alice: what do you know about me",
            "alice: /state",
        ),
    ),
    Story(
        "my son is back at school, after he was sick",
        (
            "alice: my son has the flu, hes home from school",
            "tap Yes",
            "holds: family.son.status=sick",
            "later 48",
            "alice: my son is back at school",
            "asked: Is your son well",
            "tap Yes",
            "holds: family.son.status=well",
            "never: Your son is sick | son.status = sick | son.status: sick",
            "restart",
            "alice: /state",
        ),
    ),
    Story(
        "a bill paid is never due again",
        (
            "alice: electric bill is due friday",
            "tap Yes",
            "later 30",
            "alice: what's on my plate?",
            "said: the electric bill is due",
            "alice: paid the electric bill",
            "tap Yes",
            "holds: financial.electric_bill.status=paid",
            "never: the electric bill is due | Overdue",
            "later 60",
            "restart",
            "alice: what's on my plate?",
        ),
    ),
    Story(
        "bob's word of alice is asked, hers settles it",
        (
            "alice: going to tahoe sat",
            "tap Yes",
            "later 72",
            "alice: made it to tahoe",
            "tap Yes",
            "later 30",
            "bob: alice got back home last night",
            "holds: travel.location=Tahoe",
            "bob: emma has a temp so shes staying home",
            "alice: yep we got back last nite",
            "tap Yes",
            "holds: travel.location=Portland",
            IN_TAHOE,
            "restart",
            "alice: /state",
        ),
    ),
    Story(
        "a voice note's run-on, in a learner's english",
        (
            "alice: ok so we are going next friday to tahoe with my husband and kids and "
            "we come back on the sunday i think",
            "tap Yes",
            "later 240",
            "alice: so yeah we are back from tahoe since yesterday night, kids very tired "
            "but everything good, now we are at home",
            "tap Yes",
            "holds: travel.location=Portland",
            IN_TAHOE,
            "alice: where am i",
        ),
    ),
    Story(
        "/undo of the day she arrived",
        (
            "alice: going to tahoe sat",
            "tap Yes",
            "later 72",
            "alice: finally in tahoe, drove up today",
            "alice: /undo",
            "asked: forget your location (Tahoe)",
            "tap Yes",
            "holds: travel.location=-",
            "never: You're in Tahoe | In Tahoe | location = Tahoe | location: Tahoe",
            "alice: where am i",
            "restart",
            "alice: /state",
        ),
    ),
    Story(
        "a trip called off while there, then home",
        (
            "alice: going to tahoe sat",
            "tap Yes",
            "later 72",
            "alice: made it to tahoe",
            "tap Yes",
            "later 20",
            "alice: trip's off, kid has a fever, we're heading home",
            "tap Yes",
            "later 8",
            "alice: phew back home",
            "tap Yes",
            "holds: travel.location=Portland",
            IN_TAHOE,
            "restart",
            "alice: where am i",
            "said: Portland",
        ),
    ),
    Story(
        "a trip moved to saturday is never left on friday",
        (
            "alice: were going to tahoe fri",
            "tap Yes",
            "later 20",
            "alice: actualy we leave sat now",
            "tap Yes",
            "holds: travel.depart_date=2026-11-28",
            "never: Friday, November 27 | depart_date = 2026-11-27",
            "later 24",
            "alice: what's on my plate?",
            "said: Saturday",
        ),
    ),
    Story(
        "which part is wrong: the day back, not the trip",
        (
            "alice: going to tahoe sat, back tues",
            "asked: Is all of this right?",
            "tap No",
            "asked: Which part is wrong?",
            "tap you're back on Tuesday, December 1",
            "asked: Do you leave on Saturday, November 28?",
            "tap Yes",
            "holds: travel.depart_date=2026-11-28",
            "holds: travel.return_date=-",
            "never: Tuesday, December 1 | return_date",
            "later 24",
            "restart",
            "alice: /state",
            "said: Saturday, November 28",
            "alice: what's on my plate?",
        ),
        calibrating=True,
    ),
    Story(
        "a bill's day edited, then paid",
        (
            "alice: electric bill due fri",
            "tap Edit",
            "asked: Which part should I change?",
            "tap the electric bill due date: Friday, November 27",
            "alice: friday dec 4",
            "asked: Is the electric bill due Friday, December 4?",
            "tap Yes",
            "holds: financial.electric_bill.due_date=2026-12-04",
            "never: Friday, November 27 | due_date = 2026-11-27",
            "later 200",
            "alice: paid it this morning",
            "tap Yes",
            "holds: financial.electric_bill.status=paid",
            "never: the electric bill is due | Overdue",
            "restart",
            "alice: what's on my plate?",
        ),
        calibrating=True,
    ),
)
