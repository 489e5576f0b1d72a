"""Ike No Koi scoring: Honour tokens, every Challenge card, lotus flowers, the tie-break."""

from __future__ import annotations

import pytest

from games import REGISTRY
from games.ikenokoi import data
from games.ikenokoi.state import IkeNoKoiState

GAME = REGISTRY["ikenokoi"]
CARD = {(c["kind"], tuple(c["vars"])): i for i, c in enumerate(data.CHALLENGES)}
PLAIN = CARD[("pairs", (4, 8))]  # a harmless common card for tests about other things


def board(n: int, koi: dict[int, dict[int, int]], common: int = PLAIN, secrets: list[int] | None = None,
          bamboo: dict[int, dict[int, int]] | None = None) -> IkeNoKoiState:  # fmt: skip
    """A state whose pontoons hold exactly ``koi`` (seat -> variety -> count); only for scoring."""
    st = GAME.new_state(n, 3)
    st.koi = [[0] * 12 for _ in range(n)]
    st.bamboo = [[0] * 12 for _ in range(n)]
    for s, zones in koi.items():
        for v, c in zones.items():
            st.koi[s][v] = c
    for s, zones in (bamboo or {}).items():
        for v, c in zones.items():
            st.bamboo[s][v] = c
    st.common = common
    others = [i for i in range(len(data.CHALLENGES)) if i != common]
    st.secret = secrets or others[:n]
    return st


def points(st: IkeNoKoiState, seat: int, card: int, which: str) -> int:
    return st._challenge_points(card, which, seat, st.effective())


def test_fourteen_challenge_cards() -> None:
    assert len(data.CHALLENGES) == 14
    kinds = [c["kind"] for c in data.CHALLENGES]
    assert {k: kinds.count(k) for k in set(kinds)} == {
        "honour_pairs": 1, "honour_three": 1, "fewest_varieties": 1, "most_varieties": 1,
        "same_count": 3, "most_of": 3, "fewest_total": 2, "pairs": 2,
    }  # fmt: skip
    assert all(11 not in c["vars"] for c in data.CHALLENGES)  # 11 is out at 2-3 players


# --- Honour tokens ---------------------------------------------------------------


def test_honour_token_to_strict_majority() -> None:
    st = board(3, {0: {7: 3}, 1: {7: 2}, 2: {9: 1}})
    leaders = st.honour_leaders()
    assert leaders[7] == 0 and leaders[9] == 2 and leaders[2] is None
    b = st.breakdown(include_secret=False)
    assert b[0]["tokens"] == [7] and b[0]["honour"] == data.TOKEN_VALUES[7]
    assert b[2]["honour"] == data.TOKEN_VALUES[9]


def test_honour_tie_gives_nobody_the_token() -> None:
    st = board(3, {0: {7: 2}, 1: {7: 2}, 2: {7: 1}})
    assert st.honour_leaders()[7] is None
    assert all(7 not in x["tokens"] for x in st.breakdown())


def test_bamboo_breaks_an_honour_tie() -> None:
    st = board(2, {0: {5: 2}, 1: {5: 2}}, bamboo={1: {5: 1}})
    assert st.honour_leaders()[5] == 1


def test_no_eleven_token_at_three_players() -> None:
    st = board(3, {0: {11: 1}})
    assert 11 not in st.honour_leaders()
    st4 = board(4, {0: {11: 1}})
    assert st4.honour_leaders()[11] == 0


# --- the Challenge cards, each as individual and as common --------------------------


