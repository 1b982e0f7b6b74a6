"""User mapping rules: the ``[[rules]]`` tables of the CANON_CONFIG file.

A rule says which calendar events or mails claim which field, with what value;
``core.signals.mapping`` (calendar) and ``core.signals.mail_mapping`` (mail) apply
them. Parsed once at the edge into frozen ``Rule`` objects; every error names the rule.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, cast

from core.errors import ConfigError

RuleKind = Literal["calendar", "email"]
RuleIntent = Literal["assertive", "planning"]
RULE_TEMPLATES: Final[dict[str, tuple[str, ...]]] = {
    "calendar": ("start", "end", "location", "summary", "match", "slug"),
    "email": ("subject", "from", "amount", "match", "slug"),
}
_RULE_KEYS: Final = {"name", "kind", "match", "field", "value", "intent", "entity", "on_cancel"}
_RULE_FIELD = re.compile(r"(travel|family|project|financial|profile)(\.[a-z0-9_]+)+")
_ENTITY = re.compile(r"(user|family|team):[a-z0-9._-]+")
RuleValue = str | int | float | bool


@dataclass(frozen=True)
class Rule:
    """One ``[[rules]]`` table: calendar events or mails matching ``match`` claim ``field``.

    [[rules]]
    name = "swim lessons"
    kind = "calendar"                 # calendar | email
    match = "(?i)swim(ming)? lesson"  # on the summary, or the subject + body
    field = "family.{slug}.schedule"  # {slug}: slug of the summary / subject
    value = "{start}"                 # a template or a literal
    intent = "planning"               # default: planning before start, else assertive
    entity = "family:home"            # default: the source's entity
    on_cancel = "cancelled"           # calendar: the value when the event is cancelled
    """

    name: str
    kind: RuleKind
    match: re.Pattern[str]
    field: str
    """A field name, possibly with ``{slug}``."""
    value: RuleValue
    """A literal, or a string template over ``RULE_TEMPLATES[kind]``."""
    intent: RuleIntent | None = None
    entity: str | None = None
    on_cancel: RuleValue | None = None
    """Calendar only: the value claimed when a matching event is cancelled (else nothing)."""


def template_names(template: str) -> tuple[str, ...]:
    """The ``{names}`` a template refers to (``{{`` and ``}}`` are literal braces)."""
    return tuple(name for _, name, _, _ in string.Formatter().parse(template) if name is not None)


def _checked_template(template: str, allowed: tuple[str, ...], where: str) -> str:
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError as e:
        raise ConfigError(f"{where}: bad template {template!r}: {e}") from e
    for _, name, spec, conversion in parts:
        if name is None:
            continue
        if name not in allowed or spec or conversion:
            raise ConfigError(
                f"{where}: unknown template {{{name}}}; use one of "
                + ", ".join(f"{{{n}}}" for n in allowed)
            )
    return template


def _rule_value(raw: Any, allowed: tuple[str, ...], where: str) -> RuleValue:
    if isinstance(raw, str):
        return _checked_template(raw, allowed, where)
    if isinstance(raw, bool | int | float):
        return raw
    raise ConfigError(f"{where} must be a string, number or boolean")


def parse_rule(raw: Mapping[str, Any], index: int) -> Rule:
    """One ``[[rules]]`` table, checked; every error names the rule."""
    name = raw.get("name", f"rules[{index}]")
    if not isinstance(name, str) or not name.strip():
        raise ConfigError(f"rules[{index}]: name must be a non-empty string")
    label = f"rule {name!r}"
    unknown = set(raw) - _RULE_KEYS
    if unknown:
        raise ConfigError(f"{label}: unknown keys {', '.join(sorted(unknown))}")
    kind = raw.get("kind")
    if kind not in RULE_TEMPLATES:
        raise ConfigError(f"{label}: kind must be 'calendar' or 'email'")
    allowed = RULE_TEMPLATES[kind]
    pattern = raw.get("match")
    if not isinstance(pattern, str) or not pattern:
        raise ConfigError(f"{label}: match must be a non-empty regular expression")
    try:
        compiled = re.compile(pattern)
    except re.error as e:
        raise ConfigError(f"{label}: match is not a valid regular expression: {e}") from e
    field_ = raw.get("field")
    if not isinstance(field_, str):
        raise ConfigError(f"{label}: field is required (like family.{{slug}}.schedule)")
    _checked_template(field_, ("slug",), f"{label}: field")
    sample = field_.replace("{slug}", "x")
    if not _RULE_FIELD.fullmatch(sample) or len(sample) > 80:
        raise ConfigError(
            f"{label}: field {field_!r} must look like <domain>.<name> "
            "(travel, family, project or financial)"
        )
    if sample.startswith("profile."):
        raise ConfigError(f"{label}: mail and calendar never change the profile ({field_!r})")
    if "value" not in raw:
        raise ConfigError(f"{label}: value is required")
    intent = raw.get("intent")
    if intent is not None and intent not in ("assertive", "planning"):
        raise ConfigError(f"{label}: intent must be 'assertive' or 'planning'")
    entity = raw.get("entity")
    if entity is not None and (not isinstance(entity, str) or not _ENTITY.fullmatch(entity)):
        raise ConfigError(f"{label}: entity must look like family:home")
    on_cancel = raw.get("on_cancel")
    if on_cancel is not None:
        if kind != "calendar":
            raise ConfigError(f"{label}: on_cancel is for calendar rules only")
        on_cancel = _rule_value(on_cancel, allowed, f"{label}: on_cancel")
    return Rule(
        name=name,
        kind=cast(RuleKind, kind),
        match=compiled,
        field=field_,
        value=_rule_value(raw["value"], allowed, f"{label}: value"),
        intent=cast(RuleIntent | None, intent),
        entity=entity,
        on_cancel=on_cancel,
    )


def parse_rules(data: Mapping[str, Any]) -> tuple[Rule, ...]:
    """Every ``[[rules]]`` table of a parsed config document, in order."""
    tables = data.get("rules", [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise ConfigError("'rules' must be an array of tables ([[rules]])")
    rules = tuple(parse_rule(t, i) for i, t in enumerate(tables))
    names = [r.name for r in rules]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise ConfigError(f"rule names must be unique: {', '.join(dupes)}")
    return rules
