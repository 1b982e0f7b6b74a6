"""Whom a question is about, in its words: "you" for the user, else their name.

Pure. ``phrasing`` fills its templates with these ("{are} {you} in {v}?" is "Are you
in Tahoe?" to the user and "Is Bob in Tahoe?" about Bob).
"""

from __future__ import annotations

from core.domain.kin_words import slug_words


class Words:
    """Pronouns for the entity a question is about: 'you' for the user, else a name."""

    def __init__(self, entity_id: str, mine: str) -> None:
        if entity_id == mine:
            self.you, self.your, self.do, self.are = "you", "your", "Do", "Are"
        else:
            name = slug_words(entity_id.split(":", 1)[-1]).title()
            self.you, self.your, self.do, self.are = name, f"{name}'s", "Does", "Is"


def fmt(template: str, w: Words, **values: str) -> str:
    """``template`` with ``w``'s words in it ({you}, {your}, {do}, {are}), capitalised."""
    text = template.format(you=w.you, your=w.your, do=w.do, are=w.are, **values)
    return text[:1].upper() + text[1:]


def plain_name(name: str) -> str:
    """A field's last part as words: "due_date" is "due date"."""
    return name.replace("_", " ")
