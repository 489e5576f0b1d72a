"""Names in every script: the fallback chain of rendering.common, grapheme shortening, the shipped fonts."""

from __future__ import annotations

import tomllib
import unicodedata
from fnmatch import fnmatch
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageFont, features

from bench import scripts
from rendering import common

ROOT = Path(__file__).resolve().parents[1]


def faces(text: str) -> list[tuple[str, str]]:
    """(font file or "aileron", run) of a text."""
    return [("aileron" if i is None else common.CHAIN[i], run) for i, run in common.runs(text)]


def test_ascii_text_is_drawn_by_aileron_whole() -> None:
    assert faces("Akiko's mat: 12 lotus…") == [("aileron", "Akiko's mat: 12 lotus…")]


def test_a_text_aileron_lacks_a_letter_of_goes_to_the_chain_whole() -> None:
    # one face for the whole name: no Aileron "Zo" beside a Noto "é"
    assert faces("Zoé's mat") == [("NotoSans-Regular.ttf", "Zoé's mat")]
    assert faces("Ольга, Σοφία, Łukasz") == [("NotoSans-Regular.ttf", "Ольга, Σοφία, Łukasz")]


def test_runs_are_cut_where_the_script_changes() -> None:
    assert faces("🐟 koi 🎲") == [
        ("Symbola-Emoji.ttf", "🐟"),
        ("NotoSans-Regular.ttf", " koi "),
        ("Symbola-Emoji.ttf", "🎲"),
    ]
    assert faces("王小明 and さくら") == [
        ("NotoSansCJKjp-Subset.otf", "王小明"),
        ("NotoSans-Regular.ttf", " and "),
        ("NotoSansCJKjp-Subset.otf", "さくら"),
    ]
    assert faces("김민지") == [("NotoSansCJKjp-Subset.otf", "김민지")]


def test_a_right_to_left_run_gives_its_trailing_space_to_the_next_run() -> None:
    assert faces("محمد wins") == [("NotoSansArabic-Regular.ttf", "محمد"), ("NotoSans-Regular.ttf", " wins")]
    assert faces("דוד") == [("NotoSansHebrew-Regular.ttf", "דוד")]


@pytest.mark.skipif(not features.check("raqm"), reason="compares with Raqm's layout")
def test_without_raqm_a_hebrew_run_is_drawn_in_visual_order(monkeypatch) -> None:
    # what Raqm lays out right to left, the basic layout draws from the reversed run: the same picture
    hebrew = common.CHAIN.index("NotoSansHebrew-Regular.ttf")
    path = str(common.FONTS_DIR / common.CHAIN[hebrew])
    raqm = ImageFont.truetype(path, 24, layout_engine=ImageFont.Layout.RAQM).getmask("דוד שלום")
    monkeypatch.setattr(common, "_RAQM", False)
    basic = ImageFont.truetype(path, 24, layout_engine=ImageFont.Layout.BASIC)
    drawn = basic.getmask(common._drawn(hebrew, "דוד שלום"))
    assert drawn.size == raqm.size and bytes(drawn) == bytes(raqm)


def test_joiners_selectors_and_skin_tones_are_left_out_not_boxed() -> None:
    assert faces("👩\u200d👩\u200d👧") == [("Symbola-Emoji.ttf", "👩👩👧")]
    assert faces("👍🏽 ok") == [("Symbola-Emoji.ttf", "👍"), ("NotoSans-Regular.ttf", " ok")]
    assert faces("❤\ufe0f") == [("Symbola-Emoji.ttf", "❤")]
    # an emoji newer than Symbola (Unicode 11's pleading face) is left out; a letter no face has is
    # kept (Noto's box says a letter is there)
    assert faces("a🥺") == [("NotoSans-Regular.ttf", "a")]
    assert faces("ሰ") == [("NotoSans-Regular.ttf", "ሰ")]


def test_a_flag_is_drawn_as_its_two_letters() -> None:
    assert faces("🇫🇷 Élodie") == [("NotoSans-Regular.ttf", "FR Élodie")]


