"""Who a websocket belongs to: the session's user (a browser), or for a program the owner of the
API token in its `Authorization: Token <key>` header, as the REST API reads it."""
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from rest_framework.authtoken.models import Token


@database_sync_to_async
def token_user(key: str):
    token = Token.objects.select_related("user").filter(key=key).first()
    return token.user if token is not None and token.user.is_active else None


class TokenAuthMiddleware:
    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        header = dict(scope.get("headers", [])).get(b"authorization", b"").decode("latin-1")
        kind, _, key = header.partition(" ")
        if kind == "Token" and key:
            user = await token_user(key.strip())
            if user is not None:
                scope = {**scope, "user": user}
        return await self.inner(scope, receive, send)


def SocketAuthStack(inner):  # noqa: N802  (named like channels' AuthMiddlewareStack)
    """The session first, then a token header, which names its user where it is valid."""
    return AuthMiddlewareStack(TokenAuthMiddleware(inner))
