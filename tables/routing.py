from django.urls import path

from tables.consumers import TableConsumer

websocket_urlpatterns = [path("ws/tables/<id:table_id>/", TableConsumer.as_asgi())]
