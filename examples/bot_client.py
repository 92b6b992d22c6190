"""A small bot that plays Sampan through its public API, as any program may with a bot account.

It opens a table of GAME against house bots (or joins table ID), then plays its seat to the end
over the table's websocket: each sync frame says whose turn it is and, when it is the bot's, the
legal actions; it answers with one of them. Only the Python standard library and `websockets`.

    python examples/bot_client.py --server http://127.0.0.1:8000 --token KEY --game dunhuang --against greedy
    python examples/bot_client.py --server http://127.0.0.1:8000 --token KEY --table 42

Make the bot account and its token on the account page (or POST /api/me/bots/), then give the
token here. The bot's choice is random; write a better `choose`.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
import urllib.request
import uuid

from websockets.sync.client import connect


class Sampan:
    """The REST API, authenticated with the bot's token."""

    def __init__(self, server: str, token: str):
        self.server, self.token = server.rstrip("/"), token

    def call(self, method: str, path: str, body: dict | None = None) -> dict:
        request = urllib.request.Request(
            f"{self.server}{path}", method=method, data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Token {self.token}", "Content-Type": "application/json",
                     "Accept": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read()
        return json.loads(text) if text else {}

    def open_table(self, game: str, players: int, against: str) -> int:
        seats = [{"kind": "me"}] + [{"kind": "ai", "strength": against}] * (players - 1)
        table = self.call("POST", "/api/tables/", {"game": game, "players": players, "seats": seats,
                                                   "time_control": {"kind": "live", "seconds": 120}})
        self.call("POST", f"/api/tables/{table['id']}/start/")
        return table["id"]

    def socket(self, table_id: int):
        address = self.server.replace("http", "ws", 1) + f"/ws/tables/{table_id}/"
        return connect(address, origin=self.server,
                       additional_headers={"Authorization": f"Token {self.token}"})


def choose(frame: dict, rng: random.Random) -> dict:
    """The bot's move: any legal action."""
    return rng.choice(frame["legal_actions"])


def play(api: Sampan, table_id: int, rng: random.Random) -> dict:
    """Play this account's seat at `table_id` until the game ends; returns the outcome."""
    acted_at, sent = None, None  # the seq of the last move sent, and its frame
    with api.socket(table_id) as socket:
        while True:
            message = json.loads(socket.recv())
            for frame in message if isinstance(message, list) else [message]:
                if frame["type"] == "error":
                    if frame["code"] == "throttled":  # over the action rate: wait, then send it again
                        time.sleep(frame.get("retry_after", 1))
                        socket.send(json.dumps(sent))
                    else:  # refused: ask where the table is now, and choose again
                        print(f"refused: {frame['code']}: {frame['detail']}", file=sys.stderr)
                        acted_at = None
                        socket.send(json.dumps({"type": "resync", "after": frame.get("head_seq", 0)}))
                if frame["type"] != "sync":
                    continue
                if frame["outcome"]:
                    return frame["outcome"]
                mine = frame["seat"] is not None and frame["seat"] in frame["to_act"] and frame["legal_actions"]
                if mine and frame["seq"] != acted_at:
                    acted_at = frame["seq"]
                    sent = {"type": "action", "action": choose(frame, rng), "expected_seq": frame["seq"],
                            "command_id": str(uuid.uuid4())}
                    socket.send(json.dumps(sent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--token", required=True, help="the bot account's API token")
    parser.add_argument("--table", type=int, help="join and play this table (else open one)")
    parser.add_argument("--game", default="dunhuang")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--against", default="greedy", help="the house bots' strength")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    api = Sampan(args.server, args.token)
    if args.table:
        api.call("POST", f"/api/tables/{args.table}/join/", {})
        table_id = args.table
    else:
        table_id = api.open_table(args.game, args.players, args.against)
    outcome = play(api, table_id, random.Random(args.seed))
    print(json.dumps({"table": table_id, "outcome": outcome}))


if __name__ == "__main__":
    main()
