"""``python -m bot demo``: a whole AI game offline, with its pictures and replay."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from PIL import Image

from bot.demo import main
from games import REGISTRY

WITH_PICTURES = [k for k in sorted(REGISTRY) if importlib.util.find_spec(f"rendering.{k}") is not None]


def test_unknown_game_is_refused_clearly(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["no-such-game", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "Unknown game 'no-such-game'" in err and "Known games" in err
    assert not any(tmp_path.iterdir())


def test_budget_help_says_it_is_work_not_wall_time(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "engine steps per game, not wall time" in help_text


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_impossible_player_count_is_refused(key: str, capsys: pytest.CaptureFixture[str]) -> None:
    too_many = max(REGISTRY[key].player_counts) + 1
    assert main([key, "--players", str(too_many), "--no-pictures"]) == 2
    assert "Cannot set up" in capsys.readouterr().err


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_demo_plays_a_whole_game(key: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([key, "--level", "random", "--seed", "3", "--no-pictures"]) == 0
    out = capsys.readouterr().out
    # In the final message's words (Iwari's third tribe may beat both players).
    assert ("Winner:" in out or "Nobody wins: every player lost" in out) and "moves" in out


@pytest.mark.skipif(not WITH_PICTURES, reason="no game has pictures yet")
def test_demo_writes_pictures_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The game with the shortest random game keeps this test quick.
    key = "ikenokoi" if "ikenokoi" in WITH_PICTURES else WITH_PICTURES[0]
    assert main([key, "--out", str(tmp_path), "--seed", "2", "--budget", "0.01"]) == 0
    out = capsys.readouterr().out
    pngs = sorted(tmp_path.glob("move-*.png"))
    assert pngs[0].name == "move-0000.png" and pngs[1].name == "move-0001.png"
    moves = int(out.split(" moves")[0].rsplit(" ", 1)[-1])
    assert len(pngs) == moves + 1
    with Image.open(pngs[-1]) as last:
        assert last.format == "PNG" and last.width >= 600
    with Image.open(tmp_path / "replay.gif") as gif:
        assert gif.format == "GIF" and 2 <= gif.n_frames <= 100 and gif.width <= 640
    assert "Winner:" in out


def test_the_solo_demo_speaks_of_one_player_and_says_who_won(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32: "Iwari, 1 players" and "Winner: nobody". One player, and the final message's
    words: the Void or the player won, and why."""
    assert (
        main(["iwari", "--players", "1", "--option", "mode=solo", "--level", "random", "--no-pictures"]) == 0
    )
    out = capsys.readouterr().out
    assert "Iwari, 1 player, " in out
    assert "nobody" not in out and ("The Void wins: " in out or "You win: " in out), out


def test_demo_folders_are_ignored_by_git() -> None:
    ignored = (Path(__file__).parent.parent / ".gitignore").read_text().split()
    assert "demo-*/" in ignored, "python -m bot demo writes ./demo-GAME by default"
