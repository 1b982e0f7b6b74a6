"""What kind of thing a noun phrase names, so a rule can check its object.

A status verb says little by itself: "dropped the chatbot project" cancels a
project, "dropped my phone in the toilet" does not; "finished the migration"
ships one, "finished the marathon" is a race run; "paid the speeding ticket"
settles a fine, "got a speeding ticket" incurs one. What decides is the head
noun of the object, read from spaCy's parse (its noun chunk's root lemma), and
the class it belongs to. The classes are small and closed on purpose: a noun
outside them keeps the rule's reading, so names nobody listed ("the onboarding
emails", "Feature X") still count as projects.
"""

from __future__ import annotations

from typing import Literal

from core.extraction.clause import Clause
from core.extraction.linguistics.parse import parse

Kind = Literal[
    "person",
    "creature",
    "possession",
    "body_part",
    "food",
    "event",
    "chore",
    "care",
    "errand_place",
    "demand",
]

_CLASSES: dict[Kind, frozenset[str]] = {
    # People are dropped off and picked up, not cancelled ("dropped my son at school").
    "person": frozenset(
        {
            "mom",
            "mum",
            "mother",
            "dad",
            "father",
            "parent",
            "son",
            "daughter",
            "kid",
            "child",
            "baby",
            "boy",
            "girl",
            "wife",
            "husband",
            "partner",
            "boyfriend",
            "girlfriend",
            "brother",
            "sister",
            "grandma",
            "grandpa",
            "grandmother",
            "grandfather",
            "aunt",
            "uncle",
            "cousin",
            "nephew",
            "niece",
            "friend",
            "buddy",
            "boss",
            "coworker",
            "neighbor",
            "neighbour",
            "guest",
        }
    ),
    # Animals and plants: "killed a spider", "finished off the wasp".
    "creature": frozenset(
        {"spider", "bug", "fly", "mosquito", "wasp", "bee", "ant", "mouse", "rat", "plant"}
    ),
    # Things one owns and carries: they get lost, dropped and broken, never shipped.
    "possession": frozenset(
        {
            "phone",
            "iphone",
            "cellphone",
            "key",
            "wallet",
            "purse",
            "bag",
            "backpack",
            "laptop",
            "tablet",
            "ipad",
            "glass",
            "glasses",
            "sunglasses",
            "watch",
            "ring",
            "necklace",
            "earring",
            "headphone",
            "earbud",
            "airpod",
            "charger",
            "camera",
            "umbrella",
            "jacket",
            "coat",
            "hat",
            "shoe",
            "sock",
            "shirt",
            "bike",
            "bicycle",
            "mug",
            "cup",
            "bottle",
            "plate",
            "remote",
            "pen",
            "card",
            "ticket",
            "passport",
            "license",
            "toy",
            "ball",
            # Machines and their parts die and break down, never ship: "the car is dead",
            # "the fridge is dead" (not "engine": a recommendation engine is built).
            "car",
            "truck",
            "van",
            "battery",
            "tire",
            "tyre",
            "fridge",
            "freezer",
            "dishwasher",
            "washer",
            "dryer",
            "furnace",
            "boiler",
            "heater",
            "printer",
            "router",
            "tv",
        }
    ),
    # Bodies get hurt, not cancelled: "broke my leg", "dropped it on my foot".
    "body_part": frozenset(
        {
            "leg",
            "arm",
            "hand",
            "finger",
            "thumb",
            "toe",
            "foot",
            "feet",
            "ankle",
            "wrist",
            "knee",
            "hip",
            "back",
            "neck",
            "head",
            "nose",
            "tooth",
            "teeth",
            "shoulder",
            "elbow",
            "rib",
            "eye",
            "ear",
            "lip",
            "face",
            "hair",
        }
    ),
    # Eaten or drunk: "finished my coffee", "dropped the pizza".
    "food": frozenset(
        {
            "food",
            "meal",
            "snack",
            "pizza",
            "sandwich",
            "burger",
            "cake",
            "cookie",
            "coffee",
            "tea",
            "beer",
            "wine",
            "drink",
            "soup",
            "salad",
            "dessert",
            "icecream",
            "cream",
            "bread",
            "breakfast",
            "lunch",
            "dinner",
            "leftover",
        }
    ),
    # Events one takes part in or watches: finishing one is an experience, not a delivery.
    "event": frozenset(
        {
            "marathon",
            "race",
            "5k",
            "10k",
            "triathlon",
            "ironman",
            "hike",
            "run",
            "workout",
            "game",
            "match",
            "tournament",
            "concert",
            "show",
            "movie",
            "film",
            "season",
            "episode",
            "novel",
            "puzzle",
            "exam",
            "interview",
            "wedding",
            "party",
            "funeral",
            "ceremony",
            "graduation",
            "shift",
            # A worker's run of shifts by its name on the rota: "finished nights this
            # morning", "done my last earlies", "on lates all week" (a shift, no project).
            *("night", "nights", "nightshift", "early", "earlies", "late", "lates", "double"),
            *("doubles", "rota", "stint"),
        }
    ),
    # Housework is done every week; finishing it ships nothing.
    "chore": frozenset(
        {"dish", "dishes", "laundry", "chore", "errand", "grocery", "groceries", "vacuuming"}
    ),
    # Treatment one goes through: "started physical therapy", "finished the antibiotics".
    "care": frozenset(
        {"therapy", "treatment", "medication", "medicine", "antibiotic", "chemo", "rehab"}
    ),
    # Places an errand happens at: "dropped my phone in the toilet", "finished the gym".
    "errand_place": frozenset(
        {
            "toilet",
            "bathroom",
            "kitchen",
            "sink",
            "store",
            "shop",
            "supermarket",
            "bank",
            "gym",
            "pharmacy",
            "mall",
            "street",
            "pool",
            "park",
            "office",
            "college",
            "university",
        }
    ),
    # Money someone demands of the user: receiving one is not paying it.
    "demand": frozenset(
        {"fine", "citation", "penalty", "bill", "invoice", "charge", "fee", "summons"}
    ),
}
_FINE_TICKETS = frozenset({"speeding", "parking", "traffic"})
"""A ticket with one of these before it is a fine, not a seat at a show."""


