"""Rebuild ``data/fonts/NotoSansJP-Turnpost.otf``: the Japanese subset of Noto Sans CJK JP that the
board renderers fall back to for display names the shipped DejaVu Sans cannot draw (#13.3).

The source is the OFL-licensed Noto Sans CJK collection as Debian ships it
(``apt-get install fonts-noto-cjk``); only this script needs it, CI and the bot use the committed
subset. Kept: every character of JIS X 0208 (kana, JIS level 1 and 2 kanji, JIS symbols), the CJK
symbols and punctuation block, hiragana, katakana (with the phonetic extensions), half- and
full-width forms, and ASCII. That covers Japanese names at about a tenth of the full font's size.

Run: ``python tools/build_cjk_font.py [path/to/NotoSansCJK-Regular.ttc]``
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
TARGET = Path(__file__).resolve().parent.parent / "data/fonts/NotoSansJP-Turnpost.otf"
FAMILY = "Noto Sans CJK JP"


def jis_x_0208() -> set[int]:
    """Every character of JIS X 0208 (rows 1-94, cells 1-94), read through the EUC-JP codec."""
    out: set[int] = set()
    for row in range(1, 95):
        for cell in range(1, 95):
            try:
                ch = bytes((0xA0 + row, 0xA0 + cell)).decode("euc_jp")
            except UnicodeDecodeError:
                continue
            out.update(ord(c) for c in ch)
    return out


def codepoints() -> set[int]:
    """The characters the subset keeps."""
    keep = jis_x_0208()
    keep.update(range(0x20, 0x7F))  # ASCII
    keep.update(range(0x3000, 0x3040))  # CJK symbols and punctuation
    keep.update(range(0x3040, 0x30A0))  # hiragana
    keep.update(range(0x30A0, 0x3100))  # katakana
    keep.update(range(0x31F0, 0x3200))  # katakana phonetic extensions
    keep.update(range(0xFF00, 0xFFF0))  # half-width and full-width forms
    keep.add(0x3005)  # 々 (also in JIS, kept explicitly: names use it)
    return keep


def build(source: Path = SOURCE, target: Path = TARGET) -> Path:
    """Subset the JP face of the collection at ``source`` into ``target``."""
    collection = TTCollection(str(source))
    face = next(f for f in collection.fonts if f["name"].getDebugName(1) == FAMILY)
    options = subset.Options()
    # Horizontal text only: the default features (kerning, ligatures, locl...) suffice.
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False  # the renderer draws at 14 px and up; hints only add bytes
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints())
    subsetter.subset(face)
    target.parent.mkdir(parents=True, exist_ok=True)
    face.save(str(target))
    return target


if __name__ == "__main__":
    src = Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE
    out = build(src)
    print(f"wrote {out} ({out.stat().st_size} bytes)")
