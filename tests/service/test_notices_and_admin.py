"""Correspondence emails, the per-user switch, and the admin's read-only event log."""
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from ai_workers import ticker
from tables import lifecycle
from tables.models import Deadline, Event

from .helpers import act, new_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def correspondence(make_user, client_for):
    alice, bob = make_user(), make_user()
    a, b = client_for(alice), client_for(bob)
    table = new_table(a, time_control={"kind": "correspondence", "days": 2})
    lifecycle.join(table["id"], bob)
    return table["id"], alice, bob, a, b


def test_a_player_gets_one_email_when_their_turn_begins(correspondence):
    table_id, alice, bob, a, b = correspondence
    lifecycle.start_table(table_id, alice)
    assert [m.to for m in mail.outbox] == [[alice.email]]
    assert "Your move" in mail.outbox[0].subject and f"/tables/{table_id}/" in mail.outbox[0].body
    act(a, table_id, {"type": "roll"}, 3, "a1")
    assert [m.to for m in mail.outbox] == [[alice.email], [bob.email]]


def test_a_reminder_comes_once_before_the_deadline(correspondence):
    table_id, alice, *_ = correspondence
    lifecycle.start_table(table_id, alice)
    mail.outbox.clear()
    Deadline.objects.filter(table_id=table_id, kind="remind").update(due_at=timezone.now() - timedelta(seconds=1))
    assert ticker.tick() == 1
    assert ticker.tick() == 0
    assert len(mail.outbox) == 1 and "Reminder" in mail.outbox[0].subject
    assert list(Deadline.objects.filter(table_id=table_id).values_list("kind", flat=True)) == ["move"]


def test_email_notices_can_be_turned_off(correspondence):
    table_id, alice, bob, a, b = correspondence
    assert a.patch("/api/me/", {"email_notices": False}, format="json").json()["email_notices"] is False
    lifecycle.start_table(table_id, alice)
    assert mail.outbox == []


def test_live_tables_send_no_email(make_user, client_for):
    alice, bob = make_user(), make_user()
    table = new_table(client_for(alice))
    lifecycle.join(table["id"], bob)
    lifecycle.start_table(table["id"], alice)
    assert mail.outbox == []


def test_the_admin_lists_tables_and_shows_events_read_only(correspondence, client):
    table_id, alice, *_ = correspondence
    lifecycle.start_table(table_id, alice)
    alice.is_staff = alice.is_superuser = True
    alice.save()
    client.force_login(alice)
    assert client.get("/admin/tables/table/").status_code == 200
    assert client.get(f"/admin/tables/table/{table_id}/change/").status_code == 200
    assert client.get("/admin/tables/seat/").status_code == 200
    assert client.get("/admin/tables/event/").status_code == 200
    event = Event.objects.filter(table_id=table_id).first()
    page = client.get(f"/admin/tables/event/{event.pk}/change/")
    assert page.status_code == 200 and b'name="_save"' not in page.content
    assert client.get("/admin/tables/event/add/").status_code == 403
    assert client.post(f"/admin/tables/event/{event.pk}/delete/", {"post": "yes"}).status_code == 403
    assert Event.objects.filter(pk=event.pk).exists()
