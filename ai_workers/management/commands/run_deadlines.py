from django.core.management.base import BaseCommand

from ai_workers import ticker


class Command(BaseCommand):
    help = "Resolve due deadlines every second (the alternative to Celery beat)."

    def add_arguments(self, parser):
        parser.add_argument("--interval", type=float, default=1.0)
        parser.add_argument("--once", action="store_true", help="resolve what is due now, then stop")

    def handle(self, *args, interval, once, **options):
        if once:
            self.stdout.write(f"claimed {ticker.tick()}")
        else:
            ticker.run_forever(interval)
