"""The realistic evaluation sets: text written the way people write in public dialogue corpora.

``tests/extraction/realistic/`` holds four sets (persona chat, retold past events,
booking requests, counterfactuals and wishes), each in a ``dev`` half (tune on it)
and a ``heldout`` half (scored once at the end; only its aggregate figures are
asserted here, never its individual records). README.md there is the labelling guide.

Besides the usual record keys, a record may carry ``forbid``: fields the text must
not yield as an assertive or planning observation ("my friend lives in Denver" must
not set profile.home_city), and ``at``: the message's own time with its UTC offset (the
default is ``AT``), for dates said across a month's or a year's end and after midnight.

The floors are what the extractor reached when the sets were written, minus a small
margin: they catch regressions and are to be raised as the extractor improves.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from extraction_fixtures import AT, DEV_PATH, LABELLED_PATH

from core.domain.fields import FIELD_SPECS, spec_for
from core.extraction.batch import primed
from core.extraction.evaluation import LabelledRecord, evaluate, parse_record
from core.extraction.offline import extract_offline
from core.extraction.types import Extraction, SourceKind

REALISTIC = Path(__file__).with_name("realistic")
SETS = ("persona", "retellings", "booking", "counterfactuals")
HALVES = ("dev", "heldout")
DEV2_SETS = ("persona", "retellings")
"""Sets with a second dev half, ``<set>-dev2.jsonl``: written later in another style (long
slangy chat messages, Reddit-style retellings, advice posts with facts inside), to tune
on once the first dev halves were saturated. Not counted in the planned set sizes."""
VOICE_SETS = ("chat", "forum")
"""Sets written later in other voices (issue 24): chat typed in lower case with typos,
arrivals, spoken time zones, questions about plans and conditions; forum posts (advice
with a fact inside, long retold stories, counterfactual prose, negation, modals)."""
MORE_VOICES = ("sms", "nonnative", "transcript", "literary", "notes")
"""Five more voices (issue 24), 64 records each: terse SMS/WhatsApp with emoji and
abbreviations; non-native English; voice transcripts without punctuation, with fillers
and run-ons; literary and news prose heavy with counterfactuals and modals (third-person
controls included); Markdown note lines (HEARTBEAT.md/MEMORY.md style, tagged
``markdown`` and read as ``static_markdown``)."""
WRITTEN_VOICES = ("texting", "voicenotes", "email")
"""Three voices written before any tuning on them (issue 24, third round), 80 records
each: texting (lower case, no apostrophes, "were" for "we're", "nite", "tmrw", "r", "u");
dictated voice notes (run-ons, fillers, auto-capitalised); emails (polite, longer,
greetings and sign-offs around the fact)."""
PARENT_VOICES = ("parents",)
"""A parents' group chat (issue 24, fourth round), 82 records, written and committed with
its baseline before any rule was tuned on it: school pickups and carpools, kids sick and
better, closures and moved practices, who is away, in lower case with emoji and the
children's first names."""
FIFTH_VOICES = ("assistant", "family")
"""Two voices of the fifth round (issue 24), 82 records each, written and committed with
their baseline before any rule was tuned on them: what a person types to an AI assistant
(reminders and bookings asked for, "fyi I'm in…", "update: we moved the trip…",
corrections, questions about the calendar) and household logistics between partners
("im at moms till 6", "kids r w me", "back from costco", "flight got pushed to tues")."""
SIXTH_VOICES = ("slack", "caregiving", "roaming", "moving")
"""Four voices of the sixth round (issue 24), 72 records each, 36 dev / 36 held-out, written
and committed with their baseline before any rule was tuned on them: workplace Slack
(out of office, moved meetings, projects blocked or shipped, job changes, spoken time
zones), caregiving and medical family logistics (relatives in and out of hospital, moved
appointments, medical bills), messages typed on a phone while travelling (bare arrivals,
delays, "back home", trips that never happened) and moving house (new home cities,
leases, deposits and utility bills)."""
SEVENTH_VOICES = ("british", "friends", "status", "longform")
"""Four voices of the seventh round (issue 24), 72 records each, 36 dev / 36 held-out,
written and committed with their baseline before any rule was tuned on them: British and
Australian English (mum, holiday, fortnight, flat, "on the 5th", "Tuesday week", "off
sick"), a group chat of friends (weekend plans, "omw", "here!", trips planned and called
off, other people's news), short status updates ("wfh today", "OOO till mon", "in SF this
week") and long Reddit-style posts and diary entries (one or two current facts amid
history, counterfactuals and other people's facts)."""
EIGHTH_VOICES = ("money", "health", "elders", "travelogue")
"""Four voices of the eighth round (issue 24), 72 records each, 36 dev / 36 held-out, written
and committed with their baseline before any rule was tuned on them: money said casually
(bills, refunds, splitting costs, subscriptions, paychecks), health in the first person and
the family's (appointments, medicines, being sick and better, a relative in hospital), older
adults typing (full sentences, odd capitals, ALL CAPS words, ellipses, "Dear", signed with
their name) and trip diaries and posts written mid-trip (where the writer is now amid what
they did)."""
NINTH_VOICES = ("students", "shifts", "autocorrect", "itinerary")
"""Four voices of the ninth round (issue 24), 72 records each, 36 dev / 36 held-out, written
and committed with their baseline before any rule was tuned on them: college students
(dorms, exams, a semester abroad, home for break, internships, slang and typos), shift
workers and office chat (rota, on call, WFH, business trips, new jobs, being let go), text
damaged by autocorrect and dictation ("there" for "their", "four" for "for", run-ons,
stray capitals) and plans written as lists and itineraries ("Fri 6am SFO->JFK", "Mon:
dentist 3pm", "rent due 1st", arrows, bullets, where the writer is now among them)."""
TENTH_VOICES = ("gamers", "worldenglish", "couples", "handoff")
"""Four voices of the tenth round (issue 24), 72 records each, 36 dev / 36 held-out, written
and committed with their baseline before any rule was tuned on them: gamers' Discord chat
(handles, "brb", "afk", "gg", lower case, LAN trips, servers' time zones), Indian,
Nigerian, Singaporean and Filipino English ("I will be reaching Delhi by 6", "out
station", "I stay in Pune", "lah", dd/mm dates, "Rs" and "18k"), couples coordinating by
text (pet names, emoji, "babe landed", "omw home", the kids and the bills) and messages
handed on: quoted, forwarded or pasted from someone else or from a notification ("from
mom: …", "Fwd: your flight …", "> are you still in …"), where the facts may be the
writer's or another person's."""
PROBE_SETS = (
    "probes11",
    "probes12a",
    "probes12b",
    "probes13a",
    "probes13b",
    "probes13i",
    "probes13c",
    "probes13d",
    "probes14b",
    "probes14b2",
    "probes14b3",
    "probes14a",
    "probes15b",
    "probes15b2",
    "probes15b3",
    "probes15a",
    "probes15a2",
    "probes15a3",
    "probes15c",
    "probes15c2",
    "probes15c3",
    "probes16a",
    "probes16a2",
    "probes16a3",
    "probes16b",
    "probes16b2",
    "probes16b3",
    "probes16c",
    "probes16c2",
    "probes16c3",
    "probes17a",
    "probes17a2",
    "probes17a3",
    "probes17c",
    "probes17c2",
    "probes17c3",
    "probes17b",
    "probes17b2",
    "probes17b3",
    "probes17d",
    "probes17d2",
    "probes17d3",
    "probes18d",
    "probes18d2",
    "probes18d3",
    "probes18c",
    "probes18c2",
    "probes18c3",
    "probes18b",
    "probes18b2",
    "probes18b3",
    "probes18a",
    "probes18a2",
    "probes18a3",
    "probes19a",
    "probes19a2",
    "probes19a3",
    "probes19d",
    "probes19d2",
    "probes19d3",
    "probes19c",
    "probes19c2",
    "probes19c3",
    "probes19e",
    "probes19e2",
    "probes19e3",
    "probes19b",
    "probes19b2",
    "probes19b3",
    "probes20b",
    "probes20b2",
    "probes20b3",
    "probes20c",
    "probes20d",
    "probes20d2",
    "probes20a",
    "probes20a2",
    "probes20a3",
    "probes21d",
    "probes21d2",
    "probes21d3",
    "probes21c",
    "probes21c2",
    "probes21c3",
    "probes21a",
    "probes21a2",
    "probes21b",
    "probes22b",
    "probes22b2",
    "probes22a",
    "probes22a2",
    "probes22a3",
    "probes22c",
    "probes22c2",
    "probes22c3",
    "probes22e",
    "probes22d",
    "probes23a",
    "probes23a2",
    "probes23b",
    "probes23b2",
    "probes23c",
    "probes23c2",
    "probes23e",
    "probes23g",
    "probes23d",
    "probes23d2",
    "probes23f",
    "probes24d",
    "probes24c",
    "probes24e",
    "probes24b",
    "probes24a",
    "probes25a",
    "probes25b",
    "probes26a",
    "probes26b",
    "probes27a",
    "probes28a",
    "probes28b",
    "probes29a",
    "probes29b",
    "probes31a",
    "probes32a",
    "probes32b",
    "probes32c",
    "probes33a",
    "probes33b",
    "probes34a",
    "probes34b",
    "probes34c",
    "probes34d",
    "probes35a",
    "probes35b",
    "probes35c",
    "probes36a",
    "probes36b",
    "probes36c",
    "probes37a",
    "probes37v",
    "probes37w",
)
"""Dev-only sets: sentences written by the helper that changed the rules, in many voices
(texting, email, dictation, non-native, British, Indian, Nigerian, Filipino and Australian
English, lists, quoted text, advice posts), to find classes of phrasing, not to measure
generalisation: ``probes11`` (eleventh round, every domain), ``probes12a`` (twelfth round,
travel, location and timeline), ``probes12b`` (twelfth round, everything but travel:
intent, family, health, home and time zone, work, money, schedules, pets), ``probes13a``
(thirteenth round: trips, whereabouts, homes, time zones and itineraries in the voices the
held-out halves found weakest, written without opening any realistic set), ``probes13b``
(thirteenth round, everything but travel: relatives' health and whereabouts, carers' notes,
family events, bills, debts, refunds, subscriptions, jobs, projects, names, homes, zones,
diets), ``probes13i`` (thirteenth round, intents: a booking desk's customer, letters,
carers' hand-over notes, gamers, family chat, health, travel diaries, tags, hedges and
indirect requests), ``probes13c`` (thirteenth round, mixed tenses: departures told in the
past, an illness past and a better present, arrivals with a complaint, a status then a
subjectless plan, somewhere since long ago) and ``probes13d`` (thirteenth round: fragments,
carers' and status notes, labelled lines, lists, reaction words after the fact, "'s" for
"is", and data gaps: shops typed in lower case, rand, zones in capitals, holiday islands),
``probes14b`` (fourteenth round, everything but travel, one batch per file: money written
every way — "R8 500", "1.200,50 €", "$2.4k" —, headline bills, subscriptions, work status
lines, names, zones, homes, long posts, in gamers', students', couples', freelancers' and
world Englishes' voices) and ``probes14a`` (fourteenth round: travel and whereabouts, family and health, booking
dialogue and reported speech, in texting, dictation, carers' notes, formal mail, teens and
Indian, Nigerian, Filipino, German and Spanish speakers' English), ``probes15b``
(fifteenth round, one batch per file: trips, whereabouts, homes and itineraries in literary,
diary, nomads', students', teens', couples', forum and itinerary voices), and ``probes15a``
(fifteenth round, intents in the voices the held-out halves found weakest: a booking desk's
customer, health, mail, family, gamers, itineraries, travel diaries, carers' hand-over notes,
friends; requests put as statements, questions without their mark, indirect questions, hopes,
conditions, reported speech, imperative notes, lists; ``probes15a2`` and ``probes15a3`` are
its second and third batches), ``probes16a``, ``probes16a2``, ``probes16a3`` (sixteenth round,
intents, one batch each: quoted and unmarked questions, tags, softened and indirect
requests, reported speech and hearsay, hedged and negated facts, "unless", "in case",
"whether or not", irony, habits, duties ahead, a desk's guest, hand-off notes, timetables,
long mixed posts), and ``probes15c``, ``probes15c2``, ``probes15c3`` (fifteenth round, one batch each, no travel or money:
relatives' health, carers' and colleagues' handoffs, family events and school days off,
work status, names, diets, zones, in gamers', students', teens', literary, long-post,
freelancers' and world Englishes' voices), and ``probes16b`` (sixteenth round, one batch per
file: trips by their purpose and length, relative anchors, new homes, layovers, returns said
by absence, whereabouts inside stories, abbreviated and misspelt places, in literary, nomads',
diary, itinerary, students', teens', couples', world Englishes' and dictated voices; ``probes16b2`` and ``probes16b3`` are its second and third batches).
freelancers' and world Englishes' voices), and ``probes16c`` (sixteenth round, one batch
each, the people side: carers' and babysitters' hand-offs, kin chains and appositions,
illnesses ended, money said in words, freelancers' invoices, world Englishes, students,
parents' chats, long posts), and ``probes17a``, ``probes17a2``, ``probes17a3`` (seventeenth
round, one batch each: notes passed between people who share care of someone — co-parents'
handovers and custody weeks, carers' and sitters' shift notes, colleagues' handovers, family
logistics, labelled and bulleted lines, emoji, long notes with several facts),
``probes17c``, ``probes17c2``, ``probes17c3`` (seventeenth
round, one batch each: teens', students', gamers' and nomads' chat — places said bare or
pinned, offsets, visa runs and legs, the trip home, money sent by app, invoices, zones said
as "here", hedges, irony and choices asked without their mark), and ``probes17b`` (seventeenth round, one batch per file:
present facts inside literary and elevated prose, long journal entries and posts,
travelogues and advice posts; memories, hypotheticals and other people's stories as
controls; ``probes17b2`` and ``probes17b3`` are its second and third batches), and ``probes17d`` (seventeenth round, words17d: the intent
of polite mail, out-of-office lines, a booking desk's customer, pasted itineraries and
holiday-rental hosts, whose plans a confirmation or an itinerary states; ``probes17d2`` and
``probes17d3`` are its second and third batches), and ``probes18d`` (eighteenth round,
words18d: the errands of a week — holiday-rental hosts and guests, commuters' delays and
remote days, patients and relatives in and out of hospital, elders' letters, week plans,
moving house, bills, debts and subscriptions, mail forwarded to the assistant, a booking
desk's customer; ``probes18d2`` and ``probes18d3`` are its second and third batches),
``probes18c``, ``probes18c2``,
``probes18c3`` (eighteenth round, one batch each: teens', students', gamers', couples',
friends' and nomads' chat, dictated voice notes, autocorrect's real-word slips, heavy
abbreviations and emoji put for words), ``probes18b`` (eighteenth round,
words18b, one batch per file: present facts buried in literary prose, long messages, trip
reports, advice posts, retellings, transcripts and Indian, Nigerian, Filipino, Singaporean
and Irish English; ``probes18b2`` and ``probes18b3`` are its second and third batches),
and ``probes18a`` (eighteenth round, words18a: co-parents',
carers' and nannies' hand-offs, shift hand-overs at home, family group chats, notes to self
and grandparents texting: present states explained by a past clause or bounded by "till",
bare states, money between parents, with requests, questions and counterfactuals;
``probes18a2`` and ``probes18a3`` are its second and third batches), ``probes19a`` (nineteenth round, words19a: hand-offs and households — timed bullet
hand-over notes, "had …" then "she's been …", who has the children when, a third person's
report of someone's state, doses and appointments handed over, pick-up and drop-off
changes, a present fact beside its past explanation, "pu", "appt", "meds", "bday", lower
case and typos; with requests, questions, conditions, counterfactuals and history;
``probes19a2`` is its second batch: carers' readings and ward news, house- and pet-sitters,
school-run chats, fridge notes, custody weeks, typos and a writer's own state beside a
child's; ``probes19a3`` its third: timestamped forwards, update threads with emoji,
transcribed voice notes, wards and units, pets, appliances and a writer on nights beside
whoever covers), ``probes19d``
(nineteenth round, words19d: life admin — hosts and guests, bills, debts and
subscriptions, booking confirmations and itineraries pasted from mail, world Englishes,
elders' letters, health, commuters; ``probes19d2`` and ``probes19d3`` are its second and
third batches), ``probes19c``
(nineteenth round, words19c, one batch per file: teens', students', gamers', couples',
friends' and nomads' chat, voice notes and autocorrect; slang for places and states, loose
times, questions in statement order, plans against presence; ``probes19c2`` and
``probes19c3`` are its second and third batches), ``probes19b``
(nineteenth round, words19b: literary narrative present, facts told as descriptions, jobs
and homes said in passing, long catch-ups with several facts, retold conversations, diaries,
letters and transcripts of speech; ``probes19b2`` and ``probes19b3`` are its second and
third batches), and ``probes19e`` (nineteenth round, intent19: the intent boundaries the dev halves miss
most — a present fact explained by a past clause, present arrangements that look like
plans, perfects that state the present, habits, someone else's present state, questions in
statement order, conditionals, wishes and plans, in chat, mail, notes, hand-offs, stories
and world Englishes; ``probes19e2`` is its second batch: reported news, a present state
with its cause, others' habits, mail and carers' notes, elders, gamers, co-parents; ``probes19e3`` its third: news relayed and reported,
results that hold, habits, memories as controls, "in case", "whether or not", present and
ahead of the same words, questions without their mark, mail openers and sign-offs),
``probes20b`` (twentieth round, w20b: messages that claim nothing — requests, questions,
good wishes, a booking desk's customer and clerk, polite mail, texting, parents' chat,
Slack, world Englishes, elders, opinions of the world at large — with facts that must
commit as controls; ``probes20b2`` and ``probes20b3`` are its second and third batches),
``probes20c`` (twentieth round, w20c: the boundaries of a present fact with the past, with
nothing and with what might be — a present state after a past clause, a place reached
after chores, completed trips of long ago, hedges and greetings that still tell a fact,
plans called off, "otherwise", a home moved, arrivals expected with "should"; one batch),
``probes20d`` and ``probes20d2`` (twentieth round, field recall in the voices whose held-out
halves lose most fields: hand-offs and notices, long posts, gamers, students, couples,
nomads, itineraries, roaming, world Englishes, travelogues, carers and co-parents),
``probes20a`` (twentieth round, w20a: the boundary between a state that holds now with a
time ahead — away till Monday, off sick this week, a bill due, a closure, a custody week, a
rota, a booking held, a stay with its end ahead — and the speaker's own plan, in texting,
mail, Slack, carers', parents', elders' and world Englishes' voices, with controls;
``probes20a2`` and ``probes20a3`` are its second and third batches),
``probes21d``, ``probes21d2`` and ``probes21d3`` (twenty-first round, w21d: field recall
again in the voices whose held-out halves lose most fields — pasted and relayed texts,
replies under a quoted question, long posts with the fact mid-way, itineraries, travel
logs, Indian and Nigerian English, gamers, teens, students, couples, nomads),
``probes21c`` (twenty-first round, w21c: messages that tell no state of the writer's —
gamers, teens, forum posts, voice notes, workplace chat, support tickets, small talk about
recipes, weather and sport, sarcasm, rhetorical questions, lyrics and sayings, advice to
others, others' views, third parties' news — with facts that must commit as controls;
``probes21c2`` and ``probes21c3`` are its second and third batches), ``probes21a``
(twenty-first round, w21a: statements about now beside a past clause or with no verb — a
state after the story of how it came about, present perfects and "since", states after "as
of", quoted and relayed present facts, verbless notes — with histories as controls;
``probes21a2`` is its second batch, in relayed news, co-parents', guests', gamers' and
teens' voices), ``probes21b`` (twenty-first round, w21b: the boundary of ``probes20a``
and the one with what is only imagined, in co-parents', hosts', agents' and mail voices: "with her dad until Sunday",
"off till the 23rd", pasted confirmations, "I'd come but I'm in Glasgow till Friday"; one
batch), ``probes22b`` (twenty-second round, w22b: messages that tell no state of the
writer's in voices the earlier batches lacked — Discord servers, parish newsletters, recipe
and hobby forums, reviews, Gen-Z sarcasm, dictated letters, OCR text, Spanglish and Hinglish
— with facts told indirectly and controls; ``probes22b2`` is a short second batch on views of
places and things, groups' trips and runs stuck, in listings, notices and fans' chat), ``probes22a`` (twenty-second round, w22a: present states beside tense cues that
mislead — a day ahead bounding a stay, a past event explaining a state now, a way home that
ended — and ended stays and plans as controls, in voice memos, older people's letters,
Indian, Nigerian, Filipino and German speakers' English, shift notes, parents' chat, club
notices and trip reports; ``probes22a2`` is its second batch, in nurses', sailors', rig and
haulage workers', military families', Kenyan, Ghanaian, Spanish and Dutch speakers' voices;
``probes22a3`` its third, in Irish, South African, Caribbean and Singaporean English, air
crew's, lorry drivers' and academics' voices).
``<set>-dev.jsonl`` only; tuned on, so only each batch's figure before its fixes says
anything about unseen text."""
ELEVENTH_VOICES = ("nomads", "teens", "freelance", "planners")
"""Four voices of the eleventh round (issue 24), 72 records each, 36 dev / 36 held-out,
written and committed with their baseline before any rule was tuned on them: expats and
digital nomads (visas, moving countries, "based in Lisbon now", time zones said every way:
"on CET these days", "GMT+7", "8 hrs ahead of you"; rent in euros and baht), teenagers
texting parents and friends ("at jess's", "can i stay over", "ngl", "omw", siblings sick,
school closed, practice moved, "venmo me 20"), freelancers and small-business owners
(invoices paid late, studio rent, projects shipped, paused or cancelled, a week working
from another city, clients' time zones and facts as controls) and event, wedding and
group-trip planning chats (venues, moved dates, who is flying in as third-person
controls, the writer's own travel amid everyone else's, conditions)."""
TWELFTH_VOICES = ("coparents", "patients", "hosts", "commuters")
"""Four voices of the twelfth round (issue 24), 72 records each, 36 dev / 36 held-out,
written and committed before the extractor was run on them: separated parents sharing
custody ("kids r at their dads til sunday", swapped weekends, handovers, sick kids, the
ex's travel as a control), people living with an illness or recovering ("got discharged
yesterday", moved surgeries, flare-ups, the family's health), people hosting guests and
visitors (the guests' flights and stays as controls amid the host's own facts) and business
travellers and long commuters (client sites, hotels, red-eyes, delayed trains, "stuck in
Newark overnight", time zones when away)."""
TWENTY_NINTH_VOICES = ("dictation", "codeswitch")
"""Two voices of the twenty-ninth round (issue 24), 64 records each, 32 dev / 32 held-out,
written and committed with their baseline before any rule was tuned on them: dictation by
older users whose phone writes the punctuation they speak ("Hi Linda comma I'm at the
hospital with my husband period"), with letters' openings and sign-offs said aloud, and
English code-switched with Spanish, Hindi and Tagalog ("estoy en Madrid this week for
work, back el viernes", "kal ki flight hai to Mumbai", "landed in Manila na"), each with
look-alikes that claim nothing (others' facts, questions, wishes, conditions, the past)."""
TWENTY_NINTH_B_VOICES = ("pets", "matchday")
"""Two more voices of the twenty-ninth round (issue 24, words29b), 60 records each, 30 dev /
30 held-out, written and committed with their baseline before any rule was tuned on them:
pet owners (kennels and sitters while they travel, vet bills, a pet's illness or surgery,
which is never ``family.<pet>.status``, the household's own health) and sports fans on
match days (away trips, "in Manchester for the derby", season tickets, the team's home and
the final's city as look-alikes, mates' trips, "if we'd taken that penalty…")."""
THIRTIETH_MONEY = ("bills30",)
"""The thirtieth round's money voice (words30, money30), 80 dev / 61 held-out records, the
held-out half written and committed first, both before any rule was tuned on them: bills told
of "it" in the next clause ("…is $140 and it is due on the 15th", "the gas bill came, $80, due
friday"), recurring costs named by a thing ("the storage unit is $95 a month"), prices "each",
a trip's cost ("tickets for the Madrid trip came to €380"), "home all week" and invitations
("if you fancy", "wanna come…", "we could do dinner friday?"), with look-alikes: others'
bills, questions, conditions, the past, wishes. Unequal halves, so checked apart from the
voices above."""
THIRTIETH_VOICES = ("renovation", "academics", "nightfeeds")
"""Three voices of the thirtieth round (issue 24, words30), written and committed with their
baseline before any rule was tuned on them, each split 7 of every 12 records to dev and 5 to
held-out (about 70 / 50): people renovating a home (contractors, quotes, deposits and
balances, a kitchen out of action, staying elsewhere while the work is done, neighbours'
and in-laws' works as look-alikes), academics travelling to conferences, written tersely
(visas, talks, deadlines, per-diem claims and reimbursements, flights booked by a
department, colleagues' trips as look-alikes) and new parents typing at night (fragments
without capitals, the baby's health and sleep, the partner's shifts and trips,
appointments moved, questions to the group)."""
THIRTY_FIRST_VOICES = ("weddings", "flatmates", "snowbirds")
"""Three voices of the thirty-first round (issue 24, voices31), written and committed with
their baseline before any rule was tuned on them, each split 7 of every 12 records to dev
and 5 to held-out (about 70 / 50): couples and families planning a wedding (venues,
deposits and balances, fittings and tastings moved, guests' travel, a destination wedding),
a shared house's group chat (rent splits, bills, who is away, subletting, keys, guests; the
flatmates' own news as look-alikes) and retirees who winter somewhere warm (leaving for
Florida, Arizona or Spain, house-sitters, the RV, coming home in spring, doctors in both
places; older writers, full sentences and ALL CAPS)."""
_LATER_VOICES = (
    VOICE_SETS
    + MORE_VOICES
    + WRITTEN_VOICES
    + PARENT_VOICES
    + FIFTH_VOICES
    + SIXTH_VOICES
    + SEVENTH_VOICES
    + EIGHTH_VOICES
    + NINTH_VOICES
    + TENTH_VOICES
    + ELEVENTH_VOICES
    + TWELFTH_VOICES
    + TWENTY_NINTH_VOICES
    + TWENTY_NINTH_B_VOICES
)
_ALL_HALVES = (
    [(n, h) for n in SETS for h in HALVES]
    + [(n, "dev2") for n in DEV2_SETS]
    + [(n, h) for n in _LATER_VOICES for h in HALVES]
    + [(n, h) for n in THIRTIETH_VOICES for h in HALVES]
    + [(n, h) for n in THIRTIETH_MONEY for h in HALVES]
    + [(n, h) for n in THIRTY_FIRST_VOICES for h in HALVES]
    + [(n, "dev") for n in PROBE_SETS]
)
_FACTUAL = frozenset({"assertive", "planning"})
_WHERE = frozenset({"travel.location", "travel.status"})


