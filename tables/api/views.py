"""REST endpoints. They read through tables.reading and write only through tables.lifecycle and tables.moves."""
import json

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status
from rest_framework.authtoken.models import Token
from rest_framework.response import Response
from rest_framework.views import APIView

from engines import registry
from tables import analysis, bot_accounts, chat, guides, hints, lifecycle, moves, notices, payloads, players
from tables.api import serializers as s
from tables.errors import Refused, forbidden, not_found
from tables.models import Profile, Seat, Table
from tables.ratelimit import ActionRateThrottle
from tables.reading import redacted_events, seat_names, seat_of, view_payload, viewer_of

LIST_LIMIT = 100
ERRORS = {400: s.ErrorSerializer, 403: s.ErrorSerializer, 404: s.ErrorSerializer, 409: s.ErrorSerializer}


def get_table(table_id: int) -> Table:
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise not_found()
    return table


def detail(request, table: Table) -> dict:
    table.refresh_from_db()
    return s.TableDetailSerializer(table, context={"request": request}).data


def int_param(request, name: str, default: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if not 0 <= value <= payloads.MAX_INT:
        raise Refused("bad_parameter", _("%(name)s must be a whole number from 0 to %(most)d.")
                      % {"name": name, "most": payloads.MAX_INT})
    return value


class GamesView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=s.GameSerializer(many=True))
    def get(self, request):
        games = []
        for name in registry.names():
            engine = registry.get(name)
            games.append({"name": name, "title": registry.title(name), "min_players": engine.min_players,
                          "max_players": engine.max_players, "options_schema": engine.options()})
        return Response(s.GameSerializer(games, many=True).data)


class TablesView(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("list", enum=["open", "mine", "my_turn", "live"], default="open",
                                     description="my_turn: what waits for you, an invitation to answer or a"
                                                 " move to make; live: games in play now, to watch")],
        responses=s.TableSummarySerializer(many=True),
    )
    def get(self, request):
        which = request.query_params.get("list", "open")
        if which not in ("open", "mine", "my_turn", "live"):
            raise Refused("bad_parameter", _("list must be open, mine, my_turn or live."))
        if which in ("mine", "my_turn") and not request.user.is_authenticated:
            raise forbidden(_("Log in to see your tables."))
        tables = self.listed(which, request.user)
        return Response(s.TableSummarySerializer(tables, many=True).data)

    @staticmethod
    def listed(which: str, user) -> list[Table]:
        tables = (Table.objects.select_related("created_by").prefetch_related("seats__user__sampan_profile", "deadlines")
                  .order_by("-created_at"))
        if which == "open":
            return list(tables.filter(status=Table.Status.OPEN, seats__kind=Seat.Kind.OPEN).distinct()[:LIST_LIMIT])
        if which == "live":
            return list(tables.filter(status=Table.Status.RUNNING, time_kind=Table.TimeKind.LIVE)
                        .order_by("-started_at")[:LIST_LIMIT])
        if which == "mine":
            return list(tables.filter(Q(seats__user=user) | Q(created_by=user)).distinct()[:LIST_LIMIT])
        # my_turn: the invitations to answer, then the running tables whose denormalised to_act
        # holds my seat (no engine is loaded).
        invited = list(tables.filter(status=Table.Status.OPEN, seats__user=user, seats__kind=Seat.Kind.INVITE)
                       .distinct()[:LIST_LIMIT])
        seats = Seat.objects.filter(user=user, kind=Seat.Kind.HUMAN, table__status=Table.Status.RUNNING)
        mine = {seat.table_id: seat.index for seat in seats.only("table_id", "index")}
        return (invited + [t for t in tables.filter(pk__in=mine) if mine[t.pk] in t.to_act])[:LIST_LIMIT]

    @extend_schema(request=s.CreateTableSerializer, responses={201: s.TableDetailSerializer, **ERRORS})
    def post(self, request):
        given = s.CreateTableSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        table = lifecycle.create_table(request.user, given.validated_data)
        return Response(detail(request, table), status=status.HTTP_201_CREATED)


class TableView(APIView):
    @extend_schema(responses={200: s.TableDetailSerializer, 404: s.ErrorSerializer})
    def get(self, request, table_id: int):
        return Response(detail(request, get_table(table_id)))


