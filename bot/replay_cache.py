"""Replays kept on disk, by match: a finished match's replay is drawn once.

A finished match never changes, so its GIF (and the numbers its message quotes) is written once
to ``folder`` as ``<match>-<key>-<format>.gif`` beside a small JSON file, atomically (a file
written elsewhere and renamed in), and read back on every later request, in this process or after
a restart. The key (``replay_key``) is what the replay is drawn from: the game, seed, options,
names, and the final state and version that stand for the log (a hit reads no log). A match id and version are not enough: after a database reset, or with two bots
sharing a folder, another database's match #1 may end at the same version. The JSON file holds
the whole key and a read checks it. The folder is kept under ``max_bytes``: the replays read least
recently go first. A cache that cannot be read or written (disk full, no permission) is logged and
bypassed: the replay is then drawn as before.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from dataclasses import asdict
from pathlib import Path

from bot.replay import Replay

log = logging.getLogger(__name__)

FORMAT = 1  # raise when the pictures change: older files are then never read (and age out)


def replay_key(game: str, seed: int, options: dict, names: list[str], version: int, state: dict) -> str:
    """What a replay is drawn from, as a digest: the same only for the same match. A finished match
    is its seed, options and players, and the log that took it to ``state`` at ``version``; the
    final state and version stand for that log (the replay checks the log rebuilds that state),
    so a replay kept is found without reading the log."""
    text = json.dumps([game, seed, options, names, version, state], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


class ReplayCache:
    def __init__(self, folder: str | os.PathLike, max_bytes: int = 500 * 1024 * 1024) -> None:
        self.folder = Path(folder)
        self.max_bytes = max_bytes

    def _paths(self, match_id: int, key: str) -> tuple[Path, Path]:
        stem = f"{int(match_id)}-{key[:24]}-{FORMAT}"
        return self.folder / f"{stem}.gif", self.folder / f"{stem}.json"

    def get(self, match_id: int, key: str) -> Replay | None:
        gif, meta = self._paths(match_id, key)
        try:
            info = json.loads(meta.read_text())
            data = gif.read_bytes()
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            log.warning("replay cache of match %s unreadable (%s)", match_id, exc)
            return None
        if info.get("key") != key:
            return None  # another match that shares the file name's start: not this one
        if len(data) != info.get("size"):
            return None  # a torn file (cannot happen with the rename, but a disk may lie)
        with _quiet():
            os.utime(gif)  # read recently: kept longest
        return Replay(data, info["frames"], info["turns"], info["width"], info["height"])

    def put(self, match_id: int, key: str, replay: Replay) -> None:
        gif, meta = self._paths(match_id, key)
        info = {k: v for k, v in asdict(replay).items() if k != "data"} | {
            "size": len(replay.data),
            "key": key,
        }
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._write(gif, replay.data)
            self._write(meta, json.dumps(info).encode())
            self._trim()
        except OSError as exc:
            log.warning("replay of match %s not cached (%s)", match_id, exc)

    def _write(self, path: Path, data: bytes) -> None:
        fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except BaseException:
            with _quiet():
                os.unlink(tmp)
            raise

    def _trim(self) -> None:
        gifs = []
        for path in self.folder.glob("*.gif"):
            with _quiet():
                st = path.stat()
                gifs.append((st.st_mtime, st.st_size, path))
        total = sum(size for _, size, _ in gifs)
        for _, size, path in sorted(gifs):
            if total <= self.max_bytes:
                break
            with _quiet():
                path.unlink()
                path.with_suffix(".json").unlink(missing_ok=True)
            total -= size


class _quiet:
    """Ignore a file that vanished or cannot be touched (another process trims the same folder)."""

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb) -> bool:
        return kind is not None and issubclass(kind, OSError)
