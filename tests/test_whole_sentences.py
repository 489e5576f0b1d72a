"""Sentences once glued from translated pieces, now whole messages (issue 35's follow-up): a count
with its noun, a Kigi tip of "the trunk", an Iki shop after "the", "{n} flower" in two games, and
Iwari's letters. The English stays what it was (or what it should have been: "2 butterflies"); each
language words the whole its own way."""

from __future__ import annotations

from games.ikenokoi.data import counted_kind
from games.iki import data as iki_data
from games.iki.state import ARRIVALS, MOVES
from games.iwari.common import cards_text
from games.kigi.data import CARDS, SHORT_NAMES, TIP_NAMES
from games.kigi.state import card_name, describe, edge_words, spot_words, tip_words
from games.text import NP, Msg
from rendering.i18n import _np, language, tr
from rendering.iwari import FEAT_LETTER, _feats_lines
from rendering.iwari_words import _pieces
from rendering.kigi_words import feature_word

TRUNK = next(k for k, c in CARDS.items() if c["kind"] == "trunk")


def test_kigi_tips_and_edges_are_whole_messages_with_the_english_of_before():
    for card in (TRUNK, "t12"):
        for tip in ("left", "straight", "right"):
            assert tip_words(card, tip) == f"{card_name(card)}'s {TIP_NAMES[tip]} tip"
            assert "{tip}" not in tip_words(card, tip).mid and "{card}" not in tip_words(card, tip).mid
    assert edge_words(TRUNK, "straight") == "the trunk's top edge"
    assert edge_words("t12", "right") == "card 12's right side"
    assert spot_words(TRUNK, "left", "S") == "the trunk's left tip, straight on"
    assert tr(tip_words(TRUNK, "left"), "fr") == "la pointe gauche du tronc"
    assert tr(tip_words("t12", "right"), "de") == "rechte Spitze von Karte 12"
    assert tr(edge_words(TRUNK, "right"), "es") == "el lado derecho del tronco"


def test_kigi_feature_counts_have_their_plural_forms():
    assert describe("t15").startswith("card 15 (") and "2 butterflies" in describe("t15")
    assert feature_word("red", 2) == "2 red" and feature_word("red") == str(SHORT_NAMES["red"])
    assert tr(describe("t15"), "de").count("2 Schmetterlinge") == 1
    with language("es"):
        assert feature_word("pink", 2) == "2 rosas"
        assert feature_word("butterfly", 1) == "mariposa"


def test_iwari_card_counts_are_one_message_per_kind():
    assert cards_text("FCC") == "Forest + 2 Coast"
    assert cards_text("VVV") == "3 Void"
    assert tr(cards_text("FCC"), "de") == "Wald + 2× Küste"
    assert tr(cards_text("CCDD"), "fr") == "2 Côtes + 2 Déserts"
    assert tr(cards_text("GG"), "ja") == "氷河2枚"


def test_iki_arrivals_and_moves_name_each_shop_in_a_whole_sentence():
    for shop in iki_data.SHOPS:
        name = iki_data.SHOP_NAMES[shop]
        assert ARRIVALS[shop]("{p0}") == f"{{p0}} places the Oyakata at the {name}."
        assert MOVES[shop]("{p0}", 3) == f"{{p0}} moves 3 to the {name}."
        assert "{shop}" not in ARRIVALS[shop]("{p0}").mid
    assert tr(ARRIVALS["fish"]("{p0}"), "fr") == "{p0} place son Oyakata à la Poissonnerie."
    assert tr(ARRIVALS["wood"]("{p0}"), "fr") == "{p0} place son Oyakata au Dépôt de bois."
    assert tr(MOVES["fire"]("{p1}", 2), "de") == "{p1} zieht 2 weiter zur Feuerwehr."
    assert tr(MOVES["build"]("{p1}", 2), "pt_BR") == "{p1} anda 2 até as Obras."


def test_flowers_of_two_games_are_two_messages():
    ike = NP("ikenokoi", "{n} flower", "{n} flowers", 2)
    kigi = NP("kigi", "{n} flower", "{n} flowers", 2)
    assert ike == kigi == "2 flowers" and ike.ctx != kigi.ctx
    assert Msg.from_json(ike.to_json()).ctx == "ikenokoi"  # saved and loaded, the context stays
    assert tr(ike, "de") == "2 Blüten" and tr(kigi, "de") == "2 Blumen"
    with language("de"):
        assert _np("kigi", "{n} flower", "{n} flowers", 1) == "1 Blume"


def test_ikenokoi_counted_cards_say_their_plural():
    assert counted_kind("bridge", 2) == "2 bridges" and counted_kind("bridge", 1) == "1 bridge"
    assert tr(counted_kind("lantern", 3), "es") == "3 farolillos"


def test_iwari_letters_are_translated():
    assert [str(v) for v in FEAT_LETTER.values()] == ["U", "D", "H", "R", "C", "W"]
    for code in ("fr", "de", "es", "pt_BR", "ja"):
        letters = [tr(v, code) for v in FEAT_LETTER.values()]
        assert len(set(letters)) == 6, (code, letters)  # six Feats, six letters
        assert all(len(x) == 1 for x in letters), (code, letters)
    assert tr(FEAT_LETTER["worship"], "fr") == "V" and tr(FEAT_LETTER["courage"], "de") == "M"
    assert _pieces("TM") == "Tent M" and _pieces("RT") == "R Tent" and _pieces("TT") == "Tent Tent"
    with language("de"):
        assert _pieces("TM") == "Zelt T" and _pieces("KT") == "S Zelt"


def test_iwari_courage_and_worship_notes_use_the_feat_s_letter():
    view = {"feats_left": {}, "feat_kinds": [], "courage": True, "worship": "golden"}
    english = [text for text, _colour in _feats_lines(view)]
    assert "C Courage: cancels the Feat it stands beside" in english
    assert "W Worship, at the end: most Totems on gold rings" in english
    with language("de"):
        german = [text for text, _colour in _feats_lines(view)]
    assert any(t.startswith("M Mut:") for t in german) and any(t.startswith("V Verehrung") for t in german)
