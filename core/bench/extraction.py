"""The offline extractor's speed in ``canon bench``, beside raw spaCy in the same run.

The messages are composed here from parts (who, doing what, where, when, said
how), a few hundred of them, all different, in the registers people write in:
lowercase chat, retold stories, plans, wishes, questions, booking requests,
notes about family, money and work. They are not the evaluation files' strings,
so the figures do not depend on what the tests happen to contain.

Two figures, each beside its spaCy baseline:

- throughput: the messages through ``canon extract --batch``'s path (parsed in
  batches, then extracted), against ``nlp.pipe`` over the same texts;
- p99 latency of one message parsed and extracted alone (nothing cached),
  against ``nlp(text)`` alone.

Loading the pipeline is timed on its own (``extract_load_s``) and excluded.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

PLACES = (
    "Tahoe",
    "portland",
    "Nashville",
    "mexico city",
    "Lisbon",
    "the beach",
    "my parents' place",
    "Denver",
    "tokyo",
    "the lake house",
    "Chicago",
    "bali",
)
PEOPLE = ("my wife", "Emma", "my mom", "my brother", "our son", "Lily", "my dad", "grandma")
CONDITIONS = ("sick", "in the hospital", "fine now", "home from school", "feeling better")
WHEN_AHEAD = ("on Sunday", "next week", "tomorrow", "in March", "on the 6th", "this weekend")
WHEN_BEHIND = ("last year", "yesterday", "two weeks ago", "in 2019", "last summer", "on Friday")
PROJECTS = ("the website", "Canon", "the quarterly report", "the app", "the migration")
SHAPES: tuple[str, ...] = (
    "we're in {place} until {ahead}",
    "i'm currently travelling in {place}",
    "flying to {place} {ahead}",
    "we're thinking about going to {place} {ahead}",
    "i was in {place} {behind} and it rained the whole time",
    "we got back from {place} {behind}",
    "if we'd taken the early train we'd be in {place} already",
    "i wish we were in {place} right now",
    "should we go to {place} {ahead}?",
    "can you book a table for two near {place} {ahead}",
    "i need a hotel in {place} for three nights",
    "{person} is {condition} this morning",
    "{person} was {condition} {behind} but she's ok",
    "i cried when i found out {person} was {condition}",
    "{person} said she might be {condition} {ahead}",
    "{person} has a dentist appointment {ahead}",
    "paid rent {behind}, ${amount}",
    "rent goes up to ${amount} {ahead}",
    "i might get a raise {ahead}",
    "i work at a hardware store near {place}",
    "i live in {place} with two dogs and a hamster",
    "{project} shipped {behind}",
    "we're still working on {project}",
    "{project} is blocked until {ahead}",
    "i'm not going to finish {project} {ahead}",
    "we always loved driving out to {place} in the summer",
    "i'm not going the extra mile on {project} this time",
    "thanks, that helps a lot",
    "lol no",
    "what's the weather like in {place}?",
)


def compose_messages(count: int = 600, seed: int = 11) -> list[str]:
    """``count`` different messages from ``SHAPES`` filled in (deterministic for ``seed``)."""
    rng = random.Random(seed)
    seen: dict[str, None] = {}
    while len(seen) < count:
        text = rng.choice(SHAPES).format(
            place=rng.choice(PLACES),
            person=rng.choice(PEOPLE),
            condition=rng.choice(CONDITIONS),
            ahead=rng.choice(WHEN_AHEAD),
            behind=rng.choice(WHEN_BEHIND),
            project=rng.choice(PROJECTS),
            amount=rng.choice((1900, 2100, 2150, 2400)),
        )
        if rng.random() < 0.3:  # people capitalise and punctuate now and then
            text = text[0].upper() + text[1:] + ("." if text[-1] not in "?." else "")
        seen.setdefault(text, None)
    return list(seen)


_ROUNDS = 3
BASELINES = {
    "extract_msgs_per_s": "spacy_pipe_msgs_per_s",
    "extract_p99_ms": "spacy_single_p99_ms",
}
"""Each extractor figure and the raw spaCy figure measured beside it."""


def _p99(samples_ms: list[float]) -> float:
    ordered = sorted(samples_ms)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def _timed_each(texts: list[str], fn: Callable[[str], object]) -> list[float]:
    out = []
    for text in texts:
        t0 = time.perf_counter()
        fn(text)
        out.append((time.perf_counter() - t0) * 1000.0)
    return out


def extraction_figures(count: int = 600) -> dict[str, Any]:
    """The extractor's and raw spaCy's throughput and p99 on ``count`` composed messages."""
    from core.extraction.batch import primed
    from core.extraction.linguistics import model, parse
    from core.extraction.offline import extract_offline

    at = datetime(2026, 3, 4, 17, 0, tzinfo=UTC)
    texts = compose_messages(count)
    half = len(texts) // 2
    batch_texts, single_texts = texts[:half], texts[half:]

    began = time.perf_counter()
    nlp = model.load()
    load_s = time.perf_counter() - began
    nlp("warm up the pipeline's first call")  # lazily built tables: not part of any figure

    # Best of a few rounds, alternating, so a busy neighbour slows both sides alike.
    extract_rate = spacy_rate = 0.0
    for _ in range(_ROUNDS):
        parse.clear()
        began = time.perf_counter()
        for text in primed(batch_texts, lambda t: (t, "conversation_assertive")):
            extract_offline(text, at=at)
        extract_rate = max(extract_rate, len(batch_texts) / (time.perf_counter() - began))
        began = time.perf_counter()
        for _doc in nlp.pipe(batch_texts, batch_size=parse.BATCH):
            pass
        spacy_rate = max(spacy_rate, len(batch_texts) / (time.perf_counter() - began))

    parse.clear()  # every message parsed alone, as the bot's first look at it
    extract_p99 = _p99(_timed_each(single_texts, lambda t: extract_offline(t, at=at)))
    spacy_p99 = _p99(_timed_each(single_texts, nlp))
    parse.clear()
    return {
        "extract_msgs_per_s": round(extract_rate, 1),
        "extract_p99_ms": round(extract_p99, 3),
        "extract_load_s": round(load_s, 3),
        "spacy_pipe_msgs_per_s": round(spacy_rate, 1),
        "spacy_single_p99_ms": round(spacy_p99, 3),
        "extract_vs_spacy_throughput": round(extract_rate / spacy_rate, 2),
        "extract_vs_spacy_p99": round(extract_p99 / spacy_p99, 2),
        "extract_messages": len(texts),
    }