def head_noun(text: str, start: int, end: int) -> str:
    """Lemma of the head noun of the phrase at ``text[start:end]`` ("the marathon I
    trained for" -> "marathon", "my phone" -> "phone", "the pricing page" -> "page")."""
    doc = parse(text)
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or len(span) == 0:
        words = text[start:end].lower().split()
        return words[-1] if words else ""
    for chunk in doc.noun_chunks:
        overlaps = chunk.start <= span.start < chunk.end or span.start <= chunk.root.i < span.end
        if overlaps and chunk.root.pos_ in ("NOUN", "PROPN"):
            return chunk.root.lemma_.lower()
    nouns = [t for t in span if t.pos_ in ("NOUN", "PROPN")]
    return (nouns[0] if nouns else span[-1]).lemma_.lower()


def kind_of(phrase: str, head: str) -> Kind | None:
    """The class of a phrase's head noun, or None for anything else (a project name,
    a purchase, a place). A ticket is a fine only when the phrase says so."""
    if head == "ticket":
        words = set(phrase.lower().split())
        return "demand" if words & _FINE_TICKETS else "possession"
    for kind, nouns in _CLASSES.items():
        if head in nouns:
            return kind
    return None


def object_kind_in(clause: Clause, start: int, end: int) -> Kind | None:
    """The class of the noun phrase at ``clause.text[start:end]``, read in the parse of
    the whole message (already made and cached) when the clause knows where it sits."""
    at = clause.start_in_message
    if at < 0:
        return object_kind(clause.text, start, end)
    return kind_of(clause.text[start:end], head_noun(clause.message, at + start, at + end))


def object_kind(text: str, start: int, end: int) -> Kind | None:
    """The class of the noun phrase at ``text[start:end]``.

    The parser's named entities are not used: the small pipeline tags product names
    as people ("shipped Feature X" -> PERSON), so a class is only ever a lexicon hit
    on the head lemma.
    """
    return kind_of(text[start:end], head_noun(text, start, end))
