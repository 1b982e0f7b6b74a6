"""``canon report``: one self-contained HTML file, opened in a real headless Chromium.

The log is the three-day one of tests/metrics_log.py. Every chart must have
loaded (naturalWidth > 0) and be a picture (a decoded PNG with more than one
colour and plenty of non-background pixels). Screenshots land in the test's
tmp directory for a look by eye.
"""

from __future__ import annotations

import base64
import io
import shutil
from datetime import timedelta
from pathlib import Path

import pytest
from canon_cli import Ran, canon
from canon_testing import calibrated_policy
from metrics_log import SINCE, UNTIL, build_log
from PIL import Image

from core.domain.timeutil import format_ts
from core.engine.engine import Engine
from core.report.html import CHARTED, NOTHING_YET
from core.store.factory import open_store

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
needs_chromium = pytest.mark.skipif(
    shutil.which("chromium") is None, reason="tests/services/install-chromium.sh not run"
)
pytestmark = pytest.mark.timeout(120)


def canon_report(db: Path, out: Path, *args: str) -> Ran:
    return canon("--db", str(db), "report", "--out", str(out), *args)


@pytest.fixture
async def logged_db(tmp_path: Path) -> Path:
    db = tmp_path / "canon.db"
    store = open_store(str(db))
    await store.open()
    try:
        await build_log(Engine(store, calibrated_policy()))
    finally:
        await store.close()
    return db


def window(*extra: str) -> list[str]:
    return ["--since", format_ts(SINCE), "--now", format_ts(UNTIL), *extra]


async def open_in_chromium(page_path: Path, shot: Path) -> tuple[list[dict[str, object]], str]:
    """Each <img> as the browser loaded it, and the page's text; a full-page screenshot."""
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = await browser.new_page(viewport={"width": 1100, "height": 900})
            requested: list[str] = []
            page.on("request", lambda r: requested.append(r.url))
            await page.goto(page_path.as_uri())
            await page.wait_for_load_state("load")
            images = await page.eval_on_selector_all(
                "img",
                "els => els.map(e => ({alt: e.alt, src: e.src, width: e.naturalWidth,"
                " complete: e.complete}))",
            )
            text = await page.inner_text("body")
            await page.screenshot(path=str(shot), full_page=True)
        finally:
            await browser.close()
    # Nothing but the file itself (data: URIs are not requests).
    assert [u for u in requested if not u.startswith("data:")] == [page_path.as_uri()]
    return images, text


def assert_a_picture(src: str) -> None:
    """A PNG that shows something: several colours, and not all background."""
    prefix = "data:image/png;base64,"
    assert src.startswith(prefix)
    image = Image.open(io.BytesIO(base64.b64decode(src[len(prefix) :]))).convert("RGB")
    colours = image.getcolors(maxcolors=image.width * image.height)
    assert colours is not None
    assert len(colours) > 2
    background = image.getpixel((0, 0))
    drawn = sum(count for count, colour in colours if colour != background)
    assert drawn > 0.02 * image.width * image.height


@needs_chromium
async def test_every_chart_loads_and_shows_something(logged_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    done = canon_report(logged_db, out, *window())
    assert done.returncode == 0, done.stderr
    assert "3 day(s) charted" in done.stdout
    images, text = await open_in_chromium(out, tmp_path / "report.png")
    # This log has no duplicate, projection, static file or question about a reading.
    uncharted = {
        "idempotency_integrity",
        "projection_drift_rate",
        "staleness_index_seconds",
        "static_input_age_seconds",
        "intent_extraction_precision",
    }
    charted = [
        "Review burden and corrections",
        *(title for name, title in CHARTED if name not in uncharted),
        "Thresholds over time",
    ]
    assert [i["alt"] for i in images] == charted
    for image in images:
        assert image["complete"], image
        assert isinstance(image["width"], int)
        assert image["width"] > 0, image
        assert_a_picture(str(image["src"]))
    # No duplicate was ever sent: a reason, not a zero.
    assert "No values: no duplicates seen in the window." in text
    assert "No values: no projection writes in the window." in text
    print(f"screenshot: {tmp_path / 'report.png'}")


@needs_chromium
async def test_an_empty_store_says_there_is_nothing_to_chart(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    done = canon_report(tmp_path / "empty.db", out, *window())
    assert done.returncode == 0, done.stderr
    assert "nothing to chart yet" in done.stdout
    images, text = await open_in_chromium(out, tmp_path / "empty.png")
    assert NOTHING_YET in text
    assert [i["alt"] for i in images] == ["Thresholds over time"]
    assert_a_picture(str(images[0]["src"]))
    assert "no state changes in the window" in text


async def test_what_a_user_typed_is_escaped(logged_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    entity = '<img src=x onerror="alert(1)">'
    done = canon_report(logged_db, out, *window("--entity", entity))
    assert done.returncode == 0, done.stderr
    page = out.read_text()
    assert entity not in page
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in page


async def test_only_the_entity_asked_for_is_charted(logged_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    done = canon_report(logged_db, out, *window("--entity", "family:home"))
    assert done.returncode == 0, done.stderr
    page = out.read_text()
    assert "<td>family:home</td><td>financial</td>" in page
    assert "user:primary" not in page


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--since", "yesterday"], "--since wants an RFC 3339 time or a span"),
        (["--out-dir-missing"], "No such option"),
    ],
)
async def test_bad_arguments_are_one_line(
    logged_db: Path, tmp_path: Path, args: list[str], said: str
) -> None:
    done = canon_report(logged_db, tmp_path / "report.html", *args)
    assert done.returncode == 2
    assert said in done.stderr
    assert not (tmp_path / "report.html").exists()


async def test_an_unwritable_out_is_one_line(logged_db: Path, tmp_path: Path) -> None:
    done = canon_report(logged_db, tmp_path / "no" / "such" / "dir" / "report.html", *window())
    assert done.returncode == 2
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("canon: error: cannot write ")


def test_thresholds_draw_from_a_log_of_changes() -> None:
    """The chart takes (time, domain, ask, auto) points: a point holds until the next."""
    from core.report.charts import ThresholdPoint, thresholds_chart

    changes = [
        ThresholdPoint(SINCE - timedelta(days=3), "travel", 0.65, 0.90),
        ThresholdPoint(SINCE + timedelta(days=1), "travel", 0.70, 0.95),
        ThresholdPoint(SINCE, "financial", 0.65, 0.85),
    ]
    png = thresholds_chart(changes, SINCE, UNTIL)
    assert_a_picture("data:image/png;base64," + base64.b64encode(png).decode())