class JoinView(APIView):
    @extend_schema(request=s.JoinSerializer, responses={200: s.TableDetailSerializer, **ERRORS})
    def post(self, request, table_id: int):
        given = s.JoinSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        return Response(detail(request, lifecycle.join(table_id, request.user, given.validated_data.get("seat"))))


def table_command(command, summary: str):
    """A POST endpoint that runs `command(table_id, user)` and returns the table detail."""

    class CommandView(APIView):
        @extend_schema(request=None, responses={200: s.TableDetailSerializer, **ERRORS}, summary=summary)
        def post(self, request, table_id: int):
            return Response(detail(request, command(table_id, request.user)))

    CommandView.__name__ = f"{command.__name__.title().replace('_', '')}View"
    return CommandView


LeaveView = table_command(lifecycle.leave, "Leave a table before it starts, or decline the seat kept for you")
StartView = table_command(lifecycle.start_table, "Start the table (the creator only)")
AbandonView = table_command(lifecycle.abandon, "Abandon the table (the creator only)")
BackView = table_command(lifecycle.back, "Take your seat back from the stand-in bot")
ResignView = table_command(lifecycle.resign, "Resign: a bot plays your seat to the end, or it forfeits "
                                             "(the table's on_idle)")
RematchView = table_command(lifecycle.rematch, "The finished table's rematch (made by the first player to ask): "
                                               "the rematch table's detail")


class ActionsView(APIView):
    throttle_classes = [ActionRateThrottle]

    @extend_schema(request=s.ActionRequestSerializer, responses={200: s.ActionResultSerializer, **ERRORS})
    def post(self, request, table_id: int):
        given = s.ActionRequestSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        seat = seat_of(get_table(table_id), request.user)
        if seat is None:
            raise forbidden(_("You have no seat at this table."))
        data = given.validated_data
        return Response(moves.submit(table_id, seat, data["action"], data["expected_seq"], data["command_id"]))


class HintView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: s.HintSerializer, **ERRORS, 429: s.ErrorSerializer})
    def post(self, request, table_id: int):
        """The move the expert bot would make for your seat now, and why: only on your turn at an
        unrated table of you and bots alone. Changes nothing at the table."""
        return Response(hints.hint(table_id, request.user))


class AnalysisView(APIView):
    @extend_schema(parameters=[OpenApiParameter("seat", int, required=False)],
                   responses={200: s.AnalysisSerializer(many=True), 404: s.ErrorSerializer})
    def get(self, request, table_id: int):
        """The analyses of the finished game asked for so far (of one seat with ?seat=)."""
        found = analysis.of_table(get_table(table_id))
        if "seat" in request.query_params:
            seat = int_param(request, "seat", 0)
            found = [one for one in found if one["seat"] == seat]
        return Response(found)

    @extend_schema(request=s.AnalysisRequestSerializer,
                   responses={200: s.AnalysisSerializer, 202: s.AnalysisSerializer, **ERRORS, 429: s.ErrorSerializer})
    def post(self, request, table_id: int):
        """Ask for the expert's analysis of one seat's decisions in the ended game (from that seat's
        information alone): 202 when this request queued it, 200 when it was asked for before."""
        given = s.AnalysisRequestSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        found, queued = analysis.do_request(table_id, request.user, given.validated_data["seat"])
        return Response(analysis.payload(found), status=status.HTTP_202_ACCEPTED if queued else status.HTTP_200_OK)


class EventsView(APIView):
    @extend_schema(parameters=[OpenApiParameter("after", int, default=0)], responses=s.EventsSerializer)
    def get(self, request, table_id: int):
        table = get_table(table_id)
        after = int_param(request, "after", 0)
        events = redacted_events(table, viewer_of(table, request.user), after) if table.snapshot is not None else []
        return Response({"head_seq": table.head_seq, "events": events})


class TableStateView(APIView):
    @extend_schema(parameters=[OpenApiParameter("at", int)], responses=s.ViewSerializer)
    def get(self, request, table_id: int):
        table = get_table(table_id)
        at = int_param(request, "at", table.head_seq)
        if not 0 <= at <= table.head_seq:
            raise Refused("bad_parameter", _("at must be between 0 and %(head)d.") % {"head": table.head_seq})
        return Response(view_payload(table, viewer_of(table, request.user), at))


