from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Accounts and network trust: the client's address, login lockout, look-alike usernames."""

    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from accounts import signals  # noqa: F401  (keeps each username's skeleton up to date)
