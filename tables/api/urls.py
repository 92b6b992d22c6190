from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from tables.api import views

urlpatterns = [
    path("games/", views.GamesView.as_view(), name="api-games"),
    path("games/<slug:game>/leaderboard/", views.LeaderboardView.as_view(), name="api-leaderboard"),
    path("games/<slug:game>/play/", views.PlayAgainstBotsView.as_view(), name="api-play-against-bots"),
    path("games/<slug:game>/learn/", views.LearnView.as_view(), name="api-learn"),
    path("players/<str:username>/", views.PlayerView.as_view(), name="api-player"),
    path("tables/", views.TablesView.as_view(), name="api-tables"),
    path("tables/<id:table_id>/", views.TableView.as_view(), name="api-table"),
    path("tables/<id:table_id>/join/", views.JoinView.as_view(), name="api-join"),
    path("tables/<id:table_id>/leave/", views.LeaveView.as_view(), name="api-leave"),
    path("tables/<id:table_id>/start/", views.StartView.as_view(), name="api-start"),
    path("tables/<id:table_id>/abandon/", views.AbandonView.as_view(), name="api-abandon"),
    path("tables/<id:table_id>/back/", views.BackView.as_view(), name="api-back"),
    path("tables/<id:table_id>/resign/", views.ResignView.as_view(), name="api-resign"),
    path("tables/<id:table_id>/rematch/", views.RematchView.as_view(), name="api-rematch"),
    path("tables/<id:table_id>/actions/", views.ActionsView.as_view(), name="api-actions"),
    path("tables/<id:table_id>/hint/", views.HintView.as_view(), name="api-hint"),
    path("tables/<id:table_id>/analysis/", views.AnalysisView.as_view(), name="api-analysis"),
    path("tables/<id:table_id>/guide/", views.GuideView.as_view(), name="api-guide"),
    path("tables/<id:table_id>/events/", views.EventsView.as_view(), name="api-events"),
    path("tables/<id:table_id>/view/", views.TableStateView.as_view(), name="api-view"),
    path("tables/<id:table_id>/chat/", views.ChatView.as_view(), name="api-chat"),
    path("chat/<id:message_id>/report/", views.ChatReportView.as_view(), name="api-chat-report"),
    path("players/<str:username>/mute/", views.MuteView.as_view(), name="api-mute"),
    path("tables/<id:table_id>/export/", views.ExportView.as_view(), name="api-export"),
    path("me/", views.MeView.as_view(), name="api-me"),
    path("me/notices/", views.NoticesView.as_view(), name="api-notices"),
    path("me/bots/", views.BotsView.as_view(), name="api-bots"),
    path("me/bots/<str:username>/token/", views.BotTokenView.as_view(), name="api-bot-token"),
    path("me/token/", views.TokenView.as_view(), name="api-token"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
]
