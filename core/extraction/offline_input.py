"""What of a text the offline extractor reads: at most ``MAX_TEXT`` characters, known names
given their capital, and for a Markdown line its text without the markup.

The extractor and the batch parser (``core.extraction.batch``) read the input the same way,
so a batch parsed ahead finds every message's parse cached.
"""

from __future__ import annotations

from functools import lru_cache

from core.extraction.code_switch import glossed
from core.extraction.dictated_sends import dictated_message
from core.extraction.handed_on import handed_on
from core.extraction.known_people import capitalise_known
from core.extraction.letters import strip_salutation
from core.extraction.markdown import MarkdownLine, key_value_candidate, parse_line
from core.extraction.place_since import in_place_since
from core.extraction.quoted_replies import answered
from core.extraction.self_corrections import as_corrected
from core.extraction.spoken_punctuation import written_marks
from core.extraction.transcript_lines import others_as_said
from core.extraction.typed_text import clean
from core.extraction.types import SourceKind

MAX_TEXT = 4000
"""Longer inputs are cut: a chat message or a Markdown line is never this long."""


def parsed_text(
    text: str,
    source: SourceKind = "conversation_assertive",
    known_people: frozenset[str] = frozenset(),
) -> str | None:
    """The string ``extract_offline`` hands the parser for ``text`` (None: it parses none).

    It reads the input as ``extract_offline`` does (``readable_body``), so a batch can be
    parsed ahead (``core.extraction.batch``) and every message then finds its parse cached.
    """
    body, md = readable_body(text, source, known_people)
    if md is not None and key_value_candidate(md) is not None:
        return None
    return clean(body)


@lru_cache(maxsize=512)
def readable_body(
    text: str, source: SourceKind, known_people: frozenset[str] = frozenset()
) -> tuple[str, MarkdownLine | None]:
    """What of ``text`` is read: at most ``MAX_TEXT`` characters, known names given
    their capital, a message's salutation left out, and for a Markdown line its text
    without the markup (with the parsed line).

    Kept per input (both parts immutable): a batch reads every message here before its
    parse (``parsed_text``) and the extractor reads it again; the cache's size is the
    text cleaner's, which is read the same two times.
    """
    cut = capitalise_known(text[:MAX_TEXT], known_people)
    if source != "static_markdown":
        # "Hi Linda comma I'm at the hospital period": the marks a phone wrote out as words;
        # "text Jordan comma on my way": the news dictated for Jordan, without the command.
        # "estoy en Madrid, back el viernes": the Spanish, Hindi or Tagalog frame in English.
        # "tahoe as of last night!": a place and its since, the "in" left out.
        # "flying out tuesday - no wait, thursday": the day corrected, read as corrected.
        cut = in_place_since(glossed(as_corrected(dictated_message(written_marks(cut)))))
        # "Dear Susan, your father and I are in Sarasota": parsed with its salutation,
        # "Dear Susan" is the subject and the speaker an apposition of hers.
        # 'from mom: "landed in phoenix"': a relative's words, read as said of them; a reply
        # under a quoted question, as what it tells ("> are you still in Denver?\nyep").
        # "Sam: we're in Tahoe", pasted from another chat: Sam's words, said of Sam.
        return handed_on(
            answered(others_as_said(strip_salutation(cut).strip() or cut, known_people))
        ), None
    md = parse_line(cut)
    return md.body, md