def _raw(name: str, half: str) -> list[dict[str, Any]]:
    lines = (REALISTIC / f"{name}-{half}.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _records(name: str, half: str) -> list[LabelledRecord]:
    return [parse_record(obj) for obj in _raw(name, half)]


@dataclass(frozen=True)
class Figures:
    """What one half of one set measures."""

    accuracy: float
    field_recall: float
    false_commit_rate: float
    counterfactual_rate: float
    forbidden: int
    """Records that yielded a field listed in their ``forbid``."""
    spurious_where: float
    """Share of records not labelled assertive that still gave an assertive
    travel.location or travel.status (the task-oriented safety figure)."""


def _message(rec: LabelledRecord) -> tuple[str, SourceKind]:
    return rec.text, "static_markdown" if "markdown" in rec.tags else "conversation_assertive"


def measure(name: str, half: str) -> Figures:
    """Each record read once: the readings ``evaluate`` scores are the ones checked for
    forbidden fields and a spurious where (the same text, time, source and subject)."""
    raw = _raw(name, half)
    readings: list[Extraction] = []

    def read(text: str, **context: Any) -> Extraction:
        readings.append(extract_offline(text, **context))
        return readings[-1]

    records = [parse_record(o) for o in raw]
    # Parsed in batches first, as `canon eval intents` does (about 40 % less time): the
    # readings are the same, only the spaCy calls are batched.
    report = evaluate(primed(records, _message), read, default_at=AT)
    forbidden = 0
    not_assertive = 0
    spurious = 0
    for obj, ex in zip(raw, readings, strict=True):
        factual = {o.field for o in ex.observations if o.intent in _FACTUAL}
        forbidden += bool(factual & set(obj.get("forbid", ())))
        if "assertive" not in obj["intent"]:
            not_assertive += 1
            spurious += any(o.intent == "assertive" and o.field in _WHERE for o in ex.observations)
    return Figures(
        accuracy=report.accuracy,
        field_recall=report.field_recall,
        false_commit_rate=report.false_commit_rate,
        counterfactual_rate=report.counterfactual_rate,
        forbidden=forbidden,
        spurious_where=spurious / not_assertive if not_assertive else 0.0,
    )


# ---------------------------------------------------------------- well formed


def _known_field(name: str) -> bool:
    return any(spec.matches(name) for spec in FIELD_SPECS)


@pytest.mark.parametrize(("name", "half"), _ALL_HALVES)
def test_every_record_is_well_formed(name: str, half: str) -> None:
    """Valid intent labels, the half it sits in, catalogue fields with allowed
    values, and no field both expected and forbidden."""
    for obj in _raw(name, half):
        rec = parse_record(obj)  # raises on a bad label or time
        keys = {
            "text",
            "intent",
            "expect",
            "expect_project",
            "forbid",
            "tags",
            "split",
            "recent_subject",
            "at",
        }
        assert set(obj) <= keys, obj
        assert rec.split == half, obj
        assert rec.text, obj
        assert rec.text == rec.text.strip(), obj
        for field, value in rec.expect.items():
            assert _known_field(field), (field, obj)
            allowed = spec_for(field).values
            assert not allowed or value in allowed, (field, value, obj)
        forbid = obj.get("forbid", [])
        assert all(_known_field(f) for f in forbid), obj
        assert not set(forbid) & set(rec.expect), obj
        assert set(rec.tags) <= {"counterfactual", "markdown"}, obj
        if "counterfactual" in rec.tags:
            assert not _FACTUAL & set(rec.intents), obj


def test_the_sets_are_large_split_in_halves_and_new() -> None:
    """Sizes as planned, halves of equal size, no text twice and none copied
    from the other labelled sets."""
    sizes = {"persona": 200, "retellings": 150, "booking": 120, "counterfactuals": 95}
    seen: set[str] = set()
    for name in SETS:
        dev, heldout = _records(name, "dev"), _records(name, "heldout")
        assert len(dev) + len(heldout) >= sizes[name], name
        assert abs(len(dev) - len(heldout)) <= 1, name
        for rec in dev + heldout:
            key = rec.text.casefold()
            assert key not in seen, rec.text
            seen.add(key)
    others = [LABELLED_PATH] + ([DEV_PATH] if DEV_PATH.exists() else [])
    for path in others:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                assert json.loads(line)["text"].casefold() not in seen, path


def test_the_second_dev_halves_are_new() -> None:
    """No text of a dev2 half twice, nor in any other half or labelled set."""
    others = {r.text.casefold() for n in SETS for h in HALVES for r in _records(n, h)}
    for path in [LABELLED_PATH] + ([DEV_PATH] if DEV_PATH.exists() else []):
        lines = path.read_text(encoding="utf-8").splitlines()
        others |= {json.loads(line)["text"].casefold() for line in lines if line.strip()}
    seen: set[str] = set()
    for name in DEV2_SETS:
        for rec in _records(name, "dev2"):
            key = rec.text.casefold()
            assert key not in seen, rec.text
            assert key not in others, rec.text
            seen.add(key)
    assert len(_records("persona", "dev2")) >= 110
    assert len(_records("retellings", "dev2")) >= 75


def test_the_voice_sets_are_new_and_split_in_halves() -> None:
    """No text twice, none from another set, halves of (nearly) equal size."""
    others = {r.text.casefold() for n in SETS for h in HALVES for r in _records(n, h)}
    others |= {r.text.casefold() for n in DEV2_SETS for r in _records(n, "dev2")}
    for path in [LABELLED_PATH] + ([DEV_PATH] if DEV_PATH.exists() else []):
        lines = path.read_text(encoding="utf-8").splitlines()
        others |= {json.loads(line)["text"].casefold() for line in lines if line.strip()}
    seen: set[str] = set()
    for name in _LATER_VOICES:
        dev, heldout = _records(name, "dev"), _records(name, "heldout")
        assert len(dev) >= (30 if name in MORE_VOICES else 35), name
        assert abs(len(dev) - len(heldout)) <= 1, name
        for rec in dev + heldout:
            key = rec.text.casefold()
            assert key not in seen, rec.text
            assert key not in others, rec.text
            seen.add(key)
    for name in THIRTIETH_MONEY:
        dev, heldout = _records(name, "dev"), _records(name, "heldout")
        assert len(dev) >= 75, name
        assert len(heldout) >= 55, name
        for rec in dev + heldout:
            key = rec.text.casefold()
            assert key not in seen, rec.text
            assert key not in others, rec.text
            seen.add(key)


def test_the_thirtieth_voices_are_new_and_split_seven_to_five() -> None:
    """No text twice, none from another set; about 70 dev and 50 held-out records each."""
    others = {
        r.text.casefold()
        for n, h in _ALL_HALVES
        if n not in THIRTIETH_VOICES
        for r in _records(n, h)
    }
    seen: set[str] = set()
    for name in THIRTIETH_VOICES:
        dev, heldout = _records(name, "dev"), _records(name, "heldout")
        assert len(dev) >= 65, name
        assert len(heldout) >= 45, name
        for rec in dev + heldout:
            key = rec.text.casefold()
            assert key not in seen, name  # a name: never print a held-out text
            assert key not in others, name
            seen.add(key)


def test_the_thirty_first_voices_are_new_and_split_seven_to_five() -> None:
    """No text twice, none from another set; about 70 dev and 50 held-out records each."""
    others = {
        r.text.casefold()
        for n, h in _ALL_HALVES
        if n not in THIRTY_FIRST_VOICES
        for r in _records(n, h)
    }
    seen: set[str] = set()
    for name in THIRTY_FIRST_VOICES:
        dev, heldout = _records(name, "dev"), _records(name, "heldout")
        assert len(dev) >= 70, name
        assert len(heldout) >= 50, name
        for rec in dev + heldout:
            key = rec.text.casefold()
            assert key not in seen, name  # a name: never print a held-out text
            assert key not in others, name
            seen.add(key)


_PROBE_MINIMUM = {
    "probes21a": 80,
    "probes21a2": 59,
    "probes20d": 80,
    "probes20d2": 79,
    "probes21d": 80,
    "probes21d2": 80,
    "probes21d3": 44,
    "probes13c": 80,
    "probes13d": 80,
    "probes14b": 80,
    "probes14b2": 80,
    "probes14b3": 80,
    "probes14a": 280,
    "probes15b": 80,
    "probes15b2": 80,
    "probes15b3": 80,
    "probes15a": 90,
    "probes15a2": 90,
    "probes15a3": 80,
    "probes15c": 80,
    "probes15c2": 80,
    "probes15c3": 80,
    "probes16a": 90,
    "probes16a2": 85,
    "probes16a3": 85,
    "probes16b": 85,
    "probes16b2": 85,
    "probes16b3": 80,
    "probes16c": 80,
    "probes16c2": 80,
    "probes16c3": 80,
    "probes17a": 80,
    "probes17a2": 80,
    "probes17a3": 80,
    "probes17c": 80,
    "probes17c2": 80,
    "probes17c3": 80,
    "probes17b": 80,
    "probes17b2": 80,
    "probes17b3": 80,
    "probes17d": 80,
    "probes17d2": 80,
    "probes17d3": 80,
    "probes18d": 80,
    "probes18d2": 80,
    "probes18d3": 80,
    "probes18c": 80,
    "probes18c2": 80,
    "probes18c3": 80,
    "probes18b": 80,
    "probes18b2": 80,
    "probes18b3": 74,
    "probes18a": 80,
    "probes18a2": 80,
    "probes18a3": 80,
    "probes19a": 80,
    "probes19a2": 80,
    "probes19a3": 80,
    "probes19d": 80,
    "probes19d2": 80,
    "probes19d3": 79,
    "probes19c": 80,
    "probes19c2": 80,
    "probes19c3": 80,
    "probes19e": 80,
    "probes19e2": 80,
    "probes19e3": 78,
    "probes19b": 84,
    "probes19b2": 83,
    "probes19b3": 77,
    "probes20b": 80,
    "probes20b2": 80,
    "probes20b3": 57,
    "probes20c": 81,
    "probes20a": 80,
    "probes20a2": 78,
    "probes20a3": 78,
    "probes21c": 85,
    "probes21c2": 76,
    "probes21c3": 41,
    "probes21b": 83,
    "probes22b": 81,
    "probes22b2": 30,
    "probes22a": 80,
    "probes22a2": 70,
    "probes22a3": 40,
    "probes22c": 80,
    "probes22c2": 40,
    "probes22c3": 40,
    "probes22e": 40,
    "probes22d": 42,
    "probes23a": 80,
    "probes23a2": 39,
    "probes23b": 80,
    "probes23b2": 40,
    "probes23c": 80,
    "probes23c2": 78,
    "probes23e": 50,
    "probes23g": 54,
    "probes23d": 51,
    "probes23d2": 29,
    "probes23f": 53,
    "probes24d": 76,
    "probes24c": 76,
    "probes24e": 74,
    "probes24b": 70,
    "probes24a": 77,
    "probes25a": 74,
    "probes25b": 70,
    "probes26a": 62,
    "probes26b": 63,
    "probes27a": 55,
    "probes28a": 53,
    "probes28b": 77,
    "probes29a": 50,
    "probes29b": 36,
    "probes31a": 77,
    "probes32a": 78,
    "probes32b": 69,
    "probes32c": 16,
    "probes33a": 72,
    "probes33b": 52,
    "probes34a": 70,
    "probes34b": 64,
    "probes34c": 72,
    "probes34d": 58,
    "probes35a": 67,
    "probes35b": 63,
    "probes35c": 83,
    "probes36a": 77,
    "probes36b": 87,
    "probes36c": 51,
    "probes37a": 52,
    "probes37v": 70,
    "probes37w": 70,
}
"""Probe sets written as one short batch on one theme (a forty-minute round), not three;
their floors are set with a wider margin; ``probes14a`` has three short batches (290)."""


def test_the_probe_sets_are_new() -> None:
    """No text twice, none from another set or labelled file; at least 300 records (80 for a
    single-batch set, ``_PROBE_MINIMUM``)."""
    others = {
        r.text.casefold() for n, h in _ALL_HALVES if n not in PROBE_SETS for r in _records(n, h)
    }
    for path in [LABELLED_PATH] + ([DEV_PATH] if DEV_PATH.exists() else []):
        lines = path.read_text(encoding="utf-8").splitlines()
        others |= {json.loads(line)["text"].casefold() for line in lines if line.strip()}
    for name in PROBE_SETS:
        texts = [r.text.casefold() for r in _records(name, "dev")]
        assert len(texts) >= _PROBE_MINIMUM.get(name, 300), name
        assert len(set(texts)) == len(texts), name
        clash = len(set(texts) & others)  # a count: never print another set's text
        assert clash == 0, name


def test_every_class_and_phenomenon_is_present() -> None:
    every = [r for name in SETS for half in HALVES for r in _records(name, half)]
    for cls in ("assertive", "planning", "hypothetical", "historical", "none"):
        assert sum(r.intents[0] == cls for r in every) >= 15, cls
    assert sum("counterfactual" in r.tags for r in every) >= 60
    assert sum(bool(o.get("forbid")) for n in SETS for h in HALVES for o in _raw(n, h)) >= 40


# ---------------------------------------------------------------- floors

# (set, half): accuracy, field recall, false commits, counterfactual commits,
# forbidden fields (records), spurious assertive location/status.
# Measured with the linguistic layer (spaCy parse, grammar checks, gazetteer), minus
# 0.03 accuracy and 0.05 field recall. Before it (commit 94ee22e) the dev/held-out
# accuracy was persona 0.80/0.85, retellings 0.50/0.53, booking 0.56/0.57,
# counterfactuals 0.84/0.94, with 8 and 1 false commits on the retellings halves.
FLOORS: dict[tuple[str, str], Figures] = {
    ("persona", "dev"): Figures(0.97, 0.95, 0.00, 0.00, 0, 0.00),
    ("persona", "heldout"): Figures(0.96, 0.82, 0.00, 0.00, 0, 0.00),
    ("retellings", "dev"): Figures(0.94, 0.95, 0.00, 0.00, 0, 0.00),
    ("retellings", "heldout"): Figures(0.89, 0.95, 0.00, 0.00, 0, 0.00),
    ("booking", "dev"): Figures(0.85, 0.78, 0.00, 0.00, 0, 0.00),
    ("booking", "heldout"): Figures(0.74, 0.95, 0.00, 0.00, 0, 0.00),
    ("counterfactuals", "dev"): Figures(0.93, 0.95, 0.00, 0.00, 0, 0.00),
    ("counterfactuals", "heldout"): Figures(0.95, 0.95, 0.00, 0.00, 0, 0.00),
    # The second dev halves, after the rule fixes they showed (before them: persona
    # 0.89/0.75 with one forbidden name, retellings 0.84/0.56).
    ("persona", "dev2"): Figures(0.95, 0.95, 0.00, 0.00, 0, 0.00),
    ("retellings", "dev2"): Figures(0.86, 0.76, 0.00, 0.00, 0, 0.00),
    # The voice sets (issue 24). Before the work on them (clauses together, arrivals,
    # questions about plans, spoken time zones): chat 0.85/0.78 dev, 0.83/0.74 held-out;
    # forum 0.76/0.81 dev, 0.81/0.57 held-out.
    ("chat", "dev"): Figures(0.95, 0.95, 0.00, 0.00, 0, 0.00),
    ("chat", "heldout"): Figures(0.97, 0.90, 0.00, 0.00, 0, 0.00),
    ("forum", "dev"): Figures(0.94, 0.95, 0.00, 0.00, 0, 0.00),
    ("forum", "heldout"): Figures(0.83, 0.61, 0.00, 0.00, 0, 0.00),
    # Five more voices (issue 24), after the work on their dev halves (habitual "would",
    # "moved … ago", thanks as none, subject left out, chat abbreviations, Markdown lines).
    # Before it, dev/held-out: sms 0.78/0.75 and 0.84/0.79; nonnative 0.94/0.75 and
    # 0.81/0.53; transcript 0.88/0.78 and 0.78/0.70 (one false commit, one forbidden
    # field); literary 0.91/0.64 (one false commit) and 0.88/0.17; notes 0.63/0.52 and
    # 0.66/0.48. sms dev's spurious 0.067 ("prob gonna skip the trip to austin", a hedged
    # cancellation kept assertive) is 0 since the fifth round: a weighed cancellation is
    # hypothetical.
    ("sms", "dev"): Figures(0.90, 0.95, 0.00, 0.00, 0, 0.00),
    ("sms", "heldout"): Figures(0.90, 0.79, 0.00, 0.00, 0, 0.00),
    ("nonnative", "dev"): Figures(0.97, 0.95, 0.00, 0.00, 0, 0.00),
    ("nonnative", "heldout"): Figures(0.84, 0.73, 0.00, 0.00, 0, 0.00),
    ("transcript", "dev"): Figures(0.97, 0.95, 0.00, 0.00, 0, 0.00),
    ("transcript", "heldout"): Figures(0.87, 0.68, 0.00, 0.00, 0, 0.00),
    ("literary", "dev"): Figures(0.97, 0.95, 0.00, 0.00, 0, 0.00),
    ("literary", "heldout"): Figures(0.87, 0.16, 0.00, 0.00, 0, 0.00),
    ("notes", "dev"): Figures(0.97, 0.95, 0.00, 0.00, 0, 0.00),
    ("notes", "heldout"): Figures(0.84, 0.66, 0.00, 0.00, 0, 0.00),
    # Three voices written before any tuning on them (issue 24, third round), after the
    # work on their dev halves (texting spellings, run-on clauses, letter formulas, bills
    # dated by a period, weekday ranges, stays with an end, cancellations that point back).
    # Before it, dev/held-out: texting 0.850/0.567 and 0.850/0.594; voicenotes 0.875/0.727
    # and 0.925/0.708; email 0.850/0.367 and 0.775/0.658. Held-out scored once at the end.
    ("texting", "dev"): Figures(0.94, 0.95, 0.00, 0.00, 0, 0.00),
    ("texting", "heldout"): Figures(0.89, 0.82, 0.00, 0.00, 0, 0.00),
    ("voicenotes", "dev"): Figures(0.97, 0.95, 0.00, 0.00, 0, 0.00),
    ("voicenotes", "heldout"): Figures(0.89, 0.65, 0.00, 0.00, 0, 0.00),
    ("email", "dev"): Figures(0.97, 0.95, 0.00, 0.00, 0, 0.00),
    ("email", "heldout"): Figures(0.77, 0.73, 0.00, 0.00, 0, 0.00),
    # The parents' group chat (fourth round), after the work on the dev halves (lower-case
    # first names read by the parse, the speaker away, activities named by their noun
    # phrase, run-ons cut at a verbless lead or a new subject). Before it: dev
    # 0.829/0.571, held-out 0.829/0.452; after, held-out 0.829/0.484 (scored once), 0.829/0.452 with main merged in.
    ("parents", "dev"): Figures(0.94, 0.95, 0.00, 0.00, 0, 0.00),
    ("parents", "heldout"): Figures(0.84, 0.49, 0.00, 0.00, 0, 0.00),
    # The fifth round's voices. Baseline (commit of the sets, before any rule was tuned on
    # them): assistant dev 0.927/0.818, held-out 0.976/0.765; family dev 0.805/0.476,
    # held-out 0.732/0.478 with two records giving a forbidden field. After the work on
    # the dev halves (held-out scored once): assistant 0.976/0.970 and 0.951/0.794 (the
    # held-out accuracy fell by one record; its floor is not lowered); family 0.976/0.857
    # and 0.732/0.565 with one forbidden field. The other floors were raised to the
    # figures of the same run minus the usual margin.
    ("assistant", "dev"): Figures(0.97, 0.95, 0.00, 0.00, 0, 0.00),
    ("assistant", "heldout"): Figures(0.94, 0.80, 0.00, 0.00, 0, 0.00),
    ("family", "dev"): Figures(0.97, 0.85, 0.00, 0.00, 0, 0.00),
    ("family", "heldout"): Figures(0.75, 0.60, 0.00, 0.00, 1, 0.00),
    # The sixth round's voices. Baseline (commit of the sets, before any rule was tuned on
    # them), dev / held-out: slack 0.917/0.739 and 0.778/0.737; caregiving 0.944/0.714 and
    # 0.944/0.520; roaming 0.778/0.632 and 0.833/0.562; moving 0.833/0.625 and 0.833/0.462.
    # After the work on the dev halves (held-out scored once, at the end): slack
    # 0.944/0.870 and 0.833/0.737 (its dev recall was 0.783 before with "a kid" labelled
    # family.kids, the catalogue's slug); caregiving 1.000/1.000 and 0.972/0.640; roaming
    # 1.000/0.947 and 0.861/0.594; moving 0.861/0.938 and 0.889/0.615. The floors are
    # these minus the usual margin; the sixth round also raised the floors of the older
    # halves that moved (booking, nonnative, texting, parents, assistant, family).
    ("slack", "dev"): Figures(0.97, 0.95, 0.00, 0.00, 0, 0.00),
    ("slack", "heldout"): Figures(0.83, 0.68, 0.00, 0.00, 0, 0.00),
    ("caregiving", "dev"): Figures(0.97, 0.95, 0.00, 0.00, 0, 0.00),
    ("caregiving", "heldout"): Figures(0.94, 0.59, 0.00, 0.00, 0, 0.00),
    ("roaming", "dev"): Figures(0.97, 0.89, 0.00, 0.00, 0, 0.00),
    ("roaming", "heldout"): Figures(0.83, 0.54, 0.00, 0.00, 0, 0.00),
    ("moving", "dev"): Figures(0.83, 0.88, 0.00, 0.00, 0, 0.00),
    ("moving", "heldout"): Figures(0.85, 0.64, 0.00, 0.00, 0, 0.00),
    # The seventh round's voices, at their baseline (the commit of the sets, before any
    # rule was tuned on them), dev / held-out: british 0.917/0.615 and 0.917/0.609;
    # friends 0.833/0.867 and 0.778/0.833 (one held-out record gives a forbidden field);
    # status 0.778/0.643 and 0.722/0.636; longform 0.833/0.520 and 0.861/0.406 (four
    # held-out records give a forbidden field). After the work on the dev halves (held-out
    # scored at the end, in aggregate): british 0.972/0.808 and 0.917/0.609; friends
    # 0.944/0.867 and 0.778/0.833; status 0.917/0.893 and 0.778/0.727; longform 0.889/0.760
    # and 0.861/0.406. Floors: these minus the usual margin; the seventh round also raised
    # the floors of the older held-out halves that moved (persona, retellings, sms,
    # texting, slack, moving).
    ("british", "dev"): Figures(0.94, 0.83, 0.00, 0.00, 0, 0.00),
    ("british", "heldout"): Figures(0.88, 0.55, 0.00, 0.00, 0, 0.00),
    ("friends", "dev"): Figures(0.97, 0.95, 0.00, 0.00, 0, 0.00),
    ("friends", "heldout"): Figures(0.74, 0.78, 0.00, 0.00, 1, 0.00),
    ("status", "dev"): Figures(0.88, 0.84, 0.00, 0.00, 0, 0.00),
    ("status", "heldout"): Figures(0.88, 0.72, 0.00, 0.00, 0, 0.00),
    ("longform", "dev"): Figures(0.85, 0.71, 0.00, 0.00, 0, 0.00),
    ("longform", "heldout"): Figures(0.83, 0.35, 0.00, 0.00, 4, 0.00),
    # The eighth round's voices, at their baseline (the commit of the sets, before any rule
    # was tuned on them), dev / held-out: money 0.972/0.588 (one dev record gives a
    # forbidden field) and 0.944/0.458; health 0.917/0.700 and 0.778/0.643; elders
    # 0.833/0.611 and 0.917/0.750; travelogue 0.833/0.741 and 0.806/0.467. After the work
    # on the dev halves (held-out scored in aggregate, mid-way and at the end): money
    # 0.972/1.000 (no forbidden field) and 0.917/0.542; health 1.000/0.900 and
    # 0.778/0.643; elders 0.972/0.944 and 0.944/0.750; travelogue 0.972/0.926 and
    # 0.806/0.500. Floors: these minus the usual margin, never below the baseline's
    # floor (money held-out keeps 0.91).
    ("money", "dev"): Figures(0.94, 0.95, 0.00, 0.00, 0, 0.00),
    ("money", "heldout"): Figures(0.91, 0.49, 0.00, 0.00, 0, 0.00),
    ("health", "dev"): Figures(0.97, 0.85, 0.00, 0.00, 0, 0.00),
    ("health", "heldout"): Figures(0.74, 0.59, 0.00, 0.00, 0, 0.00),
    ("elders", "dev"): Figures(0.94, 0.89, 0.00, 0.00, 0, 0.00),
    ("elders", "heldout"): Figures(0.91, 0.70, 0.00, 0.00, 0, 0.00),
    ("travelogue", "dev"): Figures(0.94, 0.87, 0.00, 0.00, 0, 0.00),
    ("travelogue", "heldout"): Figures(0.77, 0.45, 0.00, 0.00, 0, 0.00),
    # The ninth round's voices, at their baseline (the commit of the sets, before any rule
    # was tuned on them), dev / held-out: students 0.806/0.654 and 0.889/0.417; shifts
    # 0.778/0.739 and 0.861/0.667; autocorrect 0.861/0.708 and 0.806/0.478; itinerary
    # 0.750/0.176 and 0.556/0.222, where one dev and one held-out record not labelled
    # assertive gave an assertive location or trip status (spurious 0.048 and 0.056). Two
    # dev labels were corrected to the catalogue's slug after it (shifts dev was 0.783 at
    # the baseline by them). After the work on the dev halves (held-out scored in
    # aggregate, mid-way and at the end): students 0.889/0.846 and 0.889/0.417; shifts
    # 0.833/0.957 and 0.861/0.708; autocorrect 0.972/0.875 and 0.833/0.783; itinerary
    # 1.000/0.735 and 0.778/0.583, no spurious where left. Floors: these minus the usual
    # margin, never below the baseline's floor; the ninth round also raised the floors of
    # the older halves that moved (slack dev, nonnative and status held-out).
    ("students", "dev"): Figures(0.91, 0.83, 0.00, 0.00, 0, 0.00),
    ("students", "heldout"): Figures(0.85, 0.36, 0.00, 0.00, 0, 0.00),
    ("shifts", "dev"): Figures(0.85, 0.95, 0.00, 0.00, 0, 0.00),
    ("shifts", "heldout"): Figures(0.83, 0.65, 0.00, 0.00, 0, 0.00),
    ("autocorrect", "dev"): Figures(0.94, 0.82, 0.00, 0.00, 0, 0.00),
    ("autocorrect", "heldout"): Figures(0.80, 0.73, 0.00, 0.00, 0, 0.00),
    ("itinerary", "dev"): Figures(0.97, 0.77, 0.00, 0.00, 0, 0.00),
    ("itinerary", "heldout"): Figures(0.74, 0.53, 0.00, 0.00, 0, 0.00),
    # The tenth round's voices, at their baseline (the commit of the sets, before any rule
    # was tuned on them), dev / held-out: gamers 0.694/0.440 and 0.806/0.444; worldenglish
    # 0.806/0.487 and 0.861/0.333; couples 0.861/0.615 and 0.889/0.500; handoff 0.750/0.286
    # (two dev records give a forbidden field) and 0.611/0.200. No false commit, no
    # spurious where. Floors: these minus the usual margin. After the work on the dev
    # halves (tenth round; held-out figures left to the one scoring at the end): gamers
    # 0.778/0.720, worldenglish 0.889/0.795, couples 0.889/0.846, handoff 0.833/0.686, no
    # forbidden field left; dev floors raised to these minus the usual margin.
    ("gamers", "dev"): Figures(0.85, 0.71, 0.00, 0.00, 0, 0.00),
    ("gamers", "heldout"): Figures(0.77, 0.39, 0.00, 0.00, 0, 0.00),
    ("worldenglish", "dev"): Figures(0.94, 0.89, 0.00, 0.00, 0, 0.00),
    ("worldenglish", "heldout"): Figures(0.83, 0.28, 0.00, 0.00, 0, 0.00),
    ("couples", "dev"): Figures(0.86, 0.79, 0.00, 0.00, 0, 0.00),
    ("couples", "heldout"): Figures(0.85, 0.45, 0.00, 0.00, 0, 0.00),
    ("handoff", "dev"): Figures(0.80, 0.69, 0.00, 0.00, 0, 0.00),
    ("handoff", "heldout"): Figures(0.58, 0.15, 0.00, 0.00, 0, 0.00),
    # The eleventh round's own probe sentences (dev only, tuned on): 484 records in three
    # batches, each written before the fixes it then showed. Before the round (main at
    # 43ca7b8): 0.901/0.822, two records with a forbidden field; after it 0.940/0.912, none.
    ("probes11", "dev"): Figures(0.91, 0.86, 0.00, 0.00, 0, 0.00),
    # The twelfth round's travel, location and timeline probes (dev only, tuned on): 448
    # records in three batches, each written before the fixes it then showed. Before their
    # fixes (intent accuracy / field recall): batch 1 0.893/0.660 (two records with a
    # forbidden field), batch 2 0.919/0.714 (one), batch 3 0.957/0.745 (none); no false
    # commit. After the round, the whole set: 0.971/0.910, one forbidden field left.
    ("probes12a", "dev"): Figures(0.94, 0.84, 0.00, 0.00, 1, 0.00),
    # probes12b (twelfth round, no travel), three batches each scored before its fixes:
    # 0.901/0.506 (171; 0.924/0.512 once five labels followed the catalogue), 0.884/0.590
    # (147), 0.930/0.729 (100); after the round 0.947/0.874 on all 418, no false commit.
    ("probes12b", "dev"): Figures(0.92, 0.82, 0.00, 0.00, 0, 0.00),
    # probes13a (thirteenth round: trips, whereabouts, homes, time zones, itineraries), three
    # batches each committed before the extractor ran on it and scored before its fixes:
    # 0.917/0.716 (132, one false commit), 0.896/0.661 (125), 0.911/0.639 (101); after the
    # round 0.983/0.917 on all 358, no false commit, no forbidden field.
    ("probes13a", "dev"): Figures(0.95, 0.87, 0.00, 0.00, 0, 0.00),
    # probes13b (thirteenth round, no travel; no realistic set opened), three batches each
    # committed before the extractor ran on it and scored before its fixes: 0.887/0.586
    # (124), 0.828/0.542 (122), 0.878/0.507 (98); no false commit. After the round
    # 0.910/0.846 on all 344, no false commit.
    ("probes13b", "dev"): Figures(0.88, 0.80, 0.00, 0.00, 0, 0.00),
    # probes13i (thirteenth round, intents), three batches each scored before its fixes:
    # 0.795 (166; 0.813 once three labels followed the catalogue), 0.808 (125), 0.866 (97),
    # no false commit; after the round 0.925/0.833 on all 388, no false commit.
    ("probes13i", "dev"): Figures(0.90, 0.80, 0.00, 0.00, 0, 0.00),
    # probes13c (thirteenth round, mixed tenses; no realistic set opened), one batch of 81
    # committed before the extractor ran on it: 0.765/0.310 before its fixes, no false
    # commit; 0.889/0.908 after them. One record gives a forbidden field before and after
    # ("we left it too late to book a trip to …" reads as a trip planned).
    ("probes13c", "dev"): Figures(0.84, 0.85, 0.00, 0.00, 1, 0.00),
    # probes13d (thirteenth round: fragments, notes, lists, data gaps; no realistic set
    # opened), one batch of 83 committed before the extractor ran on it: 0.819/0.540, no
    # false commit; after its fixes 0.867/0.778, no false commit, no forbidden field.
    ("probes13d", "dev"): Figures(0.84, 0.74, 0.00, 0.00, 0, 0.00),
    # probes14b (fourteenth round, no travel: money written every way, work and projects,
    # names, zones, homes, long posts; no realistic set opened), batch 1 of 103, committed
    # before the extractor ran on it: 0.913/0.370 (44/119) before its fixes, no false
    # commit; 0.942/0.571 (68/119) after them.
    ("probes14b", "dev"): Figures(0.91, 0.52, 0.00, 0.00, 0, 0.00),
    # probes14b2 (fourteenth round, batch 2 of 93: errands and returns, refunds, Indian,
    # Nigerian, Irish, Singaporean and South African money, work, homes, long posts,
    # dictation, headlines), committed before the extractor ran on it: 0.731/0.400 (38/95)
    # before its fixes, no false commit; 0.796/0.632 (60/95) after them.
    ("probes14b2", "dev"): Figures(0.76, 0.58, 0.00, 0.00, 0, 0.00),
    # probes14b3 (fourteenth round, batch 3 of 82: debts between people, recurring prices,
    # labelled status lines, names said the Indian way, zones, long posts, counterfactual
    # and question controls), committed before the extractor ran on it: 0.829/0.493 (36/73)
    # before its fixes, no false commit; 0.841/0.575 (42/73) after them.
    ("probes14b3", "dev"): Figures(0.81, 0.52, 0.00, 0.00, 0, 0.00),
    # probes14a (fourteenth round: travel, whereabouts, family, health, booking dialogue;
    # no realistic set opened), batches each committed before the extractor ran on it and
    # scored before its fixes: batch 1 (110) 0.855/0.704, one false commit; batch 2 (104)
    # 0.875/0.667, one forbidden field; batch 3 (76) 0.803/0.667; no counterfactual commit.
    # After the round the whole set (290) 0.959/0.924, no false commit, no forbidden field
    # (eight labels set to the catalogue after their batch was scored: see its README).
    ("probes14a", "dev"): Figures(0.92, 0.86, 0.00, 0.00, 0, 0.00),
    # probes15b (fifteenth round: travel, whereabouts, homes and itineraries in literary,
    # nomads', students', teens', couples' and itinerary voices; no realistic set opened),
    # batch 1 of 95, committed before the extractor ran on it: 0.884/0.640 (73/114) before
    # its fixes, no false commit, no counterfactual commit; 0.937/0.825 after the round.
    ("probes15b", "dev"): Figures(0.90, 0.78, 0.00, 0.00, 0, 0.00),
    # probes15b2 (batch 2 of 91: literary and diary openings, stories with the fact in a
    # subordinate clause, nomads, students, teens, couples, itineraries, days every way),
    # committed before the extractor ran on it: 0.835/0.506 (44/87) before its fixes, one
    # forbidden field ("my ex is taking the kids to Spain…"); 0.879/0.713 after the round.
    ("probes15b2", "dev"): Figures(0.84, 0.66, 0.00, 0.00, 0, 0.00),
    # probes15b3 (batch 3 of 81: forum posts with frames and age tags, timetables, weekdays
    # with their dates, Easter, texting interjections, literary arrivals), committed before
    # the extractor ran on it: 0.815/0.536 (45/84) before its fixes; 0.877/0.762 after.
    ("probes15b3", "dev"): Figures(0.84, 0.71, 0.00, 0.00, 0, 0.00),
    # probes15a, probes15a2, probes15a3 (fifteenth round: intents in the weakest held-out
    # voices; no realistic set opened), one batch each committed before the extractor ran
    # on it and scored before its fixes: 0.809 (94), 0.874 (95), 0.838 (80); no false
    # commit. After the round 0.989, 1.000 and 0.938, no false commit.
    ("probes15a", "dev"): Figures(0.95, 0.90, 0.00, 0.00, 0, 0.00),
    ("probes15a2", "dev"): Figures(0.96, 0.90, 0.00, 0.00, 0, 0.00),
    ("probes15a3", "dev"): Figures(0.90, 0.90, 0.00, 0.00, 0, 0.00),
    # probes15c, 15c2, 15c3 (fifteenth round, words15c: health, family, events, work and
    # profile outside travel and money; no realistic set opened), one batch each, committed
    # before the extractor ran on it and scored before its fixes (field recall as first
    # labelled): batch 1 (97) 0.845/0.494 (38/77), two forbidden fields; batch 2 (90)
    # 0.900/0.460 (29/63); batch 3 (82) 0.915/0.556 (35/63); no false or counterfactual
    # commit. After the round: 0.887/0.842, 0.911/0.951, 0.927/0.806, no forbidden field.
    ("probes15c", "dev"): Figures(0.85, 0.79, 0.00, 0.00, 0, 0.00),
    ("probes15c2", "dev"): Figures(0.88, 0.90, 0.00, 0.00, 0, 0.00),
    ("probes15c3", "dev"): Figures(0.89, 0.75, 0.00, 0.00, 0, 0.00),
    # probes16a (sixteenth round, words16a: intents — questions quoted or without their mark,
    # softened and indirect requests, reported speech, hedged and negated facts, "unless",
    # "in case", irony, past habits, long mixed messages, a desk's guest; no realistic set
    # opened), batch 1 of 97, committed before the extractor ran on it: 0.794 (77/97)
    # before its fixes, no false commit; 0.948 after them (four labels set to the
    # catalogue's conventions after scoring: see its README).
    ("probes16a", "dev"): Figures(0.91, 0.70, 0.00, 0.00, 0, 0.00),
    # probes16a2 (batch 2 of 92: tags, negated and embedded questions, duties and
    # arrangements ahead, leave and offers asked, hearsay, formal mail, gamers, timetables,
    # diary, "whether or not", long mixed posts), committed before the extractor ran on it:
    # 0.620 (57/92) before its fixes, no false commit; 0.870 after them (six labels set to
    # the catalogue's conventions after scoring: see its README).
    ("probes16a2", "dev"): Figures(0.83, 0.00, 0.00, 0.00, 0, 0.00),
    # probes16a3 (batch 3 of 89: wh- exclamations, rhetorical and past questions, "assuming",
    # "provided", future perfect, "must" of deduction, passives of news, habits, negated
    # futures, care instructions, flight lines, teasers, a desk's one-word answers, long
    # posts), committed before the extractor ran on it: 0.888 (79/89) before its fixes, one
    # false commit ("as long as I'm back by 6 it's fine"); 0.966 after them, none.
    ("probes16a3", "dev"): Figures(0.93, 0.00, 0.00, 0.00, 0, 0.00),
    # probes16b, 16b2, 16b3 (sixteenth round, words16b: trips by purpose and length, relative
    # anchors, new homes, layovers, returns, misspelt places, location tags, timetable lines,
    # in literary, nomads', diary, itinerary, students', teens', couples', world Englishes'
    # and dictated voices; no realistic set opened), one batch each, committed before the
    # extractor ran on it and scored before its fixes: batch 1 (93) 0.828/0.613 (65/106),
    # batch 2 (90) 0.800/0.534 (55/103), batch 3 (80) 0.887/0.623 (43/69); no false or
    # counterfactual commit. After the round 0.892/0.783, 0.800/0.748 (one forbidden field:
    # "the team is flying to Austin on Friday, I'm staying behind" reads as the writer's
    # trip), 0.900/0.725.
    ("probes16b", "dev"): Figures(0.85, 0.73, 0.00, 0.00, 0, 0.00),
    ("probes16b2", "dev"): Figures(0.76, 0.70, 0.00, 0.00, 1, 0.00),
    ("probes16b3", "dev"): Figures(0.86, 0.68, 0.00, 0.00, 0, 0.00),
    # probes16c, 16c2, 16c3 (sixteenth round, words16c: the people side, hand-offs, kin
    # chains, illnesses ended, money in words, freelancers, world Englishes, students,
    # parents' chats, long posts; no realistic set opened), one batch each, committed before
    # the extractor ran on it and scored before its fixes (as first labelled): batch 1 (91)
    # 0.835/0.526 (50/95), three forbidden fields; batch 2 (92) 0.859/0.300 (24/80); batch 3
    # (86) 0.837/0.527 (39/74); no false or counterfactual commit. After the round:
    # 0.879/0.800 (one forbidden field left: a colleague by first name in a hand-off),
    # 0.859/0.512, 0.849/0.671.
    ("probes16c", "dev"): Figures(0.84, 0.75, 0.00, 0.00, 1, 0.00),
    ("probes16c2", "dev"): Figures(0.82, 0.46, 0.00, 0.00, 0, 0.00),
    ("probes16c3", "dev"): Figures(0.81, 0.62, 0.00, 0.00, 0, 0.00),
    # probes17a, 17a2, 17a3 (seventeenth round, words17a: notes passed between people who share
    # care of someone — co-parents' handovers and custody weeks, carers' and sitters' shift
    # notes, colleagues' handovers, a family's logistics, long notes with several facts; no
    # realistic set opened), one batch each, committed before the extractor ran on it and
    # scored before its fixes: batch 1 (87) 0.805/0.562 (41/73), one forbidden field (a
    # colleague called Dev "out sick"); batch 2 (86) 0.860/0.548 (34/62); batch 3 (81)
    # 0.889/0.444 (28/63); no false or counterfactual commit. After the round: 0.908/0.836
    # (the same forbidden field left), 0.895/0.774, 0.914/0.635.
    ("probes17a", "dev"): Figures(0.87, 0.80, 0.00, 0.00, 1, 0.00),
    ("probes17a2", "dev"): Figures(0.86, 0.74, 0.00, 0.00, 0, 0.00),
    ("probes17a3", "dev"): Figures(0.88, 0.60, 0.00, 0.00, 0, 0.00),
    # probes17c, 17c2, 17c3 (seventeenth round, words17c: teens', students', gamers' and
    # nomads' chat — bare places and offsets, visa runs, legs, the trip home, feelings after a
    # plan, hedges, money sent by app, invoices, pins, zones "here", choices asked; no
    # realistic set opened), one batch each, committed before the extractor ran on it and
    # scored before its fixes (as first labelled): batch 1 (85) 0.941/0.677 (42/62), batch 2
    # (89) 0.910/0.719 (46/64), batch 3 (85) 0.812/0.547 (29/53), one false commit ("y'all
    # home for the summer or staying in boston"), one forbidden field; no counterfactual
    # commit. After the round: 0.976/0.950, 0.978/0.828, 0.894/0.736, none.
    ("probes17c", "dev"): Figures(0.94, 0.90, 0.00, 0.00, 0, 0.00),
    ("probes17c2", "dev"): Figures(0.94, 0.78, 0.00, 0.00, 0, 0.00),
    ("probes17c3", "dev"): Figures(0.85, 0.69, 0.00, 0.00, 0, 0.00),
    # probes17b, 17b2, 17b3 (seventeenth round, words17b: present facts inside literary and
    # elevated prose, long journal entries and posts, travelogues and advice posts; memories,
    # hypotheticals and other people's stories as controls; no realistic set opened), one
    # batch each, committed before the extractor ran on it and scored before its fixes (as
    # first labelled): batch 1 (86) 0.837/0.560 (47/84), two false commits; batch 2 (82)
    # 0.793/0.462 (30/65), one forbidden field; batch 3 (82) 0.890/0.471 (33/70); no
    # counterfactual commit. After the round: 0.919/0.714, 0.866/0.615 (the forbidden field
    # left: "still in the kitchen in Croydon" after a hope), 0.927/0.600, no false commit.
    ("probes17b", "dev"): Figures(0.88, 0.67, 0.00, 0.00, 0, 0.00),
    ("probes17b2", "dev"): Figures(0.82, 0.57, 0.00, 0.00, 1, 0.00),
    ("probes17b3", "dev"): Figures(0.89, 0.55, 0.00, 0.00, 0, 0.00),
    # probes17d, 17d2, 17d3 (seventeenth round, words17d: polite mail and out-of-office
    # lines, a booking desk's customer, pasted itineraries and confirmations, holiday-rental
    # hosts; no realistic set opened), one batch each, committed before the extractor ran on
    # it and scored before its fixes (as first labelled): batch 1 (88) 0.864/0.449 (22/49),
    # one forbidden field; batch 2 (85) 0.753/0.476 (20/42), one false commit, two forbidden
    # fields; batch 3 (82) 0.805/0.522 (24/46), one forbidden field (a label error, removed).
    # After the round: 0.977/0.816, 0.882/0.738, 0.890/0.543, no false commit, no forbidden
    # field; four plans read as being there (spurious where), left as found: a stay over a
    # month or season ahead ("spending July in Brittany", "over Easter while we're in
    # Spain"), an itinerary's "Day 2 – Kyoto: …" and "Final day – fly home from …".
    ("probes17d", "dev"): Figures(0.94, 0.76, 0.00, 0.00, 0, 0.02),
    ("probes17d2", "dev"): Figures(0.85, 0.68, 0.00, 0.00, 0, 0.07),
    ("probes17d3", "dev"): Figures(0.86, 0.49, 0.00, 0.00, 0, 0.00),
    # probes18d, 18d2, 18d3 (eighteenth round, words18d: the errands of a week — hosts and
    # guests, commuters, patients, elders' letters, week plans, moving house, bills, debts
    # and subscriptions, forwarded mail, a booking desk's customer; no realistic set opened
    # but one dev half glimpsed, see the README), one batch each, committed before the
    # extractor ran on it and scored before its fixes (as first labelled): batch 1 (87)
    # 0.885/0.571 (20/35), one forbidden field (a label error, removed); batch 2 (84)
    # 0.845/0.455 (15/33); batch 3 (81) 0.840/0.467 (14/30); no false or counterfactual
    # commit. After the round: 0.966/0.939, 0.893/0.938, 0.877/0.700, no forbidden field.
    ("probes18d", "dev"): Figures(0.93, 0.88, 0.00, 0.00, 0, 0.00),
    ("probes18d2", "dev"): Figures(0.85, 0.88, 0.00, 0.00, 0, 0.00),
    ("probes18d3", "dev"): Figures(0.84, 0.64, 0.00, 0.00, 0, 0.00),
    # probes19e, 19e2, 19e3 (nineteenth round, intent19: the intent boundaries the dev halves
    # miss most — a present state beside a past cause, stays under way against stays ahead,
    # perfects of now, habits, relayed news, questions in statement order; no realistic set
    # opened), one batch each, committed before the extractor ran on it and scored before
    # its fixes (as first labelled): batch 1 (84) 0.857/0.737 (14/19); batch 2 (82)
    # 0.866/0.667 (6/9), one false commit ("the summer I turned sixteen we moved to…");
    # batch 3 (79) 0.848/0.444 (4/9); no counterfactual commit, no forbidden field. After
    # the round: 0.940/0.737, 0.951/0.667, 0.924/0.444, none.
    # probes20b, 20b2, 20b3 (twentieth round, w20b: messages whose intent is none — requests,
    # questions, good wishes, a booking desk's customer and clerk, polite mail, texting,
    # parents' chat, Slack, world Englishes, elders, assistants' users, opinions of the world
    # at large — with facts that must commit as controls; no realistic set opened), one batch
    # each, committed before the extractor ran on it and scored before its fixes: batch 1
    # (83) 0.711/0.857 (6/7), one false commit ("Sis, abeg help me check if the flight to
    # Abuja is still available"); batch 2 (83) 0.747/0.833 (5/6); batch 3 (57) 0.702/0.750
    # (3/4). After the round: 0.880/1.000, 0.928/1.000, 0.807/0.750, no false commit.
    ("probes20b", "dev"): Figures(0.85, 0.85, 0.00, 0.00, 0, 0.00),
    ("probes20b2", "dev"): Figures(0.89, 0.83, 0.00, 0.00, 0, 0.00),
    ("probes20b3", "dev"): Figures(0.77, 0.70, 0.00, 0.00, 0, 0.00),
    ("probes19e", "dev"): Figures(0.91, 0.68, 0.00, 0.00, 0, 0.00),
    ("probes19e2", "dev"): Figures(0.92, 0.60, 0.00, 0.00, 0, 0.00),
    ("probes19e3", "dev"): Figures(0.89, 0.40, 0.00, 0.00, 0, 0.00),
    # probes18c, 18c2, 18c3 (eighteenth round, words18c: teens', students', gamers', couples',
    # friends' and nomads' chat, dictated voice notes, autocorrect's real-word slips, heavy
    # abbreviations and emoji for words; no realistic set opened), one batch each, committed
    # before the extractor ran on it and scored before its fixes (as first labelled): batch 1
    # (88) 0.841/0.424 (25/59), batch 2 (84) 0.857/0.534 (31/58), batch 3 (84) 0.798/0.467
    # (21/45); no false or counterfactual commit, no forbidden field. After the round:
    # 0.932/0.842, 0.929/0.897, 0.845/0.844.
    ("probes18c", "dev"): Figures(0.90, 0.81, 0.00, 0.00, 0, 0.00),
    ("probes18c2", "dev"): Figures(0.89, 0.86, 0.00, 0.00, 0, 0.00),
    ("probes18c3", "dev"): Figures(0.81, 0.80, 0.00, 0.00, 0, 0.00),
    # probes18b, 18b2, 18b3 (eighteenth round, words18b: present facts buried in literary
    # prose, long messages, trip reports, advice posts, retellings, transcripts and world
    # Englishes; no realistic set opened), one batch each, committed before the extractor ran
    # on it and scored before its fixes (as first labelled): batch 1 (89) 0.843/0.510 (49/96),
    # one false commit ("in my next life I'll live in…"); batch 2 (80) 0.863/0.575 (42/73);
    # batch 3 (74) 0.838/0.514 (37/72), one forbidden field; no counterfactual commit. After
    # the round: 0.910/0.737, 0.900/0.753, 0.865/0.639, none.
    # probes19c, 19c2, 19c3 (nineteenth round, words19c: teens', students', gamers', couples',
    # friends' and nomads' chat, voice notes and autocorrect; no realistic set opened), one
    # batch each, committed before the extractor ran on it and scored before its fixes (as
    # first labelled): batch 1 (88) 0.841/0.667 (36/54), batch 2 (84) 0.833/0.636 (35/55),
    # batch 3 (82) 0.866/0.683 (28/41); no false or counterfactual commit, no forbidden
    # field. After the round: 0.920/0.759, 0.881/0.818, 0.915/0.927; one batch 2 record ("the
    # weekend after next im in cardiff") still reads as where one is now.
    ("probes19c", "dev"): Figures(0.89, 0.72, 0.00, 0.00, 0, 0.00),
    ("probes19c2", "dev"): Figures(0.85, 0.78, 0.00, 0.00, 0, 0.04),
    ("probes19c3", "dev"): Figures(0.88, 0.89, 0.00, 0.00, 0, 0.00),
    ("probes18b", "dev"): Figures(0.88, 0.70, 0.00, 0.00, 0, 0.00),
    ("probes18b2", "dev"): Figures(0.87, 0.71, 0.00, 0.00, 0, 0.00),
    ("probes18b3", "dev"): Figures(0.83, 0.60, 0.00, 0.00, 0, 0.00),
    # probes19b (nineteenth round, words19b: literary narrative present, facts told as
    # descriptions, jobs and homes in passing, long catch-ups, retold conversations, diaries,
    # letters and transcripts; no realistic set opened), one batch per file, committed before
    # the extractor ran on it and scored before its fixes (as first labelled): batch 1 (84)
    # 0.917/0.440 (40/91), one false commit ("Part of me will always be in that flat in
    # Marseille"), one forbidden field. After its fixes: 0.929/0.681 (62/91), none.
    ("probes19b", "dev"): Figures(0.90, 0.64, 0.00, 0.00, 0, 0.00),
    # batch 2 (83) 0.807/0.350 (28/80), one forbidden field ("So I'm standing at the gate in
    # Dublin yesterday and …"). After its fixes: 0.880/0.675 (54/80), none.
    ("probes19b2", "dev"): Figures(0.85, 0.62, 0.00, 0.00, 0, 0.00),
    # batch 3 (77) 0.831/0.429 (33/77), one false commit ("With Mum in hospital last year,
    # we never made it to Crete": a trip not made is a cancellation, as the seventeenth
    # round labels it; its label was widened). After its fixes: 0.909/0.623 (48/77).
    ("probes19b3", "dev"): Figures(0.87, 0.57, 0.00, 0.00, 0, 0.00),
    # probes20c (twentieth round, w20c: assertive against historical, none and hypothetical;
    # no realistic set opened), one batch of 81, committed before the extractor ran on it
    # and scored before its fixes: 0.864/0.622 (28/45), one false commit (a grandfather's
    # voyage home long ago); after them 0.988/0.978 (44/45), no false commit.
    ("probes20c", "dev"): Figures(0.95, 0.93, 0.00, 0.00, 0, 0.00),
    # probes20a, 20a2, 20a3 (twentieth round, w20a: a state that holds now with a time
    # ahead against the speaker's own plan; no realistic set opened), one batch each,
    # committed before the extractor ran on it and scored before its fixes (as first
    # labelled): batch 1 (82) 0.902/0.864 (19/22); batch 2 (78) 0.846/0.909 (10/11);
    # batch 3 (78) 0.833/0.733 (11/15); no false or counterfactual commit.
    ("probes20a", "dev"): Figures(0.92, 0.80, 0.00, 0.00, 0, 0.00),
    ("probes20a2", "dev"): Figures(0.84, 0.85, 0.00, 0.00, 0, 0.00),
    ("probes20a3", "dev"): Figures(0.83, 0.70, 0.00, 0.00, 0, 0.00),
    # probes21c, 21c2, 21c3 (twenty-first round, w21c: messages whose intent is none in new
    # voices — gamers, teens, forums, tickets, small talk, sarcasm, sayings, advice, others'
    # views; no realistic set opened), one batch each, committed before the extractor ran
    # on it and scored before its fixes: batch 1 (85) 0.635/1.000 (14/14); batch 2 (76)
    # 0.618/0.700 (7/10), one false commit ("Mondays are the worst, no debate"); batch 3
    # (41) 0.463/0.833 (5/6), one false commit ("…at 3:42 killed me"). After the round:
    # 0.812/1.000, 0.711/0.900, 0.512/0.833, no false commit.
    ("probes21c", "dev"): Figures(0.78, 0.95, 0.00, 0.00, 0, 0.00),
    ("probes21c2", "dev"): Figures(0.67, 0.85, 0.00, 0.00, 0, 0.00),
    ("probes21c3", "dev"): Figures(0.46, 0.80, 0.00, 0.00, 0, 0.00),
    # probes21b (twenty-first round, w21b: co-parenting weeks, pasted confirmations, hosts'
    # notes, "off till", "I'd come but I'm in X till Friday", plans and controls; no
    # realistic set opened), one batch, committed before the extractor ran on it and
    # scored before its fixes: 0.880/0.625 (10/16), no false commit; after them 0.952/0.750.
    ("probes21b", "dev"): Figures(0.93, 0.70, 0.00, 0.00, 0, 0.00),
    # probes22b, 22b2 (twenty-second round, w22b: messages that tell no state of the writer's
    # in Discord, parish, recipe-forum, review, Gen-Z, dictated, OCR and Spanglish/Hinglish
    # voices; no realistic set opened), committed before the extractor ran on them and scored
    # before their fixes: batch 1 (81) 0.506/0.500 (5/10), three false commits; batch 2 (30,
    # after batch 1's fixes) 0.500/0.750 (3/4), one false commit (a youth orchestra's
    # schedule, left as found). After the round: 0.593/0.500, 0.533/0.750; one forbidden
    # field left as found in batch 1 (a boss's quoted "Team, I'm out in Chicago" read as the
    # writer's, the vocative cutting the quote).
    ("probes22b", "dev"): Figures(0.57, 0.45, 0.00, 0.00, 1, 0.00),
    ("probes22b2", "dev"): Figures(0.50, 0.70, 0.07, 0.00, 0, 0.00),
    # probes22a, 22a2, 22a3 (twenty-second round, w22a: present states beside tense cues that
    # mislead, and ended stays and plans as controls, in new voices; no realistic set opened),
    # one batch each, committed before the extractor ran on it and scored before its fixes:
    # batch 1 (80) 0.912/0.774 (48/62); batch 2 (70) 0.843/0.633 (31/49); batch 3 (40)
    # 0.775/0.593 (16/27); no false or counterfactual commit. After the round: 0.938/0.887,
    # 0.886/0.755, 0.800/0.667.
    ("probes22a", "dev"): Figures(0.92, 0.85, 0.00, 0.00, 0, 0.00),
    ("probes22a2", "dev"): Figures(0.86, 0.72, 0.00, 0.00, 0, 0.00),
    ("probes22a3", "dev"): Figures(0.77, 0.62, 0.00, 0.00, 0, 0.00),
    # probes22c, 22c2, 22c3 (twenty-second round, w22c: fields missed though the intent was
    # right, in new voices — booking pastes, handoff notes, long stories, streamers, nomads,
    # learners of English, teens; then sailors, crews, truckers, au pairs, cruisers; then
    # school trips, tours, forces families, exchange students — with controls; no realistic
    # set opened), one batch each, committed before the extractor ran on it and scored
    # before its fixes: batch 1 (80) 0.875/0.680 (68/100); batch 2 (40) 0.850/0.511 (23/45);
    # batch 3 (40) 0.825/0.707 (29/41); no false commit. After the round: 0.950/0.850,
    # 0.850/0.689, 0.875/0.780. Batch 1's one spurious place (a pasted stay ahead read as
    # now) was there before its fixes and is left as found.
    ("probes22c", "dev"): Figures(0.92, 0.82, 0.00, 0.00, 0, 0.05),
    ("probes22c2", "dev"): Figures(0.82, 0.64, 0.00, 0.00, 0, 0.00),
    ("probes22c3", "dev"): Figures(0.84, 0.73, 0.00, 0.00, 0, 0.00),
    # probes22e (twenty-second round, w22e: moves told as arrivals, trips given up in slang,
    # trips under way, family members home, with controls; new voices; no realistic set
    # opened), one short batch, committed before the extractor ran on it and scored before
    # its fixes: 0.900/0.525 (21/40; the counterfactual control's label set to the catalogue's
    # convention, no assertive), no false commit. After the round: 0.950/0.775 (31/40).
    # Two controls give a forbidden field, both as hypotheticals, never as facts (a move
    # "if we moved to Perth", a trip "I nearly called off"): left as found.
    ("probes22e", "dev"): Figures(0.92, 0.72, 0.00, 0.00, 2, 0.05),
    # probes22d (twenty-second round, w22d: words relayed from someone else — forwarded
    # mails, group chats pasted as text, reported speech in British and Indian English,
    # teens retelling — beside the writer's own words around a quote, with controls; no
    # realistic set opened), one short batch committed before the extractor ran on it:
    # before its fixes 0.762/0.739 (17/23), 7 records with a forbidden field; after the
    # round 0.762/0.739, 2 (a "Name:" line inside a pasted group chat and a bare first name's
    # single-quoted words, left as found).
    ("probes22d", "dev"): Figures(0.73, 0.69, 0.00, 0.00, 2, 0.05),
    # probes23b, 23b2 (twenty-third round, w23b: trips being planned and their days and
    # places — planning group chats, mails to a travel agent, typo texts, advice posts,
    # learners' English, itinerary lines — with third-person, question, advice, wish and
    # history controls; no realistic set opened), committed before the extractor ran on
    # them and scored before their fixes: batch 1 (80) 0.825/0.776 (118/152), batch 2 (40,
    # batch 1's fixes in) 0.900/0.571 (44/77); no false, counterfactual or forbidden
    # commit. After the round: 0.900/0.849 (three labels set to the catalogue's
    # conventions) and 0.900/0.675.
    ("probes23b", "dev"): Figures(0.87, 0.79, 0.00, 0.00, 0, 0.05),
    ("probes23b2", "dev"): Figures(0.85, 0.60, 0.00, 0.00, 0, 0.05),
    # probes23c, 23c2 (twenty-third round, w23c: the writer's family, home, job and money in
    # new wordings — kin nicknames and conditions, events moved, moves read as trips, first
    # days and offers, the writer's bills put on the landlord — in parents' group chats,
    # voice-note transcripts, advice posts, terse notes and learners' English, with controls;
    # no realistic set opened), one batch each, committed before the extractor ran on it and
    # scored before its fixes: batch 1 (81) 0.864/0.630 (46/73); batch 2 (78) 0.910/0.603
    # (44/73); no false commit. After the round: 0.864/0.795, 0.936/0.795 (one label's slug
    # each set to what the catalogue names: spring_recital, kids).
    ("probes23c", "dev"): Figures(0.84, 0.76, 0.00, 0.00, 0, 0.00),
    ("probes23c2", "dev"): Figures(0.90, 0.76, 0.00, 0.00, 0, 0.00),
    # probes23e (twenty-third round, w23e: how things are now told with a past verb or a
    # past clause before a present one, and histories that are not now, in forum posts,
    # typo'd texts, voice notes, learners' and elders' English; intents only, no realistic
    # set opened), committed before the extractor ran on it: 0.860 before, 0.940 after.
    ("probes23e", "dev"): Figures(0.90, 0.00, 0.00, 0.00, 0, 0.00),
    # probes23g (twenty-third round, second wave, w23g: plans said in the present, maybes
    # and conditions, past counterfactuals, suggestions, wishes, good wishes and questions
    # that tell nothing, in British chat, work notices, forum asks and family texts, with
    # factual controls; no realistic set opened), committed before the extractor ran on it
    # and scored before its fixes: 0.815/1.000 (4/4), one false commit (a safe drive wished
    # read as the writer's trip). After the round: 0.926/1.000, no false commit.
    ("probes23g", "dev"): Figures(0.90, 0.75, 0.00, 0.00, 0, 0.00),
    # probes23d, 23d2 (twenty-third round, w23d: a state that holds now with its end ahead,
    # read as a plan — stays till a day, leave, relatives staying with us, in hospital, aboard
    # a train, home with a cold — in texts, voice notes, learners' English, work chat and
    # parents' notes, with real plans as controls; no realistic set opened), one batch each,
    # committed before the extractor ran on it: batch 1 (51) 0.922/0.850 (17/20) as first
    # labelled; batch 2 (29) 0.966/0.667 (6/9); no false commit. After: 1.000, 1.000.
    ("probes23d", "dev"): Figures(0.98, 0.80, 0.00, 0.00, 0, 0.00),
    ("probes23d2", "dev"): Figures(0.96, 0.60, 0.00, 0.00, 0, 0.00),
    # probes23f (twenty-third round, w23f: the line between talk that tells no state of the
    # writer's and terse news — opinions, compliments, thanks as praise, other people's
    # states, generic statements, unmarked questions and advice beside "sick again ugh",
    # "new job!!", news in a greeting or put as a riddle — in teen texts, work chat, voice
    # notes, learners' English and mail; no realistic set opened), one batch, committed
    # before the extractor ran on it and scored before its fixes: 0.660 (35/53), 6/6
    # fields, no false commit. After the round: 0.792 (42/53).
    ("probes23f", "dev"): Figures(0.77, 0.90, 0.00, 0.00, 0, 0.00),
    # probes24d (twenty-fourth round, w24d: present states said without the usual verbs —
    # verbless places, "<place> bound", airport codes, a relative's symptom with its "is" left
    # out, a test's result, care by a child's name, how long into a job — in a pilot's
    # texts, a group chat, a carer's updates, Kenyan and South African English and a parent
    # typing one-handed, with other people's states, questions and plans as controls; no
    # realistic set opened), one batch, committed before the extractor ran on it and scored
    # before its fixes: 0.829/0.547 (35/64), no false commit. After: 0.908/0.703 (45/64, one
    # label set to the catalogue's slug: "my mother" is family.mother).
    ("probes24d", "dev"): Figures(0.88, 0.66, 0.00, 0.00, 0, 0.00),
    # probes24c (twenty-fourth round, w24c: messages that say nothing of the writer's state —
    # questions without their mark, requests to a desk or the assistant, favours asked with
    # "you" left out, acknowledgements, remarks and advice of anyone, sayings, lyrics,
    # daydreams — in a Reddit travel question, a support ticket, a teens' chat, a retired
    # teacher's letter, Singlish and a sarcastic coworker, with guards in the same shapes
    # and controls; no realistic set opened), one batch, committed before the extractor ran
    # on it and scored before its fixes: 0.697 (53/76), 2/2 fields, one false commit (advice
    # of anyone read as a trip). After the round: 0.842, no false commit.
    ("probes24c", "dev"): Figures(0.80, 0.90, 0.00, 0.00, 0, 0.00),
    # probes24e (twenty-fourth round, w24e: the past, plans and suppositions told in a
    # grammar that hides their time — historic present under a past date, learners' present
    # for the past, "would" habits, memories, plans in the present, conditions without "if",
    # wishes — by a grandparent, an Irish storyteller, a Spanish speaker, a podcast rambler,
    # a planner's bullets and a lawyer, with present look-alikes and controls; no realistic
    # set's held-out half opened), one batch, committed before the extractor ran on it:
    # 0.757/0.923 (24/26), 9 false commits of 40; after the round 0.959/0.962, none.
    ("probes24e", "dev"): Figures(0.92, 0.90, 0.00, 0.00, 0, 0.00),
    # probes24b (twenty-fourth round, w24b: news about now in grammar that looks like
    # history, present perfects of a result, a past event explaining a present state, "just"
    # + a past verb, in a Facebook update, Scots, Nigerian English, a dad's WhatsApp, voice
    # notes and a terse engineer; no realistic set opened), one batch, committed before the
    # extractor ran on it and scored before its fixes: 0.957 (67/70), 0.800 (44/55), no
    # false commit. After the round: 0.986 (69/70), 0.818 (45/55).
    ("probes24b", "dev"): Figures(0.95, 0.76, 0.00, 0.00, 0, 0.00),
    # probes24a (twenty-fourth round, w24a: statements about the present that read like plans
    # — a stay with its end ahead, motion under way now, a present clause beside a plan,
    # "currently"/"these days"/"this week", where one lives and works now — in a truck
    # driver's texts, a nurse between shifts, an Australian backpacker, a grandmother
    # dictating, Indian English, a Discord server, a touring band, an offshore worker and a
    # military spouse, with genuine plans and controls; no realistic set opened), one batch,
    # committed before the extractor ran on it: 0.883 (68/77), 41/48 fields, no false
    # commit. After the round the same (its fixes came from the dev halves' classes).
    ("probes24a", "dev"): Figures(0.85, 0.80, 0.00, 0.00, 0, 0.00),
    # probes25a (twenty-fifth round, w25a: time and tense in where people are and what they
    # do — a year ahead said by its number, verbless stays bounded ahead, a job said without
    # "I", present states carrying a past or future time word — in shift workers', expats'
    # second-language English, voice notes, on-call chat and grandparents' messages, with
    # histories, plans, hypotheticals, third persons and questions as controls; no realistic
    # set opened), one batch, committed before the extractor ran on it: 0.824 (61/74), 29/30
    # fields, no false commit. After the round: 0.973 (72/74), 29/30.
    ("probes25a", "dev"): Figures(0.94, 0.91, 0.00, 0.00, 0, 0.00),
    # probes25b (twenty-fifth round, w25b: whose state a sentence states — a relative inside
    # someone else's noun phrase, a name or a relative owning another person, "your mum"
    # passed on to the writer or said back to the reader, reported words, pets, other
    # households — in teens' texts, a student group chat, non-native English and people
    # moving between countries, with 10 controls; no realistic set's held-out half opened),
    # one batch, committed before the extractor ran on it: 0.957 (67/70), 0.750 (24/32), no
    # false commit, four forbidden fields. After the round: 0.957, 0.875 (28/32), two
    # forbidden fields left (a joke "in Santiago mode", a quoted lie about a brother).
    ("probes25b", "dev"): Figures(0.92, 0.84, 0.00, 0.00, 2, 0.00),
    # probes26a (twenty-sixth round, w26a: present states said with a plan's or a history's
    # surface — "still in lisbon" after a plan, "home tmrw" after a stay, "on shift until
    # 7am", "I'll be here till friday", "going to school in Boston", a spouse who "left for
    # Dubai yesterday", a home "moved to in 2019 and left in 2022" — in teens', students',
    # world English, roaming travellers', night-shift workers' and learners' messages, with
    # 11 controls; no realistic set's held-out half opened), one batch, committed before the
    # extractor ran on it: 0.935 (58/62), 0.786 (22/28), one false commit (the home left).
    # After the round: 0.984 (61/62), 0.821 (23/28), no false commit.
    ("probes26a", "dev"): Figures(0.95, 0.77, 0.00, 0.00, 0, 0.00),
    # probes26b (twenty-sixth round, w26b: facts stated without a verb — where one is, with
    # whom, how, what one lacks, the hours at a firm, a town's airport, a lodging — and
    # chatter that states nothing, in teens', students', world English and roaming voices,
    # with 19 controls; no realistic set's held-out half opened), one batch, committed
    # before the extractor ran on it: 0.794 (50/63), 0.558 (24/43), no false commit. After
    # the round: 0.921 (58/63), 0.767 (33/43).
    ("probes26b", "dev"): Figures(0.88, 0.72, 0.00, 0.00, 0, 0.00),
    # probes27a (twenty-seventh round, w27: misreadings met while using Canon — a host's
    # lodging elsewhere, others' moves, a departure not made ("still haven't left Hoi An"),
    # lower-case towns after a journey's "to" ("heading up to bend friday"), particles and
    # rota shifts taken for projects, questions asked back — in teens', students', world
    # English, roaming, night-shift workers' and carers' voices, with 9 controls; no
    # realistic set's held-out half opened), one batch, committed before the extractor ran
    # on it: 0.964 (53/55), 0.214 (3/14), no false commit. After the round: 0.964, 0.786
    # (11/14), no false commit, no forbidden field.
    ("probes27a", "dev"): Figures(0.93, 0.73, 0.00, 0.00, 0, 0.00),
    # probes28a (twenty-eighth round, w28a: the last round's life stories — a pronoun across
    # messages (records carry the chat's ``recent_subject``), verbless updates ("emma still
    # sick"), lower-case firms, a change from a month ahead, a move without a town — in a
    # nurse's, a grandparent's, a teenager's and a learner's voices, with 11 controls; no
    # realistic set's held-out half opened), one batch, committed before the extractor ran
    # on it: 0.755 (40/53), 0.222 (6/27), no false commit. After the round: 0.906 (48/53),
    # 0.889 (24/27), no false commit, no forbidden field.
    ("probes28a", "dev"): Figures(0.87, 0.84, 0.00, 0.00, 0, 0.00),
    # probes28b (twenty-eighth round, w28b: present states said with past or future words,
    # replies that rate what was said, verbless states with a question or an offer after
    # them, "yet to leave X", relatives gone to stay with family, in a commuter's, a
    # small-business owner's, a student abroad's and a carer's voices, with 11 controls; no
    # realistic set's held-out half opened), one batch, committed before the extractor ran
    # on it: 0.870 (67/77), 0.467 (7/15) as written (0.533 once mum and gran took the
    # catalogue's slugs), no false commit. After the round: 0.935 (72/77), 0.800 (12/15);
    # 0.948 (73/77) once errands29 put the question cut back.
    ("probes28b", "dev"): Figures(0.91, 0.73, 0.00, 0.00, 0, 0.00),
    # probes18a, 18a2, 18a3 (eighteenth round, words18a: co-parents', carers', nannies' and
    # grandparents' messages, shift hand-overs at home, family chats and notes to self; no
    # realistic set opened), one batch each, committed before the extractor ran on it and
    # scored before its fixes: batch 1 (86) 0.849/0.596 (34/57); batch 2 (84) 0.845/0.587
    # (27/46); batch 3 (82) 0.866/0.600 (30/50); no false, counterfactual or forbidden
    # commit. After the round: 0.919/0.857 (48/56, two labels set to the catalogue's
    # conventions), 0.893/0.848, 0.915/0.780.
    ("probes18a", "dev"): Figures(0.89, 0.81, 0.00, 0.00, 0, 0.00),
    ("probes18a2", "dev"): Figures(0.86, 0.80, 0.00, 0.00, 0, 0.00),
    ("probes18a3", "dev"): Figures(0.88, 0.73, 0.00, 0.00, 0, 0.00),
    # probes19a (nineteenth round, words19a: hand-offs and households; no realistic set
    # opened), one batch per file, committed before the extractor ran on it and scored before
    # its fixes: batch 1 (85) 0.765/0.588 (30/51), no false, counterfactual or forbidden
    # commit. After its fixes: 0.894/0.843 (one label set to the catalogue's slug: a "bday
    # meal" is a birthday_meal).
    ("probes19a", "dev"): Figures(0.86, 0.79, 0.00, 0.00, 0, 0.00),
    # Batch 2 (84) 0.845/0.620 (31/50), one forbidden field ("leader's got covid"); after
    # its fixes 0.893/0.780, none (three intents set to the catalogue's conventions: a stay
    # "this wknd" said on a Wednesday is ahead; "tonight", "back on this week" may be either).
    ("probes19a2", "dev"): Figures(0.86, 0.73, 0.00, 0.00, 0, 0.00),
    # Batch 3 (81) 0.889/0.605 (26/43) before its fixes, 0.901/0.767 (33/43) after; no false,
    # counterfactual or forbidden commit.
    ("probes19a3", "dev"): Figures(0.87, 0.71, 0.00, 0.00, 0, 0.00),
    # probes19d, 19d2, 19d3 (nineteenth round, words19d: life admin — hosts and guests,
    # bills, debts and subscriptions, booking confirmations and itineraries pasted from
    # mail, world Englishes, elders' letters, health, commuters; no realistic set opened),
    # one batch each, committed before the extractor ran on it and scored before its fixes
    # (as first labelled): batch 1 (88) 0.818/0.377 (29/77), batch 2 (83) 0.867/0.621
    # (36/58), batch 3 (79) 0.886/0.646 (42/65); no false or counterfactual commit, no
    # forbidden field. After the round: 0.886/0.714, 0.892/0.690, 0.886/0.677; one record
    # of batch 2 not labelled assertive gives a place now (spurious where), left as found.
    ("probes19d", "dev"): Figures(0.86, 0.69, 0.00, 0.00, 0, 0.00),
    ("probes19d2", "dev"): Figures(0.86, 0.66, 0.00, 0.00, 0, 0.06),
    ("probes19d3", "dev"): Figures(0.86, 0.65, 0.00, 0.00, 0, 0.00),
    # The eleventh round's voices, at their baseline (the commit of the sets, before any rule
    # was tuned on them), dev / held-out: nomads 0.917/0.391 and 0.889/0.429; teens
    # 0.750/0.533 (two dev records give a forbidden field) and 0.861/0.467; freelance
    # 0.944/0.464 and 0.917/0.593; planners 0.833/0.474 and 0.889/0.789, where one planners
    # dev record not labelled assertive gives an assertive location or trip status
    # (spurious 0.059). No false commit. Floors: these minus the usual margin. After the
    # work on the dev halves (helper-53, branch words11c), dev: nomads 0.917/0.522, teens
    # 0.833/0.800 (no forbidden field), freelance 0.944/0.679, planners 0.861/0.579 (no
    # spurious where); the dev floors are these minus the margin, held-out floors unchanged.
    ("nomads", "dev"): Figures(0.88, 0.47, 0.00, 0.00, 0, 0.00),
    ("nomads", "heldout"): Figures(0.85, 0.37, 0.00, 0.00, 0, 0.00),
    ("teens", "dev"): Figures(0.80, 0.75, 0.00, 0.00, 0, 0.00),
    ("teens", "heldout"): Figures(0.83, 0.41, 0.00, 0.00, 0, 0.00),
    ("freelance", "dev"): Figures(0.91, 0.62, 0.00, 0.00, 0, 0.00),
    ("freelance", "heldout"): Figures(0.88, 0.54, 0.00, 0.00, 0, 0.00),
    ("planners", "dev"): Figures(0.83, 0.52, 0.00, 0.00, 0, 0.00),
    ("planners", "heldout"): Figures(0.85, 0.73, 0.00, 0.00, 0, 0.00),
    # The twelfth round's voices, at their baseline (commit 43b96a2, the commit of the sets,
    # before the extractor was run on them or any rule tuned on them), dev / held-out:
    # coparents 0.833/0.875 and 0.778/0.611, one record of each half giving a forbidden
    # field; patients 0.861/0.571 and 0.861/0.688; hosts 0.833/0.800 and 0.917/0.600;
    # commuters 0.861/0.906 and 0.833/0.818, two held-out records giving a forbidden field.
    # No false commit, no counterfactual commit, no spurious where. Floors: these minus
    # the usual margin. After the work on the dev halves (helper words12c, branch
    # words12c), dev: coparents 0.861/1.000 (no forbidden field left), patients
    # 0.944/0.929, hosts 0.944/0.900, commuters 0.944/1.000; the dev floors are these minus
    # the margin; the four held-out halves together did not move (0.847/0.697 before and
    # after), so their floors stay.
    ("coparents", "dev"): Figures(0.83, 0.95, 0.00, 0.00, 0, 0.00),
    ("coparents", "heldout"): Figures(0.74, 0.56, 0.00, 0.00, 1, 0.00),
    ("patients", "dev"): Figures(0.91, 0.88, 0.00, 0.00, 0, 0.00),
    ("patients", "heldout"): Figures(0.83, 0.63, 0.00, 0.00, 0, 0.00),
    ("hosts", "dev"): Figures(0.91, 0.85, 0.00, 0.00, 0, 0.00),
    ("hosts", "heldout"): Figures(0.88, 0.55, 0.00, 0.00, 0, 0.00),
    ("commuters", "dev"): Figures(0.91, 0.95, 0.00, 0.00, 0, 0.00),
    ("commuters", "heldout"): Figures(0.80, 0.76, 0.00, 0.00, 2, 0.00),
    # The twenty-ninth round's voices, at their baseline (the commit of the sets, before any
    # rule was tuned on them), dev / held-out: dictation 0.917/0.722 (13/18) and 0.917/0.931
    # (27/29); codeswitch 0.861/0.318 (7/22) and 0.778/0.455 (15/33). No false commit, no
    # counterfactual commit, no forbidden field, no spurious where. Floors: these minus the
    # usual margin. After the work on the dev halves (words29), dev: dictation 1.000/0.833
    # (15/18), codeswitch 1.000/0.909 (20/22, two labels set to the catalogue after the
    # baseline); the dev floors are these minus the margin, the held-out floors stay.
    ("dictation", "dev"): Figures(0.97, 0.78, 0.00, 0.00, 0, 0.00),
    ("dictation", "heldout"): Figures(0.88, 0.88, 0.00, 0.00, 0, 0.00),
    ("codeswitch", "dev"): Figures(0.97, 0.86, 0.00, 0.00, 0, 0.00),
    ("codeswitch", "heldout"): Figures(0.74, 0.40, 0.00, 0.00, 0, 0.00),
    # The twenty-ninth round's second pair of voices (words29b), at their baseline (the commit
    # of the sets, before any rule was tuned on them), dev / held-out: pets 0.943/0.944
    # (17/18, three dev records give a forbidden field: a pet's illness read as a family
    # member's) and 0.971/0.833 (25/30); matchday 0.914/0.733 (22/30) and 0.829/0.833
    # (15/18, one held-out record gives a forbidden field). No false commit, no
    # counterfactual commit, no spurious where. Floors: these minus the usual margin. After
    # the work on the dev halves (words29b), dev: pets 0.943/0.944 with one forbidden field,
    # matchday 0.914/0.900 (27/30); the dev floors are these minus the margin, the held-out
    # floors stay (the two held-out halves together did not move: 0.900/0.833 (40/48)).
    ("pets", "dev"): Figures(0.91, 0.89, 0.00, 0.00, 1, 0.00),
    ("pets", "heldout"): Figures(0.94, 0.78, 0.00, 0.00, 0, 0.00),
    ("matchday", "dev"): Figures(0.88, 0.85, 0.00, 0.00, 0, 0.00),
    ("matchday", "heldout"): Figures(0.79, 0.78, 0.00, 0.00, 1, 0.00),
    # The thirtieth round's money voice (money30), at its baseline (the commit of the dev half,
    # the held-out half committed before it, before any rule was tuned on them), dev /
    # held-out: 0.875 (70/80) / 0.404 (23/57) and 0.902 (55/61) / 0.400 (18/45), seven
    # records of each half giving a forbidden field. No false commit, no counterfactual
    # commit, no spurious where. Floors: these minus the usual margin. After the work on the
    # dev half (money30), dev: 0.963 (77/80) / 0.895 (51/57), no forbidden field; the dev
    # floor is this minus the margin. The held-out half, scored once at the end in
    # aggregate: 0.951 (58/61) / 0.844 (38/45), one forbidden field; its floor stays.
    ("bills30", "dev"): Figures(0.93, 0.84, 0.00, 0.00, 0, 0.00),
    ("bills30", "heldout"): Figures(0.87, 0.35, 0.00, 0.00, 7, 0.00),
    # probes29a (twenty-ninth round, w29: the two new voices' ways in other phrasings than
    # their dev halves), one batch of 50 committed before the extractor ran on it:
    # 0.920 (46/50) / 0.829 (29/35) before its fixes, one false commit and one forbidden
    # field ("agar time mila toh I'll visit Jaipur in April"); 0.960 / 0.914 after them,
    # none. Floors with the wider margin of a single batch.
    ("probes29a", "dev"): Figures(0.92, 0.85, 0.00, 0.00, 0, 0.00),
    # probes29b (twenty-ninth round, words29b: pets named at the vet, the emergency vet, a
    # price by the night, a sum "and due" a day, the two new voices' other phrasings), one
    # batch of 36 committed before the extractor ran on it: 0.972 (35/36) / 0.722 (13/18)
    # before its fixes, seven records with a forbidden field; 0.917 (33/36) / 0.944 (17/18)
    # after them, none (two pets' states with no field now read by their tense alone).
    # Floors with the wider margin of a single batch.
    ("probes29b", "dev"): Figures(0.88, 0.89, 0.00, 0.00, 0, 0.00),
    # probes31a (thirty-first round, trips31: a day out and home again, the place first with
    # who and the day it leaves, back and a bare ordinal, held somewhere till a day, a laugh
    # before where the writer is, a trip under way, a bill come and "it's" its sum, priced by
    # the day, a lodging's price by the night), one batch of 77 committed before the
    # extractor ran on it: 0.701 (54/77) / 0.297 (22/74) before its fixes, two false commits
    # of 18 (past trips read as now) and seven records with a forbidden field; 0.935 (72/77)
    # / 0.878 (65/74) after them, one false commit (a past trip's departure and return, kept
    # as the trip completed) and two forbidden fields (that departure, "my salary is $300 a
    # day"). Floors with the wider margin of a single batch.
    ("probes31a", "dev"): Figures(0.89, 0.82, 0.06, 0.00, 2, 0.03),
    # probes32a (thirty-second round, trips32: setting off on a day before the way back, a
    # remark before leaving, "then back" a day, going home to a named place and back or for
    # something, an ask after where the writer is, someone else somewhere, a relative's home
    # in a town spelled like a word; with a day off work, someone else's, questions,
    # conditions and the past as look-alikes), one batch of 78 committed before the extractor
    # ran on it: 0.782 (61/78) / 0.644 (58/90) before its fixes (by the labels as corrected:
    # five "home to <place> for <something> on <day>" are the way home, as
    # test_extraction_home_and_back_31 has it), three false commits of 15 (past trips read as
    # completed) and one forbidden field; 0.808 (63/78) / 0.922 (83/90) after them, the same
    # three false commits, none forbidden. Floors with the wider margin of a single batch.
    ("probes32a", "dev"): Figures(0.77, 0.87, 0.20, 0.00, 0, 0.10),
    # probes32b (thirty-second round, money32: a sum refunded by whoever owed it, a biller
    # due a day with no word "bill", a per diem or a rate, a bill that "was" its sum and is
    # due a day ahead, an illness and another fact joined by "and"), one batch of 69
    # committed with its baseline before any rule changed: 0.754 (52/69) / 0.300 (24/80),
    # one record with a forbidden field; 0.942 (65/69) / 1.000 (80/80) after the fixes,
    # none. Floors with the wider margin of a single batch.
    ("probes32b", "dev"): Figures(0.88, 0.94, 0.00, 0.00, 0, 0.00),
    # probes32c (thirty-second round, the lead: a "were" typed for "we're" after a day ahead
    # that opens the clause, "thursday were leaving for tahoe"; a day gone by, a subject
    # before the day, a question and plural days as look-alikes), one batch of 16 committed
    # before the fix: 0.562 (9/16) / 0.500 (10/20) by its labels (two look-alikes mended to
    # the past they are before the fix), the departures read as last week's; 1.000 (16/16) /
    # 0.950 (19/20) after it. Floors with the wider margin of a single batch.
    ("probes32c", "dev"): Figures(0.87, 0.85, 0.00, 0.00, 0, 0.00),
    # probes33a (thirty-third round, trips33: a trip cut short, back in a town since a day
    # after a remark, a plan with its day called off, a day before a comma, "set off" and a
    # day ahead, going home to a town spelled like a word, a past trip there and back, home
    # for someone's birthday on a day; with someone else's, questions, conditions and the
    # past as look-alikes), one batch of 72 committed with its baseline before any rule
    # changed: 0.764 (55/72) / 0.356 (21/59), four false commits of 22 and four records
    # with a forbidden field; 0.903 (65/72) / 0.898 (53/59) after the fixes, none. Floors
    # with the wider margin of a single batch.
    ("probes33a", "dev"): Figures(0.86, 0.85, 0.00, 0.00, 0, 0.00),
    # probes33b (thirty-third round, money33: someone else's bill named by what it is for,
    # a bill said paid after its due day with its "I" left out, the past of "was payable"
    # or "was due" by a day gone, a sum from last month beside a day ahead; k and grand, a
    # split, autopay and a double charge read already), one batch of 52 committed before
    # any rule changed: 0.846 (44/52) / 0.707 (29/41), one false commit, nine records with
    # a forbidden field (by its labels as corrected: three look-alikes of someone else's
    # bill due a day ahead may be planning; two texts found in other sets reworded);
    # 0.981 (51/52) / 0.976 (40/41) after the fixes, none. Floors with the wider margin.
    ("probes33b", "dev"): Figures(0.92, 0.92, 0.00, 0.00, 0, 0.00),
    # probes34a (thirty-fourth round, words34: a region said with its "the", a trip said off
    # with its "'s" typed without the apostrophe, a journey done before, a departure with a
    # farewell and its stretch away; someone else's, questions, conditions and the past as
    # look-alikes), one batch of 70 committed with its baseline before any rule changed:
    # 0.914 (64/70) / 0.449 (31/69), no false commit, three records with a forbidden field;
    # 0.929 (65/70) / 0.971 (67/69) after the fixes, none. Floors with the wider margin.
    ("probes34a", "dev"): Figures(0.89, 0.92, 0.00, 0.00, 0, 0.00),
    # probes34b (thirty-fourth round, money34: a bill and its sum, then "it's due" a day in
    # the next sentence; the writer's share of a bill and someone else's; a charge disputed,
    # "charged me twice", not a bill paid; with someone else's, questions, conditions, the
    # past and sums that are no bill's as look-alikes), one batch of 64 committed with its
    # baseline before any rule changed: 1.000 (64/64) / 0.404 (19/47), six records with a
    # forbidden field; 1.000 (64/64) / 0.872 (41/47) after the fixes, none. Floors with the
    # wider margin of a single batch.
    ("probes34b", "dev"): Figures(0.94, 0.82, 0.00, 0.00, 0, 0.00),
    # probes34c (thirty-fourth round, founding34: the founding story told by ten voices, the
    # plan, the errand "before" it, leaving early "tonight instead of sunday", already there
    # with the return "still not done", the trip moved by its place alone ("tahoe got moved
    # to the 12th"), cut short, back home; someone else's trip, questions, conditions, the
    # past and "before work" as look-alikes), one batch of 72 committed before any rule
    # changed: 0.972 (70/72) / 0.633 (62/98), two records with a forbidden field (someone
    # else's trip moved or leaving tonight); 0.972 (70/72) / 0.959 (94/98) after the fixes,
    # none. Floors with the wider margin of a single batch.
    ("probes34c", "dev"): Figures(0.92, 0.91, 0.00, 0.00, 0, 0.00),
    # probes34d (thirty-fourth round, past34: a present perfect dated behind, "we've flown to
    # lisbon in 2019", is the past; a departure told as a habit or counted is no trip; bills
    # with a dash, "bill's in: $65", a typo in what a bill is for; "since 2019", "for a week",
    # "just flown" as look-alikes that are now), one batch of 58 committed before any rule
    # changed: 0.724 (42/58) / 0.471 (16/34), nine false commits; 0.983 / 0.971 after, none.
    # Floors with the wider margin of a single batch.
    ("probes34d", "dev"): Figures(0.93, 0.92, 0.00, 0.00, 0, 0.00),
    # probes35a (thirty-fifth round, founding35: trips told the way people tell them; an
    # errand due "before go", "before leaving", "before the trip" after the trip's day; a trip
    # moved "a day early", "pushed back a day", "moved up to thursday", "preponed"; "we go to
    # tahoe tonight now" a plan; arriving "flown into", "touched down in", "rolled into"; a
    # dated present perfect in Nice, the city; someone else's, questions, conditions and the
    # past as look-alikes), one batch of 67 committed before any rule changed: 0.910 (61/67)
    # / 0.624 (53/85), "we go to tahoe tonight now" an assertive whereabouts; 0.985 / 0.976
    # after the fixes, none. Floors with the wider margin of a single batch.
    ("probes35a", "dev"): Figures(0.94, 0.93, 0.00, 0.00, 0, 0.00),
    # probes35b (thirty-fifth round, money35: a bill's due day in the sentence after it ("The
    # gas bill arrived, £88. Due on the 15th."), a bill come in told in the simple past
    # ("water bill showed up, $51", "landed", "came in"), household members as a labelled
    # list ("- Partner: Jordan, in Leeds till Friday"); the past, someone else's bill,
    # questions, conditions, "Partner: TBD", "Kids: none" and a heading as look-alikes), one
    # batch of 63 committed before any rule changed: 0.873 (55/63) / 0.699 (58/83), three
    # records with a forbidden field (a partner's whereabouts read as the writer's trip);
    # 0.984 (62/63) / 0.988 (82/83) after the fixes, none. Floors with the wider margin of a
    # single batch.
    ("probes35b", "dev"): Figures(0.93, 0.94, 0.00, 0.00, 0, 0.00),
    # probes35c (thirty-fifth round, voices35: voices the sets cover least, in every domain:
    # voice-to-text run-ons without punctuation, older adults writing formally with full
    # dates, teens with slang and emoji, Spanish-English and Hindi-English code-switching, a
    # partner reporting for the household ("Jordan's back from Leeds, I'm still in Denver");
    # someone else's, questions, conditions, the past, hypotheticals and quoted or forwarded
    # text as look-alikes), one batch of 83 committed before any rule changed: 0.867 (72/83)
    # / 0.637 (51/80), none forbidden, "i'm already here" a name; 0.952 (79/83) / 0.863
    # (69/80) after the fixes. Floors with the wider margin of a single batch.
    ("probes35c", "dev"): Figures(0.92, 0.83, 0.00, 0.00, 0, 0.00),
    # probes36a (thirty-sixth round, extract36: last round's misreadings as classes: a bill's
    # name with how it is paid after it ("property tax payment", "phone bill invoice"), a
    # project done in Hindi, Spanish or Tagalog ("ho gaya", "ya está lista", "tapos na"), a
    # bill's day due after "I'll pay it", a trip moved with its place lowercase ("our goa
    # trip is preponed"), a stay in the present perfect ("we've stayed in nice for a week"),
    # learners' tenses ("We are arrive in Tahoe now"); someone else's, questions, conditions,
    # the past and "nice" the adjective as look-alikes), one batch of 77 committed before any
    # rule changed: 0.909 (70/77) / 0.267 (20/75), four records with a forbidden field;
    # 0.987 (76/77) / 0.920 (69/75) after the fixes, none (one label set to the catalogue's
    # slug after the baseline: "car insurance premium" is `car_insurance_premium`). Floors
    # with the wider margin of a single batch.
    ("probes36a", "dev"): Figures(0.95, 0.88, 0.00, 0.00, 0, 0.00),
    # probes36b (thirty-sixth round, voices36: British and Australian English, shift workers
    # and night owls writing past midnight, "we" and third-person writers, long messages with
    # three facts and a question, self-corrections, dates across the month's and the year's
    # end; someone else's, questions, conditions, the past, hypotheticals and quoted text as
    # look-alikes; each record carries its own message time, most of them 2026-12-02), one
    # batch of 87 committed before any rule changed: 0.908 (79/87) / 0.638 (67/105), one
    # record with a forbidden field ("we're off to Rome on the 10th, well Jordan is"); 0.920
    # (80/87) / 0.667 (70/105) once four labels followed the catalogue; 0.931 (81/87) / 0.752
    # (79/105) after the fixes, the same forbidden field. Floors with the wider margin of a
    # single batch.
    # multi36 took the forbidden field away ("well Jordan is"): 0.943 (82/87) / 0.810 (85/105).
    ("probes36b", "dev"): Figures(0.90, 0.72, 0.00, 0.00, 0, 0.00),
    # probes36c (thirty-sixth round, multi36: long messages of three facts in three domains
    # joined by commas, "and", "also", "oh and" or new lines; a mild hedge on the writer's own
    # way back ("I reckon we'll be back friday"); a trip's subject corrected later in the
    # message ("well Jordan is", "not me though"); a name said in its own frame ("name's
    # Ciaran btw"); a child back at school; someone else's, questions, doubts and conditions
    # as look-alikes), one batch of 51 committed before any rule changed: 0.941 (48/51) /
    # 0.500 (33/66), four records with a forbidden field (the same once three labels followed
    # the catalogue); 0.980 (50/51) / 0.970 (64/66), none forbidden, after the fixes. Floors
    # with the wider margin of a single batch.
    ("probes36c", "dev"): Figures(0.94, 0.93, 0.00, 0.00, 0, 0.00),
    # probes37a (thirty-seventh round, misses37: eight known misreadings as shapes, each in
    # several voices: a trip "preponed" to a day, a learner's arrival ("my husband and me are
    # arrive Dubai tomorrow"), an instalment's sum that "goes out" on a day, a bill paid that
    # "was due", a name in "names Ciaran", a household list typed in the chat ("Kids: Leo,
    # and Max"), a late husband, and a time past midnight said the evening before; someone
    # else's, questions, conditions and the past as look-alikes), one batch of 52 committed
    # before any rule changed: 0.865 (45/52) / 0.387 (24/62), none forbidden; 0.981 (51/52)
    # / 0.935 (58/62) after the fixes, none forbidden. Floors with the wider margin of a
    # single batch.
    ("probes37a", "dev"): Figures(0.96, 0.90, 0.00, 0.00, 0, 0.00),
    # probes37v (thirty-seventh round, voices37: dictated on the road, with punctuation said
    # aloud ("comma", "period", "new line"), "hey siri text mom", numbers in words and restarts;
    # older writers, formal but unpunctuated ("Dear Sarah I wanted to let you know…", "Love
    # Mom", ALL CAPS); someone else's, questions, conditions, the past and counterfactuals as
    # look-alikes), one batch of 70 committed before any rule changed: 0.814 (57/70) /
    # 0.610 (50/82), one record with a forbidden field ("I'm out sick today comma back
    # tomorrow" a way back); 0.814 (57/70) / 0.659 (54/82) once five labels followed the
    # catalogue ("Your father" is `family.father`, "property tax bill" its own slug, "Hulu
    # subscription" too, "remind me" may be none); 0.886 (62/70) / 0.817 (67/82) after the
    # fixes, the same forbidden field. Floors with the wider margin of a single batch.
    ("probes37v", "dev"): Figures(0.86, 0.79, 0.00, 0.00, 1, 0.00),
    # probes37w (thirty-seventh round, voices37: lives in the middle of something (a move, a
    # hospital stay), messages of two facts and a plan, teens' slang, Nigerian and Filipino
    # English; someone else's, questions, conditions, the past and counterfactuals as
    # look-alikes), one batch of 70 committed before any rule changed: 0.929 (65/70) /
    # 0.711 (54/76), none forbidden (0.929 / 0.724 (55/76) once "my lola" followed the
    # catalogue: `family.lola`); 0.929 (65/70) / 0.763 (58/76) after the fixes, none forbidden. Floors
    # with the wider margin of a single batch.
    ("probes37w", "dev"): Figures(0.90, 0.73, 0.00, 0.00, 0, 0.00),
    # The thirtieth round's voices (words30), at their baseline (the commit of the sets,
    # before any rule was tuned on them), dev / held-out: renovation 0.882/0.439 (18/41) and
    # 0.833/0.276 (8/29); academics 0.789/0.464 (26/56) and 0.760/0.595 (25/42, one false
    # commit of 11); nightfeeds 0.845/0.741 (20/27) and 0.880/0.667 (16/24, one record gives
    # a forbidden field). No counterfactual commit, no spurious where. Twenty dev labels were
    # then set to the catalogue's conventions (a deposit is financial.deposit, a deadline or
    # a trip put off is assertive or planning, a deliberating question none or
    # hypothetical, money received has an amount and no status); by them the baseline's dev
    # figures are renovation 0.912/0.634, academics 0.873/0.519, nightfeeds 0.873/0.741.
    # After the work on the dev halves (held-out scored at the start, mid-way and at the
    # end, in aggregate): dev renovation 0.912/0.683, academics 0.944/0.712, nightfeeds
    # 0.915/0.889; held-out renovation 0.833/0.276, academics 0.780/0.619 (the same false
    # commit), nightfeeds 0.880/0.708 (the same forbidden field). Floors: these minus the
    # usual margin, never below the baseline's floor.
    ("renovation", "dev"): Figures(0.88, 0.63, 0.00, 0.00, 0, 0.00),
    ("renovation", "heldout"): Figures(0.80, 0.22, 0.00, 0.00, 0, 0.00),
    ("academics", "dev"): Figures(0.91, 0.66, 0.00, 0.00, 0, 0.00),
    ("academics", "heldout"): Figures(0.75, 0.56, 0.10, 0.00, 0, 0.00),
    ("nightfeeds", "dev"): Figures(0.88, 0.83, 0.00, 0.00, 0, 0.00),
    ("nightfeeds", "heldout"): Figures(0.85, 0.65, 0.00, 0.00, 1, 0.00),
    # Thirty-first round (voices31), baseline at the commit that added the sets (written and
    # labelled before the extractor ran on them), dev / held-out: weddings 0.851/0.569 (33/58)
    # and 0.860/0.571 (24/42); flatmates 0.861/0.822 (60/73, one false commit of 22) and
    # 0.860/0.718 (28/39, three records give a forbidden field: a flatmate by first name,
    # which the catalogue reads as family.<name>); snowbirds 0.845/0.727 (40/55) and
    # 0.900/0.649 (24/37, one forbidden field). 25 dev labels were then set to the
    # catalogue's conventions; by them the baseline's dev figures are weddings 0.946/0.702,
    # flatmates 0.903/0.840, snowbirds 0.901/0.769. After the work on the dev halves
    # (held-out scored mid-way and at the end, in aggregate): dev weddings 0.959/0.860,
    # flatmates 0.917/0.880, snowbirds 0.944/0.885; held-out weddings 0.860/0.643,
    # flatmates 0.860/0.718, snowbirds 0.900/0.676. Floors: these minus the usual margin.
    ("weddings", "dev"): Figures(0.93, 0.83, 0.00, 0.00, 0, 0.00),
    ("weddings", "heldout"): Figures(0.83, 0.61, 0.00, 0.00, 0, 0.00),
    ("flatmates", "dev"): Figures(0.89, 0.85, 0.05, 0.00, 0, 0.04),
    ("flatmates", "heldout"): Figures(0.83, 0.69, 0.00, 0.00, 3, 0.00),
    ("snowbirds", "dev"): Figures(0.91, 0.85, 0.00, 0.00, 0, 0.00),
    ("snowbirds", "heldout"): Figures(0.87, 0.64, 0.00, 0.00, 1, 0.00),
}


@pytest.mark.parametrize(("name", "half"), sorted(FLOORS))
def test_floors(name: str, half: str) -> None:
    """At least as good as when the sets were written (minus a small margin)."""
    got, floor = measure(name, half), FLOORS[(name, half)]
    assert got.accuracy >= floor.accuracy, got
    assert got.field_recall >= floor.field_recall, got
    assert got.false_commit_rate <= floor.false_commit_rate, got
    assert got.counterfactual_rate <= floor.counterfactual_rate, got
    assert got.forbidden <= floor.forbidden, got
    assert got.spurious_where <= floor.spurious_where, got
