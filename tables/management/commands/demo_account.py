from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Create the demo account (username demo, password demo) of the embedded profile."

    def handle(self, *args, **options):
        if settings.PRODUCTION:
            raise CommandError("No demo account in production.")
        user, created = get_user_model().objects.get_or_create(username="demo", defaults={"email": "demo@example.com"})
        if created:
            user.set_password("demo")
            user.save()
        self.stdout.write("demo account: username demo, password demo")