def _cases() -> list[tuple[int, dict, int, int]]:
    """(card, koi per seat, points of seat 0, points of seat 1) for each card, as individual values."""
    out = []
    for i, c in enumerate(data.CHALLENGES):
        kind, vs = c["kind"], c["vars"]
        if kind == "same_count":
            koi = {0: {vs[0]: 2, vs[1]: 2}, 1: {vs[0]: 2, vs[1]: 1}, 2: {}}
            out.append((i, koi, 1, 0))
        elif kind == "most_of":
            koi = {0: {vs[0]: 3}, 1: {vs[0]: 2}, 2: {vs[0]: 3}}  # a tie for the most counts
            out.append((i, koi, 1, 0))
        elif kind == "fewest_total":
            koi = {0: {vs[0]: 1}, 1: {vs[0]: 1, vs[1]: 1}, 2: {vs[1]: 1}}  # 0 and 2 tie on 1
            out.append((i, koi, 1, 0))
        elif kind == "most_varieties":
            koi = {0: {2: 1, 3: 1, 4: 1}, 1: {2: 5}, 2: {5: 1, 6: 1, 7: 1}}
            out.append((i, koi, 1, 0))
        elif kind == "fewest_varieties":
            koi = {0: {2: 5}, 1: {2: 1, 3: 1}, 2: {4: 1}}
            out.append((i, koi, 1, 0))
        elif kind == "pairs":
            koi = {0: {vs[0]: 3, vs[1]: 2}, 1: {vs[0]: 4}, 2: {}}
            out.append((i, koi, 2, 0))  # 2 pairs, as a count of pairs
    return out


@pytest.mark.parametrize(
    ("card", "koi", "ok0", "ok1"), _cases(), ids=lambda x: str(x) if isinstance(x, int) else ""
)
def test_condition_challenge(card: int, koi: dict, ok0: int, ok1: int) -> None:
    ch = data.CHALLENGES[card]
    st = board(3, koi)
    assert points(st, 0, card, "ind") == ok0 * ch["ind"]
    assert points(st, 0, card, "com") == ok0 * ch["com"]
    assert points(st, 1, card, "ind") == ok1 * ch["ind"] == 0


@pytest.mark.parametrize("card", [i for i, c in enumerate(data.CHALLENGES) if c["kind"] == "same_count"])
def test_same_count_needs_at_least_one_and_counts_bamboo(card: int) -> None:
    a, b = data.CHALLENGES[card]["vars"]
    assert points(board(2, {0: {}}), 0, card, "ind") == 0  # 0 = 0 is not a collection
    st = board(3, {1: {a: 1}, 2: {b: 2}}, common=card)
    assert [x["common"] for x in st.breakdown(include_secret=False)] == [0, 0, 0]  # nor as the common card
    assert points(board(2, {0: {a: 1, b: 1}}), 0, card, "com") == data.CHALLENGES[card]["com"]
    st = board(2, {0: {a: 2, b: 1}}, bamboo={0: {b: 1}})
    assert points(st, 0, card, "ind") == data.CHALLENGES[card]["ind"]


@pytest.mark.parametrize("card", [i for i, c in enumerate(data.CHALLENGES) if c["kind"] == "most_of"])
def test_most_of_needs_at_least_one(card: int) -> None:
    assert points(board(2, {}), 0, card, "ind") == 0
    v = data.CHALLENGES[card]["vars"][0]
    st = board(3, {0: {v + 1: 2}}, common=card)  # nobody holds a card of the variety: nobody scores
    assert [x["common"] for x in st.breakdown(include_secret=False)] == [0, 0, 0]
    st = board(3, {0: {v: 1}, 1: {v: 1}}, common=card)  # a tie for the most counts, with one card each
    com = data.CHALLENGES[card]["com"]
    assert [x["common"] for x in st.breakdown(include_secret=False)] == [com, com, 0]


@pytest.mark.parametrize("card", [i for i, c in enumerate(data.CHALLENGES) if c["kind"] == "pairs"])
def test_pairs_count_bamboo(card: int) -> None:
    a, b = data.CHALLENGES[card]["vars"]
    st = board(2, {0: {a: 1}}, bamboo={0: {b: 1}})
    assert points(st, 0, card, "ind") == data.CHALLENGES[card]["ind"]


