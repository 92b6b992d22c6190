import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def remember_existing_usernames(apps, schema_editor):
    from accounts.names import username_keys

    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    UsernameSkeleton = apps.get_model("accounts", "UsernameSkeleton")
    rows = []
    for user_id, username in User.objects.values_list("pk", "username").iterator():
        skeleton, folded = username_keys(username)
        rows.append(UsernameSkeleton(user_id=user_id, skeleton=skeleton, folded=folded))
        if len(rows) >= 1000:
            UsernameSkeleton.objects.bulk_create(rows)
            rows = []
    UsernameSkeleton.objects.bulk_create(rows)


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="UsernameSkeleton",
            fields=[
                ("user", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True,
                                              related_name="username_skeleton", serialize=False,
                                              to=settings.AUTH_USER_MODEL)),
                ("skeleton", models.CharField(db_index=True, max_length=64)),
                ("folded", models.CharField(db_index=True, max_length=64)),
            ],
        ),
        migrations.RunPython(remember_existing_usernames, migrations.RunPython.noop),
    ]
