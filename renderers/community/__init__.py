"""Community pictures (#27.2, #27.5): the leaderboard, a profile's rating history and the
end-of-game score chart. Pure functions from a plain view (``views.py``) to PNG bytes; every
size and colour in ``layout.py``; every word from the catalog in the reader's language."""

from renderers.community.chart import render_score_chart
from renderers.community.leaderboard import render_leaderboard
from renderers.community.profile import render_profile
from renderers.community.views import (
    ChartLine,
    LeaderboardRow,
    LeaderboardView,
    ProfileGame,
    ProfileView,
    ScoreChartView,
)

__all__ = [
    "ChartLine",
    "LeaderboardRow",
    "LeaderboardView",
    "ProfileGame",
    "ProfileView",
    "ScoreChartView",
    "render_leaderboard",
    "render_profile",
    "render_score_chart",
]
