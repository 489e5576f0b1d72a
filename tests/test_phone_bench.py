"""bench/phone.py: its smallest configuration runs for every game, and no text escapes its measure."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from PIL import ImageDraw

from games import REGISTRY
from rendering import common

_PATH = Path(__file__).resolve().parents[1] / "bench" / "phone.py"
_SPEC = importlib.util.spec_from_file_location("bench_phone", _PATH)
assert _SPEC and _SPEC.loader
phone = importlib.util.module_from_spec(_SPEC)
sys.modules["bench_phone"] = phone  # dataclasses look their module up there
_SPEC.loader.exec_module(phone)


def test_quick_run_measures_every_picture_kind_of_every_game(capsys) -> None:
    # no renderer draws a text around draw_text
    phone.main(["--quick"])
    out = capsys.readouterr().out
    results = phone.collect(list(REGISTRY), seeds=1, quick=True)
    for key, pictures in results.items():
        kinds = {p.kind for p in pictures}
        assert kinds == set(phone.KINDS), key
        for p in pictures:
            assert p.texts, f"{key} {p.kind} {p.where}: no text recorded"
            assert not p.escaped, f"{key} {p.kind}: drawn outside draw_text: {p.escaped[:3]}"
        for kind in phone.KINDS:
            assert f"| {key} | {kind} |" in out


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_every_picture_meets_the_targets_at_the_width_shown(key: str, capsys) -> None:
    """Every text at least 8 px where a 400 px phone shows the picture, none taller than 1.6x its width."""
    assert phone.main([key, "--quick", "--strict"]) == 0, capsys.readouterr().out


def test_the_targets_hold_in_the_pseudo_language(capsys) -> None:
    """In ``en_XA`` (every word accented and 40% longer, issue 35) the pictures still meet both targets."""
    assert phone.main(["--quick", "--strict", "--language", "en_XA"]) == 0, capsys.readouterr().out
    assert "Language: en_XA." in capsys.readouterr().out


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(SystemExit):
        phone.main(["--quick", "--language", "xx"])


def test_a_card_shows_a_picture_at_its_width_an_attachment_within_its_box() -> None:
    assert phone.SHOWN_WIDTH == 274  # SimCord's preview, 400 px wide: 275.0 px (bench/README.md)
    wide = phone.Picture("public", "x", 548, 400, [(16.0, "a"), (20.0, "b")])
    assert wide.smallest() == (8.0, "a")  # 274 / 548
    tall = phone.Picture("private", "x", 274, 1200, [(16.0, "a")])
    assert tall.smallest() == (16.0, "a") and tall.ratio > phone.MAX_RATIO  # a card does not cap the height
    small = phone.Picture("public", "x", 137, 100, [(8.0, "a")])
    assert small.smallest() == (16.0, "a")  # and enlarges a narrow picture
    rules = phone.Picture("rules", "x", 624, 1376, [(16.0, "a")])
    assert rules.smallest() == (8.0, "a")  # an attachment: 688 / 1376, tighter than 312 / 624
    gif = phone.Picture("replay", "x", 200, 100, [(10.0, "a")], scale=phone.shown(200, 100, "attachment"))
    assert gif.smallest() == (10.0, "a")  # never enlarged


def test_strict_fails_when_a_target_is_missed() -> None:
    small = phone.Row("g", "public", 1, "1200x800", 4.0, "tiny", "w", 0.7, "w", 0)
    tall = phone.Row("g", "public", 1, "400x800", 9.0, "ok", "w", 2.0, "w", 0)
    escaped = phone.Row("g", "public", 1, "400x400", 9.0, "ok", "w", 1.0, "w", 2)
    fine = phone.Row("g", "public", 1, "400x400", 9.0, "ok", "w", 1.0, "w", 0)
    assert not small.ok and not tall.ok and not escaped.ok and fine.ok


def test_text_drawn_outside_draw_text_is_measured_and_named() -> None:
    def picture():
        image, draw = common.new_canvas(100, 100)
        common.draw_text(draw, (0, 0), "through", common.font(20))
        draw.text((0, 40), "around", font=common.font(12), fill=common.INK)
        return image

    with phone.Escapes() as escapes:
        _image, texts, escaped = phone.measure(picture, escapes)
    assert (20.0, "through") in texts and (12.0, "around") in texts
    assert escaped == [(12.0, "around")]
    assert ImageDraw.ImageDraw.text is escapes._original  # put back afterwards


def test_rules_board_texts_are_recorded_at_the_scale_shown() -> None:
    with common.record_text() as sizes:
        _image, draw = common.new_canvas(10, 10)
        since = common.recorded()
        common.draw_text(draw, (0, 0), "board", common.font(30))
        common.resized(since, 0.5)
        common.draw_text(draw, (0, 0), "note", common.font(20))
    assert sizes == [(15.0, "board"), (20, "note")]


def test_pictures_are_encoded_losslessly_as_png() -> None:
    """rendering.render's fast encoder: a valid PNG that decodes to exactly the picture drawn."""
    import io

    from PIL import Image

    from rendering import draw, render
    from rendering.rules import example_view

    for key in REGISTRY:
        view = example_view(key)
        picture = draw(key, view, None)
        png = render(key, view, None)
        with Image.open(io.BytesIO(png)) as decoded:
            assert decoded.format == "PNG" and decoded.mode == "RGB" and decoded.size == picture.size
            assert decoded.tobytes() == picture.tobytes()
    grey = Image.new("L", (3, 2), 128)  # any mode is encoded as RGB
    with Image.open(io.BytesIO(common.encode_png(grey))) as decoded:
        assert decoded.convert("L").tobytes() == grey.tobytes()
