"""REST endpoints. They read through tables.reading and write only through tables.lifecycle and tables.moves."""
import json

from django.db.models import Q
from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status
from rest_framework.authtoken.models import Token
from rest_framework.response import Response
from rest_framework.views import APIView

from engines import registry
from tables import lifecycle, moves, payloads
from tables.api import serializers as s
from tables.errors import Refused, forbidden, not_found
from tables.models import Profile, Seat, Table
from tables.ratelimit import ActionRateThrottle
from tables.reading import redacted_events, seat_of, view_payload

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
        raise Refused("bad_parameter", f"{name} must be a whole number from 0 to {payloads.MAX_INT}.")
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
        parameters=[OpenApiParameter("list", enum=["open", "mine", "my_turn"], default="open")],
        responses=s.TableSummarySerializer(many=True),
    )
    def get(self, request):
        which = request.query_params.get("list", "open")
        if which not in ("open", "mine", "my_turn"):
            raise Refused("bad_parameter", "list must be open, mine or my_turn.")
        if which != "open" and not request.user.is_authenticated:
            raise forbidden(_("Log in to see your tables."))
        tables = self.listed(which, request.user)
        return Response(s.TableSummarySerializer(tables, many=True).data)

    @staticmethod
    def listed(which: str, user) -> list[Table]:
        tables = Table.objects.select_related("created_by").prefetch_related("seats__user").order_by("-created_at")
        if which == "open":
            return list(tables.filter(status=Table.Status.OPEN, seats__kind=Seat.Kind.OPEN).distinct()[:LIST_LIMIT])
        if which == "mine":
            return list(tables.filter(Q(seats__user=user) | Q(created_by=user)).distinct()[:LIST_LIMIT])
        # my_turn: the denormalised to_act of each running table I sit at; no engine is loaded.
        seats = Seat.objects.filter(user=user, kind=Seat.Kind.HUMAN, table__status=Table.Status.RUNNING)
        mine = {seat.table_id: seat.index for seat in seats.only("table_id", "index")}
        return [t for t in tables.filter(pk__in=mine) if mine[t.pk] in t.to_act][:LIST_LIMIT]

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


LeaveView = table_command(lifecycle.leave, "Leave a table before it starts")
StartView = table_command(lifecycle.start_table, "Start the table (the creator only)")
AbandonView = table_command(lifecycle.abandon, "Abandon the table (the creator only)")
BackView = table_command(lifecycle.back, "Take your seat back from the stand-in bot")


class ActionsView(APIView):
    throttle_classes = [ActionRateThrottle]

    @extend_schema(request=s.ActionRequestSerializer, responses={200: s.ActionResultSerializer, **ERRORS})
    def post(self, request, table_id: int):
        given = s.ActionRequestSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        seat = seat_of(get_table(table_id), request.user)
        if seat is None:
            raise forbidden("You have no seat at this table.")
        data = given.validated_data
        return Response(moves.submit(table_id, seat, data["action"], data["expected_seq"], data["command_id"]))


class EventsView(APIView):
    @extend_schema(parameters=[OpenApiParameter("after", int, default=0)], responses=s.EventsSerializer)
    def get(self, request, table_id: int):
        table = get_table(table_id)
        after = int_param(request, "after", 0)
        events = redacted_events(table, seat_of(table, request.user), after) if table.snapshot is not None else []
        return Response({"head_seq": table.head_seq, "events": events})


class TableStateView(APIView):
    @extend_schema(parameters=[OpenApiParameter("at", int)], responses=s.ViewSerializer)
    def get(self, request, table_id: int):
        table = get_table(table_id)
        at = int_param(request, "at", table.head_seq)
        if not 0 <= at <= table.head_seq:
            raise Refused("bad_parameter", f"at must be between 0 and {table.head_seq}.")
        return Response(view_payload(table, seat_of(table, request.user), at))


class ExportView(APIView):
    @extend_schema(responses={(200, "application/x-ndjson"): str, 409: s.ErrorSerializer})
    def get(self, request, table_id: int):
        table = get_table(table_id)
        if table.status not in (Table.Status.FINISHED, Table.Status.ABANDONED):
            raise Refused("not_finished", "Only an ended game can be exported.", 409)
        seat = seat_of(table, request.user)
        head = s.TableDetailSerializer(table, context={"request": request}).data
        lines = [head, *redacted_events(table, seat, 0)]
        body = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
        response = HttpResponse(body, content_type="application/x-ndjson")
        response["Content-Disposition"] = f'attachment; filename="sampan-{table.game}-{table.pk}.jsonl"'
        return response


class MeView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    # The API's names of the profile's settings.
    SETTINGS = {"email_notices": "email_notices", "pace": "move_pace_ms", "table_hint_seen": "table_hint_seen"}

    @classmethod
    def me(cls, user) -> dict:
        profile = Profile.of(user)
        settings = {name: getattr(profile, field) for name, field in cls.SETTINGS.items()}
        return {"username": user.username, "email": user.email, **settings}

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
        return Response(self.me(request.user))


class TokenView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses=s.TokenSerializer)
    def post(self, request):
        """Create the caller's personal API token, or replace the one they had."""
        Token.objects.filter(user=request.user).delete()
        return Response({"token": Token.objects.create(user=request.user).key})
