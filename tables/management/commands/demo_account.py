from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = ("Create the demo account (username demo, password demo) of the embedded profile, only while "
            "it serves on loopback (HOST); served to other machines, an existing demo account is disabled.")

    def handle(self, *args, **options):
        if settings.PRODUCTION:
            raise CommandError("No demo account in production.")
        users = get_user_model().objects
        if not settings.SERVING_LOOPBACK:
            for user in users.filter(username="demo"):
                user.set_unusable_password()
                user.save(update_fields=["password"])
            self.stdout.write(f"no demo account: HOST={settings.SERVE_HOST} is reachable from other machines "
                              "(sign up instead; `manage.py createsuperuser` makes an admin)")
            return
        user, created = users.get_or_create(username="demo", defaults={"email": "demo@example.com"})
        if created or not user.has_usable_password():
            user.set_password("demo")
            user.save()
        self.stdout.write("demo account: username demo, password demo")
