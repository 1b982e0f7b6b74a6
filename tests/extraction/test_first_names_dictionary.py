"""The first-name test's dictionary is the pipeline's own, read without the pipeline.

``core.extraction.first_names`` reads the lemmatizer's word index from the verified
pipeline files and spaCy's stop words from spaCy's source, so a process that asks whether
"kaylee" is a name (``canon mcp``, a renderer) does not load the pipeline or import spaCy
for it. These tests pin that the words are exactly the loaded pipeline's, and that
asking loads neither.
"""

from __future__ import annotations

import pytest
from fresh_interpreter import probe_answer

from core.extraction import first_names
from core.extraction.linguistics.model import load

PARTS_OF_SPEECH = ("adj", "adv", "noun", "verb")


def test_the_word_index_is_the_loaded_pipelines() -> None:
    from spacy.strings import hash_string

    table = load().get_pipe("lemmatizer").lookups.get_table("lemma_index")  # type: ignore[attr-defined]
    index = first_names.lemma_index()
    assert hash_string("adv") == first_names.ADVERBS_KEY
    assert set(index) == {hash_string(pos) for pos in PARTS_OF_SPEECH}
    for pos in PARTS_OF_SPEECH:
        assert list(index[hash_string(pos)]) == list(table[pos]), pos


def test_the_stop_words_are_spacys() -> None:
    from spacy.lang.en.stop_words import STOP_WORDS

    assert first_names.english_stop_words() == frozenset(STOP_WORDS)


@pytest.mark.parametrize(
    ("word", "is_name"),
    [
        ("kaylee", True),  # no English word
        ("jaxon", True),
        ("max", True),  # on the common list, though a word
        ("teacher", False),  # a noun
        ("called", False),  # an inflected verb
        ("stil", False),  # one slip from an adverb
        ("jsut", False),  # one slip from a function word
        ("lol", False),  # chat shorthand
    ],
)
def test_words_read_as_before(word: str, is_name: bool) -> None:
    assert first_names.is_first_name(word) is is_name


def test_asking_loads_neither_the_pipeline_nor_spacy() -> None:
    probe = (
        "import json, sys\n"
        "from core.extraction.first_names import is_first_name\n"
        "from core.extraction.linguistics import model\n"
        "said = [is_first_name(w) for w in ('kaylee', 'teacher', 'stil')]\n"
        "print(json.dumps([said, model.loaded(), 'spacy' in sys.modules]))\n"
    )
    assert probe_answer(probe) == [[True, False, False], False, False]
