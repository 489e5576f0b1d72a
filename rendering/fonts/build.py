"""Make the fonts of rendering/fonts/ from Debian's font packages (a build step, not run by the bot).

    apt-get install fonts-noto-core fonts-noto-cjk fonts-symbola
    pip install fonttools
    python rendering/fonts/build.py

Copies the Noto faces whole, and keeps of the two large ones what names need: of Noto Sans CJK JP
the kana, the Hangul syllables and jamo, CJK punctuation and full-width forms, and the Han characters
of the everyday sets (GB 2312 for Chinese, JIS X 0208 for Japanese, Big5's frequent level 1 for
traditional Chinese, KS X 1001's hanja for Korean); of Symbola (monochrome) its emoji and symbols.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
NOTO = Path("/usr/share/fonts/truetype/noto")
CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
SYMBOLA = Path("/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf")

WHOLE = [
    "NotoSans-Regular.ttf",
    "NotoSansArabic-Regular.ttf",
    "NotoSansHebrew-Regular.ttf",
    "NotoSansThai-Regular.ttf",
    "NotoSansDevanagari-Regular.ttf",
    "NotoSansGeorgian-Regular.ttf",
    "NotoSansArmenian-Regular.ttf",
]

CJK_RANGES = [
    (0x3000, 0x303F),  # CJK punctuation
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x31F0, 0x31FF),  # katakana extensions
    (0x1100, 0x11FF),  # Hangul jamo
    (0x3130, 0x318F),  # Hangul compatibility jamo
    (0xAC00, 0xD7A3),  # every Hangul syllable
    (0xFF00, 0xFFEF),  # full-width and half-width forms
]

EMOJI_RANGES = [
    (0x2190, 0x21FF),  # arrows
    (0x2300, 0x23FF),  # technical (watch, hourglass...)
    (0x2460, 0x24FF),  # enclosed alphanumerics
    (0x25A0, 0x27BF),  # shapes, miscellaneous symbols, dingbats
    (0x2900, 0x297F),
    (0x2B00, 0x2BFF),
    (0x1F000, 0x1FAFF),  # emoji, regional indicators, skin tones
    (0x200D, 0x200D),
    (0xFE0F, 0xFE0F),
]


def common_han() -> list[int]:
    """Han characters of the everyday sets, found through Python's codecs."""

    def level(ch: str, codec: str, first: tuple[int, int] | None = None) -> bool:
        try:
            raw = ch.encode(codec)
        except UnicodeEncodeError:
            return False
        return len(raw) == 2 and (first is None or first[0] <= raw[0] <= first[1])

    han = []
    for code in range(0x4E00, 0xA000):
        ch = chr(code)
        if (
            level(ch, "gb2312")
            or level(ch, "euc_jp")
            or level(ch, "big5", (0xA4, 0xC6))
            or level(ch, "euc_kr")
        ):
            han.append(code)
    return han


def subset(source: Path, target: Path, codes: list[int], *extra: str) -> None:
    unicodes = ",".join(f"{c:04X}" for c in codes)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "fontTools.subset",
            str(source),
            f"--unicodes={unicodes}",
            f"--output-file={target}",
            "--no-hinting",
            "--layout-features=*",
            "--name-IDs=*",
            *extra,
        ],
        check=True,
    )


def main() -> None:
    for name in WHOLE:
        shutil.copyfile(NOTO / name, HERE / name)
    cjk = [c for a, b in CJK_RANGES for c in range(a, b + 1)] + common_han()
    subset(CJK, HERE / "NotoSansCJKjp-Subset.otf", cjk, "--font-number=0")
    emoji = [c for a, b in EMOJI_RANGES for c in range(a, b + 1)]
    subset(SYMBOLA, HERE / "Symbola-Emoji.ttf", emoji)
    write_licences()
    for path in sorted(HERE.glob("*.[ot]tf")):
        print(f"{path.name}: {path.stat().st_size / 1e6:.2f} MB")


def write_licences() -> None:
    """OFL.txt: each Noto face's copyright (from its name table) and the licence text;
    Symbola-LICENSE.txt: Symbola's notice as Debian's fonts-symbola package states it."""
    from fontTools.ttLib import TTFont

    notices = []
    for path in sorted(HERE.glob("Noto*.[ot]tf")):
        notices.append(f"{path.name}: {TTFont(path)['name'].getDebugName(0)}")
    # OFL 1.1's text, as shipped in Debian's fonts-noto-cjk copyright file
    text = Path("/usr/share/doc/fonts-noto-cjk/copyright").read_text().split("License: SIL-1.1\n", 2)[2]
    text = "\n".join("" if line == " ." else line[1:] for line in text.split("\n\n")[0].splitlines())
    (HERE / "OFL.txt").write_text(
        "The Noto fonts of this folder are licensed under the SIL Open Font License, Version 1.1.\n"
        "NotoSansCJKjp-Subset.otf is a subset of Noto Sans CJK JP, made by build.py.\n\n"
        + "\n".join(notices)
        + "\n\n"
        + text.rstrip()
        + "\n"
    )
    debian = Path("/usr/share/doc/fonts-symbola/copyright").read_text()
    notice = debian[debian.index("Upstream Author:") : debian.index("The Debian packaging")]
    (HERE / "Symbola-LICENSE.txt").write_text(
        "Symbola-Emoji.ttf is a subset (emoji and symbols) of Symbola 9.17, made by build.py.\n\n"
        + notice.rstrip()
        + "\n"
    )


if __name__ == "__main__":
    main()
