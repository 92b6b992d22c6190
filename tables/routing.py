from django.urls import path

from tables.consumers import TableConsumer
from tables.notice_socket import NoticeConsumer

websocket_urlpatterns = [
    path("ws/tables/<id:table_id>/", TableConsumer.as_asgi()),
    path("ws/me/", NoticeConsumer.as_asgi()),
]