class ExportView(APIView):
    @extend_schema(responses={(200, "application/x-ndjson"): str, 409: s.ErrorSerializer})
    def get(self, request, table_id: int):
        table = get_table(table_id)
        if table.status not in (Table.Status.FINISHED, Table.Status.ABANDONED):
            raise Refused("not_finished", _("Only an ended game can be exported."), 409)
        seat = seat_of(table, request.user)
        head = s.TableDetailSerializer(table, context={"request": request}).data
        lines = [head, *redacted_events(table, seat, 0)]
        lines += [{"analysis": found} for found in analysis.of_table(table) if found["status"] == "done"]
        body = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
        response = HttpResponse(body, content_type="application/x-ndjson")
        response["Content-Disposition"] = f'attachment; filename="sampan-{table.game}-{table.pk}.jsonl"'
        return response


class MeView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    # The API's names of the profile's settings.
    SETTINGS = {"email_notices": "email_notices", "pace": "move_pace_ms", "table_hint_seen": "table_hint_seen",
                "rated_against_bots": "rated_against_bots", "newcomer_dismissed": "newcomer_dismissed"}

    @classmethod
    def me(cls, user) -> dict:
        profile = Profile.of(user)
        settings = {name: getattr(profile, field) for name, field in cls.SETTINGS.items()}
        return {"username": user.username, "email": user.email, **settings, "notices": notices.wanted(profile),
                "bot_owner": profile.bot_owner.username if profile.bot_owner_id else None}

    @extend_schema(responses=s.MeSerializer)
    def get(self, request):
        return Response(self.me(request.user))

    @extend_schema(request=s.MeSerializer, responses=s.MeSerializer)
    def patch(self, request):
        given = s.MeSerializer(data=request.data, partial=True)
        given.is_valid(raise_exception=True)
        changes = given.validated_data
        if "email" in changes:
            request.user.email = changes["email"]
            request.user.save(update_fields=["email"])
        settings = {field: changes[name] for name, field in self.SETTINGS.items() if name in changes}
        if settings:
            Profile.objects.update_or_create(user=request.user, defaults=settings)
        if "notices" in changes:
            notices.choose(Profile.of(request.user), changes["notices"])
        return Response(self.me(request.user))


class LeaderboardView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: s.LeaderboardRowSerializer(many=True), 404: s.ErrorSerializer})
    def get(self, request, game: str):
        """The players and house bots with a settled rating at `game`, best first."""
        if not registry.exists(game):
            raise Refused("unknown_game", _("There is no game called “%(name)s”.") % {"name": game}, 404)
        return Response(s.LeaderboardRowSerializer(players.leaderboard(game), many=True).data)


class PlayAgainstBotsView(APIView):
    @extend_schema(request=None, responses={201: s.TableDetailSerializer, **ERRORS})
    def post(self, request, game: str):
        """A table of you and bots at `game`, started at once: the game's default options, Casual
        bots, unrated, three seats where the game allows."""
        if not registry.exists(game):
            raise Refused("unknown_game", _("There is no game called “%(name)s”.") % {"name": game}, 404)
        table = lifecycle.play_against_bots(request.user, game)
        return Response(detail(request, table), status=status.HTTP_201_CREATED)


class LearnView(APIView):
    @extend_schema(request=None, responses={200: s.TableDetailSerializer, 201: s.TableDetailSerializer, **ERRORS})
    def post(self, request, game: str):
        """Your guided game of `game`: a fixed deal against bots whose opening the table page explains
        step by step, unrated. The one you are playing (200), to resume, or a new one, started at once (201)."""
        if not guides.exists(game):
            raise Refused("unknown_game", _("There is no guided game of “%(name)s”.") % {"name": game}, 404)
        table, new = lifecycle.learn(request.user, game)
        return Response(detail(request, table), status=status.HTTP_201_CREATED if new else status.HTTP_200_OK)


