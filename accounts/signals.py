"""Each user's look-alike keys follow its username, however the user was saved."""
from django.contrib.auth import get_user_model
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts.models import UsernameSkeleton


@receiver(post_save, sender=get_user_model(), dispatch_uid="accounts-username-skeleton")
def remember_username(sender, instance, created, update_fields=None, raw=False, **kwargs):
    if raw:
        return  # loading fixtures
    if not created and update_fields is not None and "username" not in update_fields:
        return  # e.g. last_login on every login
    UsernameSkeleton.remember(instance)