ALPHABET = "aZé \u0301оλさ王김مד1,!…·🐟👩\u200d\ufe0f🏽🇫🇷ሰ🥺\u200f"


@given(text=st.text(alphabet=ALPHABET, max_size=12))
def test_runs_keep_every_drawable_character_in_order_each_in_a_face_that_has_it(text: str) -> None:
    pieces = common.runs(text)
    if pieces and pieces[0][0] is None:
        assert pieces == ((None, text),) and common.primary_covers(text)
        return
    prepared = unicodedata.normalize("NFC", text).translate(common._FLAG_LETTERS)
    kept = "".join(ch for ch in prepared if common._face_of(ord(ch)) is not None)
    assert "".join(run for _index, run in pieces) == kept
    coverage = common._coverage()[1]
    for index, run in pieces:
        assert run
        for ch in run:  # a face has each character of its run, but Noto Sans' box for a letter no face has
            assert ord(ch) in coverage[index] or (index == 0 and ch.isalpha()), (text, index, ch)


def test_a_text_of_characters_left_out_draws_nothing() -> None:
    assert common.runs("🥺\u200d") == ()
    assert common.text_length("🥺", 20) == 0
    image = Image.new("L", (40, 40), 0)
    common.draw_text(ImageDraw.Draw(image), (20, 20), "🥺", common.font(20), fill=255, anchor="mm")
    assert image.getbbox() is None


def test_decomposed_accents_are_drawn_composed() -> None:
    assert faces("Zoe\u0301") == [("NotoSans-Regular.ttf", "Zoé")]


@pytest.mark.parametrize("name", scripts.NAMES)
def test_every_letter_and_emoji_of_the_bench_names_has_its_glyph(name: str) -> None:
    for index, run in common.runs(name):
        face = common.font(24) if index is None else common.chain_font(index, 24)
        assert not [ch for ch in run if not ch.isspace() and scripts.is_box(face, ch)], (name, run)


def test_the_missing_glyph_check_sees_aileron_boxes() -> None:
    # what the chain fixes: Aileron alone draws these as its missing glyph
    assert all(scripts.is_box(common.font(24), ch) for ch in "éЛ王م🐟")
    assert not scripts.is_box(common.font(24), "e")


def _ink(text: str, anchor: str) -> tuple[int, int, int, int]:
    image = Image.new("L", (400, 120), 0)
    common.draw_text(ImageDraw.Draw(image), (200, 60), text, common.font(24), fill=255, anchor=anchor)
    return image.getbbox()


def test_a_chain_text_stands_on_the_baseline_of_an_aileron_text() -> None:
    # the capital of "H" (Aileron) and of "Hо" / "Hα" (Noto: Cyrillic o, Greek alpha) stand on the
    # same line and are as tall
    plain = _ink("H", "ls")
    for text in ("Hо", "Hα"):
        ink = _ink(text, "ls")
        assert abs(ink[3] - plain[3]) <= 1 and abs(ink[1] - plain[1]) <= 1, text
    for anchor in ("la", "lm", "ld"):
        assert abs(_ink("Hо", anchor)[3] - _ink("H", anchor)[3]) <= 1, anchor


def test_a_centred_chain_text_is_centred() -> None:
    left, _top, right, _bottom = _ink("王小明", "mm")
    assert abs((left + right) / 2 - 200) <= 2
    left, _top, right, _bottom = _ink("Ольга", "ra")
    assert abs(right - 200) <= 2


def test_the_measure_is_the_drawn_width() -> None:
    for text in ("Nguyễn Thị Minh", "🐟 koi 🎲", "王小明"):
        left, _top, right, _bottom = _ink(text, "la")
        assert abs((right - left) - common.text_length(text, 24)) <= 4, text


