"""Every size and colour of the community pictures, in one place. Sizes are for an image
``WIDTH`` px wide; each text is at least ``kit.min_size(WIDTH)`` (14 px at 1080) and the main
texts far above it, so a picture still reads when Discord shows it 400 px wide."""

from __future__ import annotations

from renderers import kit

WIDTH = 1080
MARGIN = 48
PAPER = kit.PAPER
INK = kit.INK
MUTED = kit.MUTED
PANEL = kit.PANEL
OWN = (255, 226, 140)
GRID = (214, 204, 184)

TITLE_SIZE = 46
SUBTITLE_SIZE = 30
HEAD_SIZE = 28
ROW_SIZE = 34
NOTE_SIZE = 26

# -- leaderboard ---------------------------------------------------------------------------------
TITLE_H = 140
HEAD_H = 52
ROW_H = 64
GAP_H = 36
FOOT_H = 64
#: Column right edges (numbers) or left edges (the name), from the left of the image.
COL_RANK_R = MARGIN + 70
COL_NAME_L = MARGIN + 100
COL_RATING_R = 720
COL_GAMES_R = 860
COL_WINS_R = WIDTH - MARGIN

# -- profile -------------------------------------------------------------------------------------
PROFILE_TITLE_H = 110
CARD_H = 150
CARD_GAP = 16
SPARK_W = 380
SPARK_H = 96
SPARK_LINE = 5
SPARK_DOT = 8

# -- score chart ---------------------------------------------------------------------------------
CHART_H = 760
CHART_TOP = 130
CHART_LEFT = MARGIN + 70
CHART_RIGHT = WIDTH - MARGIN - 20
LEGEND_ROW_H = 52
LINE_W = 6
#: The ink edge each side of a line (pale seat colours on the paper).
LINE_EDGE = 2
MARK_R = 13
BAR_H = 56
