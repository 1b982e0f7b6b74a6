"""The field catalogue: what each field means to the resolver.

A field name is ``<domain>.<name>`` or, for things that come in many (projects,
family members, bills), ``<domain>.<slug>.<name>``. Each pattern here says what
values a field takes, whether a plan may set it (``planning_allowed``), and in
which order its statuses normally move (``lifecycle``) so a step backwards is
recognised as a regression and put to the user instead of being committed.

Unknown fields in a known domain are accepted with permissive defaults, so a
configured extraction rule can introduce fields without code changes.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

DOMAINS: tuple[str, ...] = ("travel", "family", "project", "financial", "profile")


@dataclass(frozen=True)
class FieldSpec:
    """How the resolver treats one family of fields."""

    pattern: str
    description: str
    values: tuple[str, ...] = ()
    """Allowed string values; empty means free text (or a number for amounts)."""
    planning_allowed: bool = False
    """A planning observation may set this field (a plan is a fact about the future)."""
    planning_values: tuple[str, ...] = ()
    """When set, planning observations may only set these values (travel.status: planning)."""
    lifecycle: tuple[str, ...] = ()
    """Normal forward order of values; moving to an earlier one is a regression."""
    numeric: bool = False
    current_condition: bool = False
    """The value is a condition now (a status, where the user is): a newer word about it
    settles the older open questions about it, whatever value they proposed."""
    told_by: tuple[str, ...] = ()
    """When set, only these source types may propose a value at all; any other source is
    tentatively rejected (who is in the household is the user's to say, never a stranger's
    mail). The user's own say (an answer, an edit) always may."""
    long_lived: bool = False
    """A lasting fact (who someone is to the user): it does not age by the domain's
    half-life, and a new value from anyone but the user is asked, never committed alone."""

    def matches(self, field: str) -> bool:
        return re.fullmatch(self.pattern, field) is not None


_SLUG = r"[a-z0-9_]+"

RELATIONS: tuple[str, ...] = (
    "partner",
    "spouse",
    "wife",
    "husband",
    "child",
    "son",
    "daughter",
    "parent",
    "mother",
    "father",
    "sibling",
    "brother",
    "sister",
    "grandparent",
    "grandmother",
    "grandfather",
    "grandchild",
)
"""What a household member is to the user (``family.<first name>.relation``), in one
spelling each: the extractor says "mum", "kids" and "hubby" as these."""

FIELD_SPECS: tuple[FieldSpec, ...] = (
    FieldSpec(
        r"travel\.status",
        "State of the current or next trip.",
        values=("planning", "in_progress", "completed", "cancelled"),
        planning_allowed=True,
        planning_values=("planning",),
        lifecycle=("planning", "in_progress", "completed"),
        current_condition=True,
    ),
    FieldSpec(
        r"travel\.location",
        "Where the user is now (a place name): where a trip has taken them, or home again; "
        "never a shop, an appointment or a school run in their own area ('at costco in "
        "burbank, need anything?' sets no travel field).",
        current_condition=True,
    ),
    FieldSpec(
        r"travel\.destination", "Where the current or next trip goes.", planning_allowed=True
    ),
    FieldSpec(r"travel\.depart_date", "Trip start, ISO 8601 date.", planning_allowed=True),
    FieldSpec(r"travel\.return_date", "Trip end, ISO 8601 date.", planning_allowed=True),
    FieldSpec(
        rf"project\.{_SLUG}\.status",
        "Status of a named project (slug from its name: 'Feature X' -> feature_x).",
        values=("planned", "in_progress", "blocked", "shipped", "cancelled"),
        planning_allowed=True,
        planning_values=("planned",),
        lifecycle=("planned", "in_progress", "shipped"),
        current_condition=True,
    ),
    FieldSpec(
        rf"project\.{_SLUG}\.due_date", "Due date of a project, ISO 8601.", planning_allowed=True
    ),
    FieldSpec(r"profile\.home_city", "The user's home city."),
    FieldSpec(
        r"profile\.move_city",
        "Where a planned move goes; home stays profile.home_city until the move is made.",
        planning_allowed=True,
    ),
    FieldSpec(
        r"profile\.move_date",
        "When the planned move happens: an ISO 8601 date, or its month (YYYY-MM).",
        planning_allowed=True,
    ),
    FieldSpec(r"profile\.employer", "Who the user works for."),
    FieldSpec(r"profile\.diet", "Dietary preference (vegetarian, vegan, ...)."),
    FieldSpec(r"profile\.name", "The user's name."),
    FieldSpec(r"profile\.timezone", "IANA time zone name."),
    FieldSpec(
        rf"family\.{_SLUG}\.status",
        "Condition of a family member or the household (sick, well, away, home).",
        current_condition=True,
    ),
    FieldSpec(
        rf"family\.{_SLUG}\.relation",
        "Who a household member is to the user, by first name: family.maya.relation = "
        "daughter ('my wife Priya', 'Kids: Maya, Leo' in MEMORY.md). Never an age.",
        values=RELATIONS,
        told_by=("conversation_assertive", "static_markdown", "agent"),
        long_lived=True,
    ),
    FieldSpec(
        rf"family\.{_SLUG}\.schedule",
        "When a family activity happens next (ISO 8601 date or date-time), or 'cancelled'.",
        planning_allowed=True,
    ),
    FieldSpec(
        rf"family\.{_SLUG}\.event_status",
        "State of a family activity or school day.",
        values=("scheduled", "moved", "cancelled"),
        planning_allowed=True,
        planning_values=("scheduled", "moved"),
        current_condition=True,
    ),
    FieldSpec(
        rf"financial\.{_SLUG}\.amount", "Amount of a purchase, payment or bill.", numeric=True
    ),
    FieldSpec(rf"financial\.{_SLUG}\.currency", "ISO 4217 currency code of that amount."),
    FieldSpec(
        rf"financial\.{_SLUG}\.status",
        "State of a purchase, payment, bill or return.",
        values=("due", "pending", "paid", "refunded", "cancelled"),
        planning_allowed=True,
        planning_values=("due", "pending"),
        lifecycle=("due", "pending", "paid", "refunded"),
        current_condition=True,
    ),
    FieldSpec(
        rf"financial\.{_SLUG}\.due_date", "When a payment is due, ISO 8601.", planning_allowed=True
    ),
    FieldSpec(rf"financial\.{_SLUG}\.merchant", "Who was paid."),
)

_PERMISSIVE = FieldSpec(r".*", "A field introduced by configuration.", planning_allowed=False)


@lru_cache(maxsize=4096)
def spec_for(field: str) -> FieldSpec:
    """The spec of ``field``; permissive defaults for fields the catalogue does not name."""
    for spec in FIELD_SPECS:
        if spec.matches(field):
            return spec
    return _PERMISSIVE


def domain_of(field: str) -> str:
    return field.split(".", 1)[0]


def slugify(name: str) -> str:
    """'Feature X' -> 'feature_x': the slug used in per-item field names. An accented
    letter is its bare letter ("my fiancé" is "fiance", not "fianc"); the accent is a mark
    on the letter, not a break between words."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    slug = re.sub(r"[^a-z0-9]+", "_", bare.lower()).strip("_")
    return slug or "item"
