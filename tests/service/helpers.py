"""Helpers of the service tests."""
from rest_framework.test import APIClient


def new_table(client: APIClient, game: str = "tiny", players: int = 2, seats=None, **extra) -> dict:
    body = {
        "game": game,
        "players": players,
        "options": extra.pop("options", {}),
        "time_control": extra.pop("time_control", {"kind": "live", "seconds": 120}),
        "seats": seats or [{"kind": "me"}] + [{"kind": "open"}] * (players - 1),
        **extra,
    }
    response = client.post("/api/tables/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def act(client: APIClient, table_id: int, action: dict, expected_seq: int, command_id: str):
    body = {"action": action, "expected_seq": expected_seq, "command_id": command_id}
    return client.post(f"/api/tables/{table_id}/actions/", body, format="json")
