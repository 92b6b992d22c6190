"""Records the example games of the how-to-play pages anew: for each game the casual bot plays
from its seed to the last position a guide pictures, and its choices go to
frontend/learn/example_games.json. The guides tell what those positions show (and tests hold
them to it), so read the guides again after recording.

    .venv/bin/python scripts/learn_examples.py
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from frontend import learn  # noqa: E402  (after the project root is on the path)


def main() -> None:
    longest = {}
    for game, figures in learn.FIGURES.items():
        for figure in figures.values():
            if isinstance(figure, learn.Position):
                key = learn.example_key(game, figure)
                if key not in longest or figure.moves > longest[key][1].moves:
                    longest[key] = (game, figure)
    lines = [f"  {json.dumps(key)}: {json.dumps(learn.bot_moves(game, figure), separators=(',', ':'))}"
             for key, (game, figure) in longest.items()]
    learn.EXAMPLE_GAMES.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


if __name__ == "__main__":
    main()
