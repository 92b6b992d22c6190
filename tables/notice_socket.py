"""A signed-in user's own websocket (/ws/me/): their notices as they come (the bell)."""
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils.translation import gettext_lazy as _  # worded in the reader's language by send_error

from tables.consumers import error_frame
from tables.language import scope_language, speaking
from tables.notices import user_group


class NoticeConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        user = self.scope.get("user")
        if not getattr(user, "is_authenticated", False):
            # Accepted, then closed with a code of its own: a handshake refused reaches the page
            # as 1006, which it cannot tell from a network drop and would retry for ever.
            await self.accept()
            await self.send_error("not_signed_in", _("Sign in to receive your notices."))
            await self.close(code=4403)
            return
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        await self.send_error("bad_frame", _("This connection only sends notices; it takes no messages."))

    async def send_error(self, code: str, detail: str) -> None:
        with speaking(scope_language(self.scope)):
            await self.send_json(error_frame(code, str(detail)))

    async def notice_new(self, message):
        await self.send_json({"type": "notice", **message["notice"]})

    async def notice_read(self, message):
        await self.send_json({"type": "notices_read", "ids": message["ids"], "unread": message["unread"]})
