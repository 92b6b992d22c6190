"""Notice preferences kept kind by kind: a saved list of the kinds taken becomes a choice on or
off for each kind the account page offered when it was saved, so that a kind added since takes
its default instead of counting as refused."""

from django.db import migrations

KINDS_WHEN_LISTS_WERE_SAVED = ("turn", "invite", "ended", "rematch")


def by_kind(apps, schema_editor):
    Profile = apps.get_model("tables", "Profile")
    for profile in Profile.objects.exclude(notice_prefs={}).iterator():
        prefs = {channel: ({kind: kind in kinds for kind in KINDS_WHEN_LISTS_WERE_SAVED}
                           | {kind: True for kind in kinds})
                 if isinstance(kinds, list) else kinds
                 for channel, kinds in profile.notice_prefs.items()}
        if prefs != profile.notice_prefs:
            profile.notice_prefs = prefs
            profile.save(update_fields=["notice_prefs"])


def as_lists(apps, schema_editor):
    Profile = apps.get_model("tables", "Profile")
    for profile in Profile.objects.exclude(notice_prefs={}).iterator():
        profile.notice_prefs = {channel: [kind for kind, taken in kinds.items() if taken]
                                if isinstance(kinds, dict) else kinds
                                for channel, kinds in profile.notice_prefs.items()}
        profile.save(update_fields=["notice_prefs"])


class Migration(migrations.Migration):

    dependencies = [
        ('tables', '0015_notice_left'),
    ]

    operations = [
        migrations.RunPython(by_kind, as_lists),
    ]
