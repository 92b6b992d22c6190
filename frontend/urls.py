"""The pages a player uses: accounts, lobby, table creation, the table itself."""
from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy
from django.views.i18n import JavaScriptCatalog

from frontend import views


def _account_page(view, template: str, **kwargs):
    """One of Django's own auth views under /accounts/, with our template."""
    return view.as_view(template_name=f"frontend/registration/{template}.html", **kwargs)


urlpatterns = [
    path("", views.home, name="home"),
    path("language/", views.choose_language, name="set_language"),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript_catalog"),
    path("tables/new/", views.new_table, name="table_new"),
    path("games/<slug:game>/learn/", views.how_to_play, name="how_to_play"),
    path("games/<slug:game>/rules/", views.game_rules, name="game_rules"),
    path("games/<slug:game>/balance/", views.balance_page, name="balance"),
    path("games/<slug:game>/leaderboard/", views.leaderboard, name="leaderboard"),
    path("players/<str:username>/", views.player, name="player"),
    path("bots/", views.bot_guide, name="bot_guide"),
    path("bots/sampan_bot.py", views.bot_client, name="bot_client"),
    path("tables/<id:table_id>/", views.table, name="table"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/profile/", views.account, name="account"),
    path("accounts/close/", views.close_account, name="close_account"),
    path("accounts/closed/", views.account_closed, name="account_closed"),
    path("accounts/login/", _account_page(auth_views.LoginView, "login", next_page=reverse_lazy("home")), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(next_page=reverse_lazy("home")), name="logout"),
    path(
        "accounts/password_change/",
        _account_page(auth_views.PasswordChangeView, "password_change_form"),
        name="password_change",
    ),
    path(
        "accounts/password_change/done/",
        _account_page(auth_views.PasswordChangeDoneView, "password_change_done"),
        name="password_change_done",
    ),
    path(
        "accounts/password_reset/",
        _account_page(
            auth_views.PasswordResetView,
            "password_reset_form",
            email_template_name="frontend/registration/password_reset_email.txt",
            subject_template_name="frontend/registration/password_reset_subject.txt",
        ),
        name="password_reset",
    ),
    path(
        "accounts/password_reset/done/",
        _account_page(auth_views.PasswordResetDoneView, "password_reset_done"),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        _account_page(auth_views.PasswordResetConfirmView, "password_reset_confirm"),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        _account_page(auth_views.PasswordResetCompleteView, "password_reset_complete"),
        name="password_reset_complete",
    ),
]