def test_token_values_are_the_revised_stand_ins() -> None:
    # 1 lotus for 2-4, 2 for 5-7, 3 for 8-10, 4 for 11 (shared/design/ike-no-koi.md)
    assert data.TOKEN_VALUES == {2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 3, 9: 3, 10: 3, 11: 4}
    st = board(4, {0: {2: 1, 6: 1, 9: 1, 11: 1}})
    assert st.breakdown(include_secret=False)[0]["honour"] == 1 + 2 + 3 + 4
    assert st.view(None)["token_values"] == {str(v): data.TOKEN_VALUES[v] for v in range(2, 12)}  # pictured
    assert "11" not in board(3, {}).view(None)["token_values"]


def test_honour_pairs_effect_as_common_applies_to_everyone() -> None:
    card = CARD[("honour_pairs", ())]
    st = board(3, {0: {2: 1, 3: 1, 4: 1, 5: 1, 6: 1}, 1: {7: 1, 8: 1}}, common=card)
    b = st.breakdown(include_secret=False)
    assert b[0]["honour"] == 1 + 1 + 1 + 2 + 2 and b[0]["common"] == 2  # 5 tokens: 2 pairs
    assert b[1]["honour"] == 2 + 3 and b[1]["common"] == 1
    assert b[0]["total"] == 9 and b[1]["total"] == 6


def test_honour_pairs_effect_as_secret_only_for_owner() -> None:
    card = CARD[("honour_pairs", ())]
    st = board(2, {0: {2: 1, 3: 1}, 1: {7: 1, 8: 1}}, secrets=[card, CARD[("pairs", (5, 10))]])
    b = st.breakdown(include_secret=True)
    assert b[0]["honour"] == 2 and b[0]["secret"] == 1 and b[0]["total"] == 3
    assert b[1]["honour"] == 5 and b[1]["secret"] == 0
    assert st.breakdown(include_secret=False)[0]["total"] == 2  # hidden during play


def test_honour_three_effect() -> None:
    card = CARD[("honour_three", ())]
    st = board(3, {0: {10: 1, 2: 1}, 1: {5: 1}}, common=card)
    b = st.breakdown(include_secret=False)
    assert [x["total"] for x in b] == [6, 3, 0]
    assert b[0]["honour"] == 3 + 1 and b[0]["common"] == 2  # the card raises the 2 from 1 to 3
    assert b[1]["honour"] == 2 and b[1]["common"] == 1


def test_honour_three_never_lowers_a_token_the_eleven_stays_four() -> None:
    """ "Each token now worth three" makes every token worth at least three: the 11 keeps its 4."""
    card = CARD[("honour_three", ())]
    st = board(4, {0: {11: 1}}, common=card)
    b = st.breakdown(include_secret=False)[0]
    assert (b["honour"], b["common"], b["total"]) == (4, 0, 4)


def test_honour_three_raises_the_low_tokens_and_keeps_the_high_ones() -> None:
    card = CARD[("honour_three", ())]
    st = board(4, {0: {2: 1, 5: 1, 8: 1, 11: 1}}, secrets=[card] + [CARD[("pairs", (5, 10))]] * 3)
    b = st.breakdown(include_secret=True)[0]
    # printed 1 + 2 + 3 + 4 = 10; the card raises the 2 (+2) and the 5 (+1), never lowers the 11
    assert (b["honour"], b["secret"]) == (10, 3)
    assert b["honour"] + b["secret"] == 3 + 3 + 3 + 4


def test_both_effects_stack() -> None:
    three, pairs = CARD[("honour_three", ())], CARD[("honour_pairs", ())]
    st = board(2, {0: {2: 1, 3: 1, 4: 1, 5: 1}}, common=three, secrets=[pairs, CARD[("pairs", (5, 10))]])
    b = st.breakdown(include_secret=True)[0]
    assert b["total"] == 4 * 3 + 2
    assert (b["honour"], b["common"], b["secret"]) == (5, 7, 2)


