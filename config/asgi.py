"""ASGI entry point: HTTP goes to Django, websockets to the table consumer."""
import gc
import os
import sys

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# A request's database thread gives up the GIL at every round trip and then waits for the
# event loop's thread to hand it back: at the default 5 ms switch interval a request of several
# round trips queued behind websocket work for tens of milliseconds. 0.5 ms keeps that wait short.
sys.setswitchinterval(0.0005)
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from django.conf import settings  # noqa: E402

from ai_workers.ticker import TickerLifespan  # noqa: E402
from tables.api.middleware import BodyLimit  # noqa: E402
from tables.routing import websocket_urlpatterns  # noqa: E402
from tables.socket_auth import SocketAuthStack  # noqa: E402  (needs the app registry)

protocols = {
    # a body over DATA_UPLOAD_MAX_MEMORY_SIZE is refused before Django reads it
    "http": BodyLimit(django_asgi_app),
    # a websocket from a page of another site is refused: its Origin must be one of ALLOWED_HOSTS
    "websocket": AllowedHostsOriginValidator(SocketAuthStack(URLRouter(websocket_urlpatterns))),
}
if settings.DEADLINE_TICKER_IN_SERVER:  # the embedded profile (served by uvicorn, which runs lifespan)
    protocols["lifespan"] = TickerLifespan()
application = ProtocolTypeRouter(protocols)
# What start-up loaded (Django, the apps, the engines' tables) lives as long as the process: out
# of the collector's full passes, which otherwise walk it all and stall every socket meanwhile.
gc.freeze()
# Young objects are collected every 50,000 allocations rather than 700, and the middle
# generation every 20 of those: what a move leaves for the next one (the held head, frames in
# flight) dies in a young generation instead of reaching the oldest, whose full passes walk the
# objects of every open socket. With 10,000 idle sockets this took a third off the servers' CPU
# per move (README, Operations).
gc.set_threshold(50_000, 20, 100)
