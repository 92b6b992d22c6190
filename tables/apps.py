from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in

        from tables import converters
        from tables.language import remember_on_login

        converters.register()
        user_logged_in.connect(remember_on_login, dispatch_uid="tables-remember-on-login")
