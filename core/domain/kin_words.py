"""Family members as the user would name them: "your kids" by how they are related,
"Emma" by name, and the verb that agrees with them ("your kids are", "Emma is")."""

from __future__ import annotations

RELATIONS = frozenset(
    [
        *("mom", "mum", "mother", "dad", "father", "wife", "husband", "partner", "sister"),
        *("brother", "son", "daughter", "kids", "children", "baby", "grandma", "grandpa"),
        *("grandmother", "grandfather", "aunt", "uncle", "cousin", "boyfriend", "girlfriend"),
    ]
)
"""Family members named by how they are related ("your kids"), not by name ("Emma")."""


def who(member: str) -> str:
    """The family member a field names, as the user would say it: "your wife", "Lily"."""
    thing = slug_words(member)
    if thing in ("household", "family"):
        return "everyone at home"
    if thing in RELATIONS or thing in ("kid", "child"):  # one of the kids, asked as said
        return f"your {thing}"
    return thing.title()


def be_for(member: str) -> str:
    """The verb "to be" that agrees with the family member a field names: "your kids
    are", "Lily is"."""
    # (by the last word: "the kids", "my in-laws"; "is everyone at home …")
    return "are" if slug_words(member).split()[-1] in _PLURAL else "is"


_PLURAL = frozenset(
    ["kids", "children", "boys", "girls", "twins", "parents", "grandparents", "laws", "folks"]
)


def slug_words(slug: str) -> str:
    """A field's slug as words: "soccer_practice" -> "soccer practice"."""
    return slug.replace("_", " ").strip() or "it"