@pytest.mark.parametrize("kind", ["honour_three", "honour_pairs"])
def test_view_shows_what_an_honour_challenge_is_worth_now(kind: str) -> None:
    card = CARD[(kind, ())]
    st = board(2, {0: {2: 1, 3: 1, 6: 1}, 1: {9: 1}}, secrets=[card, CARD[("pairs", (5, 10))]])
    worth = {"honour_three": 2 + 2 + 1, "honour_pairs": 1}[kind]
    assert st.view(0)["secret_points"] == worth
    assert st.view(1)["secret_points"] == 0 and st.view(None)["secret_points"] is None
    assert st.scores()[0] == 1 + 1 + 2  # the running score still leaves the secret out
    st.phase = "over"
    assert st.breakdown()[0]["secret"] == worth and st.scores()[0] == 4 + worth


def test_common_and_individual_values_both_score() -> None:
    card = CARD[("most_of", (8,))]
    other = CARD[("most_of", (6,))]
    st = board(2, {0: {8: 2, 6: 1}, 1: {8: 1}}, common=card, secrets=[other, CARD[("pairs", (5, 10))]])
    b = st.breakdown(include_secret=True)
    assert b[0]["common"] == data.CHALLENGES[card]["com"]
    assert b[0]["secret"] == data.CHALLENGES[other]["ind"]
    assert b[0]["total"] == b[0]["honour"] + b[0]["common"] + b[0]["secret"] + b[0]["lotus"]


def test_lotus_flowers_score_one_each() -> None:
    st = board(2, {})
    st.lotus = [2, 0]
    assert st.breakdown()[0]["lotus"] == 2 and st.breakdown()[0]["total"] == 2


def test_running_score_hides_secret_then_final_shows_it() -> None:
    card = CARD[("most_of", (6,))]
    st = board(2, {0: {6: 1}}, secrets=[card, CARD[("pairs", (5, 10))]])
    assert st.scores()[0] == data.TOKEN_VALUES[6]
    assert st.breakdown()[0]["secret"] is None
    st.phase = "over"
    assert st.scores()[0] == data.TOKEN_VALUES[6] + data.CHALLENGES[card]["ind"]


# --- winners -------------------------------------------------------------------


def test_winner_highest_score() -> None:
    st = board(3, {0: {9: 1, 10: 1}, 1: {2: 1}}, secrets=[PLAIN - 1, PLAIN - 2, PLAIN - 3])
    st.phase = "over"
    assert st.winners() == [0]


def test_tie_break_most_koi_cards() -> None:
    plain = [CARD[("pairs", (5, 10))], CARD[("most_of", (10,))]]
    st = board(2, {0: {9: 1, 3: 1}, 1: {9: 1, 3: 1, 5: 1}}, secrets=plain)
    # 9 and 3 tied -> no tokens; seat 1 wins the 5 (2 lotus): make seat 0 equal with lotus flowers
    st.lotus = [2, 0]
    st.phase = "over"
    b = st.breakdown()
    assert b[0]["total"] == b[1]["total"] == 2
    assert st.winners() == [1]  # more Koi cards


def test_full_tie_gives_several_winners() -> None:
    plain = [CARD[("pairs", (5, 10))], CARD[("most_of", (10,))]]
    st = board(2, {0: {9: 2}, 1: {7: 2}}, secrets=plain)
    st.lotus = [0, 1]  # 3 vs 2 + 1
    st.phase = "over"
    assert st.scores() == [3, 3]
    assert st.winners() == [0, 1]


def test_tie_break_counts_bamboo_as_a_koi_card() -> None:
    plain = [CARD[("pairs", (5, 10))], CARD[("most_of", (10,))]]
    st = board(2, {0: {9: 1, 8: 1}, 1: {8: 1, 7: 1}}, secrets=plain, bamboo={1: {5: 1}})
    st.phase = "over"
    # seat 0: 9 (3 lotus); seat 1: 7 (2) + 5 through its bamboo (2): a lotus flower makes it 4 all
    st.lotus = [1, 0]
    assert st.scores() == [4, 4]
    # 2 Koi cards each, and seat 1's bamboo counts as one more Koi card of zone 5
    assert st.breakdown()[1]["koi"] == 3 and st.winners() == [1]
