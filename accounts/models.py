from django.conf import settings
from django.db import models


class UsernameSkeleton(models.Model):
    """The look-alike keys of a username (accounts.names.username_keys), so that sign-up finds
    an existing name one could pass for by an indexed query. Kept by accounts.signals."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="username_skeleton"
    )
    skeleton = models.CharField(max_length=64, db_index=True)
    folded = models.CharField(max_length=64, db_index=True)

    @classmethod
    def remember(cls, user) -> None:
        from accounts.names import username_keys

        skeleton, folded = username_keys(user.get_username())
        cls.objects.update_or_create(user=user, defaults={"skeleton": skeleton, "folded": folded})

    @classmethod
    def taken(cls, username: str) -> bool:
        """True when an existing username looks like `username`."""
        from accounts.names import username_keys

        skeleton, folded = username_keys(username)
        return cls.objects.filter(models.Q(skeleton=skeleton) | models.Q(folded=folded)).exists()