def test_recorded_and_cached_like_any_text() -> None:
    image = Image.new("RGB", (300, 60))
    with common.record_text() as texts:
        common.draw_text(ImageDraw.Draw(image), (0, 0), "さくら", common.font(20))
    assert texts == [(20, "さくら")]
    common.draw_text(ImageDraw.Draw(image), (0, 0), "さくら", common.font(20))
    assert common._stamp.cache_info().currsize >= 1


@pytest.mark.parametrize(
    ("text", "clusters"),
    [
        ("Zoe\u0301", ["Z", "o", "e\u0301"]),
        ("👩\u200d👩\u200d👧 x", ["👩\u200d👩\u200d👧", " ", "x"]),
        ("🇫🇷🇩🇪🇯", ["🇫🇷", "🇩🇪", "🇯"]),
        ("👍🏽👍", ["👍🏽", "👍"]),
        ("❤\ufe0f!", ["❤\ufe0f", "!"]),
        (
            "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",
            ["🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"],
        ),
        ("\u1100\u1161\u11a8\u1100", ["\u1100\u1161\u11a8", "\u1100"]),  # a syllable in jamo, then a lead
        ("각\u11a8가", ["각\u11a8", "가"]),
        ("a\r\nb", ["a", "\r\n", "b"]),
    ],
)
def test_graphemes(text: str, clusters: list[str]) -> None:
    assert common.graphemes(text) == clusters
    assert "".join(common.graphemes(text)) == text


NAMES = [
    *scripts.NAMES,
    "Zoe\u0301 Zoe\u0301",
    "🇫🇷🇩🇪🇯🇵🇰🇷",
    "👨\u200d👩\u200d👧\u200d👦👨\u200d👩\u200d👧\u200d👦",
    "Akiko Yamamoto",
]


@given(name=st.sampled_from(NAMES), width=st.integers(min_value=1, max_value=260))
def test_fitted_cuts_whole_graphemes_and_fits(name: str, width: int) -> None:
    out = common.fitted(name, 20, width)
    if out == name:
        assert common.text_length(name, 20) <= width
        return
    assert out.endswith(common.ELLIPSIS)
    kept = common.graphemes(out[: -len(common.ELLIPSIS)])
    assert kept == common.graphemes(name)[: len(kept)]  # a prefix of whole graphemes
    assert common.text_length(out, 20) <= width or not kept  # at worst the ellipsis alone


def test_fitted_keeps_as_much_as_fits() -> None:
    name = "Nguyễn Thị Minh"
    out = common.fitted(name, 20, 100)
    kept = common.graphemes(out[:-1])
    parts = common.graphemes(name)
    more = len(kept) + 1
    while not parts[more - 1].strip():  # a space kept before the ellipsis is dropped
        more += 1
    longer = "".join(parts[:more]) + common.ELLIPSIS
    assert common.text_length(out, 20) <= 100 < common.text_length(longer, 20)


def test_clipped_keeps_whole_graphemes() -> None:
    assert common.clipped("Akiko", 18) == "Akiko"
    family = "👨\u200d👩\u200d👧\u200d👦"
    name = "山田太郎の🐟コイ釣りクラブ " + family + " Ōsaka"
    assert common.clipped(name, 16) == "山田太郎の🐟コイ釣りクラブ " + family + "…"
    assert common.clipped(name, 15) == "山田太郎の🐟コイ釣りクラブ…"


def test_the_fonts_and_their_licences_are_package_data() -> None:
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"][
        "rendering"
    ]
    folder = ROOT / "rendering" / "fonts"
    shipped = {p.name for p in folder.iterdir() if p.name != "build.py"}
    assert {*common.CHAIN, "OFL.txt", "Symbola-LICENSE.txt"} <= shipped
    assert all(any(fnmatch(f"fonts/{name}", g) for g in globs) for name in shipped)
    assert sum((folder / name).stat().st_size for name in shipped) < 12_000_000


def test_bench_quick_run_finds_no_box_and_every_name(capsys) -> None:
    assert scripts.main(["--quick", "--strict"]) == 0, capsys.readouterr().out
    out = capsys.readouterr().out
    assert "Every character has its glyph and every name is drawn." in out
