"""Records the guided games' bot moves anew: for each guide the casual bot plays the bots' seats
along the guide's line (tables.guides) to the end of its script, and its choices go to
tables/guide_moves.json, so that a better bot never changes a game a guide tells of. Read the
scripts again after recording: their words tell what the bots did.

    .venv/bin/python scripts/guide_moves.py [game ...]
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import django  # noqa: E402  (after the project root is on the path)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

django.setup()

from tables import guides  # noqa: E402


def main(games: list[str]) -> None:
    moves = dict(guides.recorded_moves())
    for game in games or list(guides.guides()):
        moves[game] = guides.play_line(game, None).recorded
    lines = [f"  {json.dumps(game)}: {json.dumps(moves[game], separators=(',', ':'))}" for game in sorted(moves)]
    guides.MOVES_FILE.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
