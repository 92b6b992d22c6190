"""A signed-in user's own websocket (/ws/me/): their notices as they come (the bell)."""
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from tables.notices import user_group


class NoticeConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        user = self.scope.get("user")
        if not getattr(user, "is_authenticated", False):
            await self.close(code=4403)
            return
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        await self.send_json({"type": "error", "code": "bad_frame", "detail": "This socket only sends."})

    async def notice_new(self, message):
        await self.send_json({"type": "notice", **message["notice"]})

    async def notice_read(self, message):
        await self.send_json({"type": "notices_read", "ids": message["ids"], "unread": message["unread"]})