class GuideView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: s.GuideSerializer, 404: s.ErrorSerializer})
    def get(self, request, table_id: int):
        """A guided table's guide, in the reader's language: each step with the head seq where it
        shows (its words, the action it waits for, the board's part it points at), what the page
        says after them (the ended game's scores in words are the table's own: `result_words`)."""
        table = get_table(table_id)
        if not table.guided or not guides.exists(table.game):
            raise Refused("not_guided", _("This table is not a guided game."), 404)
        return Response({**guides.script(table.game), "seat": guides.PLAYER})


class PlayerView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: s.PlayerCardSerializer, 404: s.ErrorSerializer})
    def get(self, request, username: str):
        """A player's public card: ratings and games per game, recent games, current tables."""
        user = get_user_model().objects.filter(username=username, is_active=True).first()
        if user is None:
            raise Refused("unknown_user", _("There is no player called “%(name)s”.") % {"name": username}, 404)
        return Response(s.PlayerCardSerializer(players.player_card(user)).data)


class ChatView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: s.ChatLineSerializer(many=True), 404: s.ErrorSerializer})
    def get(self, request, table_id: int):
        """The table's last chat lines, oldest first (without those of writers you muted)."""
        return Response(chat.history(get_table(table_id).pk, request.user))

    @extend_schema(request=s.ChatPostSerializer, responses={201: s.ChatLineSerializer, **ERRORS, 429: s.ErrorSerializer})
    def post(self, request, table_id: int):
        """Write a line in the table's chat (pushed to everyone at the table, players and spectators)."""
        text = request.data.get("text") if isinstance(request.data, dict) else None
        return Response(chat.post(table_id, request.user, text), status=status.HTTP_201_CREATED)


class ChatReportView(APIView):
    @extend_schema(request=s.ChatReportSerializer, responses={204: None, 404: s.ErrorSerializer})
    def post(self, request, message_id: int):
        """Report a chat line to the moderators."""
        reason = request.data.get("reason", "") if isinstance(request.data, dict) else ""
        chat.report(message_id, request.user, reason if isinstance(reason, str) else "")
        return Response(status=status.HTTP_204_NO_CONTENT)


class MuteView(APIView):
    @extend_schema(request=None, responses={204: None, 400: s.ErrorSerializer, 404: s.ErrorSerializer})
    def post(self, request, username: str):
        """Mute a player: their chat lines no longer reach you, and their invitations and rematch
        offers (and those of their bot accounts) are refused."""
        chat.mute(request.user, username)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=None, responses={204: None, 404: s.ErrorSerializer})
    def delete(self, request, username: str):
        """Hear a muted player again."""
        chat.mute(request.user, username, muting=False)
        return Response(status=status.HTTP_204_NO_CONTENT)


class NoticesView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=s.NoticesSerializer)
    def get(self, request):
        """Your newest notices in the site and how many are unread."""
        return Response(notices.newest(request.user))

    @extend_schema(request=s.NoticesReadSerializer, responses=s.NoticesSerializer)
    def post(self, request):
        """Mark your notices read: all, or those up to `up_to` (a notice id)."""
        given = s.NoticesReadSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        notices.mark_read(request.user, given.validated_data.get("up_to"))
        return Response(notices.newest(request.user))


class BotsView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=s.BotSerializer(many=True))
    def get(self, request):
        """Your bot accounts."""
        return Response(bot_accounts.bots_of(request.user))

    @extend_schema(request=s.BotSerializer, responses={201: s.BotTokenSerializer, **ERRORS})
    def post(self, request):
        """Register a bot account: a player of its own that plays through this API with its token."""
        name = request.data.get("username") if isinstance(request.data, dict) else None
        return Response(bot_accounts.create_bot(request.user, name), status=status.HTTP_201_CREATED)


class BotTokenView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: s.BotTokenSerializer, 404: s.ErrorSerializer})
    def post(self, request, username: str):
        """A new token for one of your bot accounts (its old one stops working)."""
        return Response(bot_accounts.new_token(request.user, username))


class TokenView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses=s.TokenSerializer)
    def post(self, request):
        """Create the caller's personal API token, or replace the one they had."""
        Token.objects.filter(user=request.user).delete()
        return Response({"token": Token.objects.create(user=request.user).key})
