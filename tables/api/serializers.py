"""Shapes of the API's requests and responses (they are also the OpenAPI schema)."""
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from engines import registry
from engines.bots import label
from tables import payloads, ratings, result_words
from tables.models import MOVE_PACES, Analysis, Notice, Profile, Seat, Table
from tables.reading import colours, deadline_of, seat_names, seat_of


# ----------------------------------------------------------------------------- requests


class TimeControlSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Table.TimeKind.choices)
    seconds = serializers.IntegerField(min_value=5, max_value=86400, required=False)
    days = serializers.IntegerField(min_value=1, max_value=60, required=False)
    max_timeouts = serializers.IntegerField(min_value=1, max_value=20, default=3)
    on_idle = serializers.ChoiceField(choices=Table.OnIdle.choices, default=Table.OnIdle.BOT)

    def validate(self, data):
        needed = "seconds" if data["kind"] == Table.TimeKind.LIVE else "days"
        if needed not in data:
            raise serializers.ValidationError(f"A {data['kind']} time control needs {needed!r}.")
        return data


class SeatRequestSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["me", "open", "invite", "ai"])
    username = serializers.CharField(required=False)
    strength = serializers.CharField(required=False)


class CreateTableSerializer(serializers.Serializer):
    game = serializers.CharField(max_length=40)
    players = serializers.IntegerField(min_value=1, max_value=8)
    options = serializers.DictField(required=False, default=dict)
    time_control = TimeControlSerializer()
    seats = SeatRequestSerializer(many=True)
    fill_with_ai = serializers.BooleanField(default=False)
    rated = serializers.BooleanField(default=True, help_text="The result changes the players' ratings.")


class JoinSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0, max_value=7, required=False, allow_null=True)


class ActionRequestSerializer(serializers.Serializer):
    action = serializers.DictField()
    expected_seq = serializers.IntegerField(min_value=0, max_value=payloads.MAX_INT)
    command_id = serializers.CharField(max_length=100, trim_whitespace=False)


class NoticePrefsSerializer(serializers.Serializer):
    site = serializers.ListField(child=serializers.ChoiceField(choices=Notice.Kind.choices), required=False)
    email = serializers.ListField(child=serializers.ChoiceField(choices=Notice.Kind.choices), required=False)


class MeSerializer(serializers.Serializer):
    username = serializers.CharField(read_only=True)
    email = serializers.EmailField(required=False, allow_blank=True)
    email_notices = serializers.BooleanField(required=False)
    pace = serializers.ChoiceField(
        choices=[value for value, _ in MOVE_PACES], required=False,
        help_text="Milliseconds the board holds each of the other players' moves (0: at once).",
    )
    table_hint_seen = serializers.BooleanField(required=False, help_text="The guide to the table page was dismissed.")
    notices = NoticePrefsSerializer(required=False, help_text="The kinds of notices you take in the site and by email.")
    rated_against_bots = serializers.BooleanField(
        required=False, help_text="Play rated games at tables with bot accounts (else such tables are unrated).")
    newcomer_dismissed = serializers.ListField(
        child=serializers.ChoiceField(choices=registry.names()), required=False, max_length=len(registry.names()),
        help_text="The games whose offer of the guided game and the how-to-play page, on your first table of the "
                  "game, you dismissed.")
    bot_owner = serializers.CharField(read_only=True, allow_null=True, help_text="For a bot account: its owner.")


# ----------------------------------------------------------------------------- responses


class GameSerializer(serializers.Serializer):
    name = serializers.CharField()
    title = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    options_schema = serializers.DictField(help_text=(
        'The table options as a JSON Schema object. Beside the standard keywords, an option\'s "enumNames" name its '
        'values, its "x-players" lists the only player counts at which it may differ from its default, and its '
        '"x-requires" ({other option: value}) the values of other options without which it has no effect and must '
        'keep its default.'))


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(source="index")
    kind = serializers.CharField()
    username = serializers.SerializerMethodField()
    strength = serializers.CharField()
    strength_label = serializers.SerializerMethodField(help_text="The bot's strength as players are shown it.")
    is_ai = serializers.SerializerMethodField()
    is_bot_account = serializers.SerializerMethodField(help_text="The seat's player is a registered bot account.")
    standin = serializers.BooleanField()
    forfeited = serializers.BooleanField()
    resigned = serializers.BooleanField()
    colour = serializers.SerializerMethodField()

    def get_colour(self, seat: Seat) -> str | None:
        return self.context.get("colours", {}).get(seat.index)

    def get_username(self, seat: Seat) -> str | None:
        return seat.user.username if seat.user else None

    def get_strength_label(self, seat: Seat) -> str:
        return label(seat.strength)[0]

    def get_is_bot_account(self, seat: Seat) -> bool:
        if seat.user is None:
            return False
        try:
            return seat.user.sampan_profile.bot_owner_id is not None
        except Profile.DoesNotExist:
            return False

    def get_is_ai(self, seat: Seat) -> bool:
        return seat.kind == Seat.Kind.AI


class TableSummarySerializer(serializers.ModelSerializer):
    title = serializers.SerializerMethodField()
    time_control = serializers.SerializerMethodField()
    created_by = serializers.CharField(source="created_by.username")
    seats = SeatSerializer(many=True)
    deadline = serializers.SerializerMethodField(
        help_text="When the next move of a running table is due (ISO time); none without a running clock.")

    class Meta:
        model = Table
        fields = ["id", "game", "title", "status", "players", "time_control", "created_by", "created_at",
                  "seats", "head_seq", "to_act", "rated", "guided", "deadline"]

    def get_title(self, table: Table) -> str:
        return registry.title(table.game)

    def get_deadline(self, table: Table) -> str | None:
        return deadline_of(table) if table.status == Table.Status.RUNNING else None

    def get_time_control(self, table: Table) -> dict:
        if table.time_kind == Table.TimeKind.LIVE:
            amount = {"seconds": table.seconds_per_move}
        else:
            amount = {"days": table.seconds_per_move // 86400}
        return {"kind": table.time_kind, **amount, "max_timeouts": table.max_timeouts, "on_idle": table.on_idle}


class RatingChangeSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    rank = serializers.IntegerField()
    before = serializers.SerializerMethodField()
    after = serializers.SerializerMethodField()
    change = serializers.SerializerMethodField()

    def get_before(self, change) -> int:
        return ratings.shown(change.mu_before)

    def get_after(self, change) -> int:
        return ratings.shown(change.mu_after)

    def get_change(self, change) -> int:
        return ratings.shown(change.mu_after) - ratings.shown(change.mu_before)


class TableDetailSerializer(TableSummarySerializer):
    ratings = serializers.SerializerMethodField()
    rematch = serializers.SerializerMethodField(help_text="The id of this finished table's rematch, once offered.")
    my_seat = serializers.SerializerMethodField()
    seed_hash = serializers.SerializerMethodField()
    seed = serializers.SerializerMethodField()
    result_words = serializers.SerializerMethodField()

    class Meta(TableSummarySerializer.Meta):
        fields = TableSummarySerializer.Meta.fields + ["options", "my_seat", "seed_hash", "seed", "outcome",
                                                       "result_words", "ratings", "rematch", "rematch_of"]

    def to_representation(self, table: Table) -> dict:
        self.context["colours"] = colours(table)
        return super().to_representation(table)

    @extend_schema_field(RatingChangeSerializer(many=True, allow_null=True))
    def get_ratings(self, table: Table) -> list | None:
        """What the game did to each seat's rating, once it has been rated (None until then)."""
        if table.rated_at is None or not table.rated:
            return None
        return RatingChangeSerializer(table.rating_changes.all(), many=True).data

    def get_rematch(self, table: Table) -> int | None:
        if table.status != Table.Status.FINISHED:
            return None
        return Table.objects.filter(rematch_of=table).values_list("pk", flat=True).first()

    def get_my_seat(self, table: Table) -> int | None:
        return seat_of(table, self.context["request"].user)

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_result_words(self, table: Table) -> list[str]:
        """Once the game has finished, how its result came about and each score counted, a sentence a
        line, in the reader's language ([] until then)."""
        if table.status != Table.Status.FINISHED:
            return []
        return result_words.explain(table.game, table.outcome, seat_names(table))

    def get_seed_hash(self, table: Table) -> str | None:
        return table.seed_hash or None

    def get_seed(self, table: Table) -> str | None:
        """Revealed only once the game has ended, so that anyone can check every shuffle."""
        ended = table.status in (Table.Status.FINISHED, Table.Status.ABANDONED)
        return table.seed if ended and table.seed else None


class EventSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    event = serializers.DictField(allow_null=True)
    text = serializers.CharField()


class ActionResultSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    events = EventSerializer(many=True)


class HintSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The head the hint was worked out at.")
    action = serializers.DictField(help_text="One of the seat's legal actions at that head.")
    reason = serializers.CharField(help_text="Why the expert bot plays it, in the reader's language.")


class AnalysisRequestSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="The seat whose decisions to analyse (from its information alone).")


class AnalysisSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Analysis.Status.choices)
    done = serializers.IntegerField(help_text="Decisions judged so far.")
    total = serializers.IntegerField(help_text="Decisions to judge (0 until the work begins).")
    iterations = serializers.IntegerField(allow_null=True, help_text="The expert's search iterations a decision.")
    decisions = serializers.ListField(
        child=serializers.DictField(), allow_null=True,
        help_text="Once done, each decision: seq (the position's event seq), turn (the seat's turn, from 1: its "
                  "decisions with no other seat's move between them), played and best (actions), chances (each "
                  "seat's chance to win after the best move, calibrated to the game's progress), played_chance, "
                  "loss, moves.")


class GuideStepSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The head seq where the step shows.")
    say = serializers.CharField(help_text="What to look at and why, in the reader's language.")
    action = serializers.DictField(allow_null=True, help_text="The action the step waits for (null: a note).")
    point = serializers.CharField(help_text="A CSS selector of the board's part to look at (may be empty).")


class GuideSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="The guided player's seat.")
    steps = GuideStepSerializer(many=True)
    end_seq = serializers.IntegerField(help_text="The head once the script and the bots' answers to it are played.")
    free = serializers.CharField(help_text="What the page says once the script is over.")


class LoggedEventSerializer(EventSerializer):
    seat = serializers.IntegerField(allow_null=True)
    by = serializers.ChoiceField(["player", "bot", "timeout"], allow_null=True,
                                 help_text="Who made the seat's move: its player, a bot (an AI seat or a stand-in), "
                                           "or the clock; null for the set-up.")
    at = serializers.DateTimeField()


class EventsSerializer(serializers.Serializer):
    head_seq = serializers.IntegerField()
    events = LoggedEventSerializer(many=True)


class ViewSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    view = serializers.DictField(allow_null=True)
    legal_actions = serializers.ListField(child=serializers.DictField())
    to_act = serializers.ListField(child=serializers.IntegerField())
    outcome = serializers.DictField(allow_null=True)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    detail = serializers.CharField()


class LeaderboardRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = serializers.CharField(help_text="A username, or a house bot's strength as players see it.")
    is_bot = serializers.BooleanField(help_text="A house bot or a registered bot account.")
    house_bot = serializers.BooleanField()
    rating = serializers.IntegerField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()


class GameRecordSerializer(serializers.Serializer):
    game = serializers.CharField()
    title = serializers.CharField()
    played = serializers.IntegerField(help_text="Finished games at the player's seat.")
    rating = serializers.IntegerField(allow_null=True)
    games = serializers.IntegerField(help_text="Rated games.")
    provisional = serializers.BooleanField()


class TableLineSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    title = serializers.CharField()
    status = serializers.CharField()
    players = serializers.ListField(child=serializers.CharField())
    finished_at = serializers.DateTimeField(allow_null=True)
    won = serializers.BooleanField(allow_null=True)
    rating_change = serializers.IntegerField(allow_null=True)


class PlayerCardSerializer(serializers.Serializer):
    username = serializers.CharField()
    bot_owner = serializers.CharField(allow_null=True, help_text="For a bot account: its owner.")
    joined = serializers.DateTimeField()
    games = GameRecordSerializer(many=True)
    recent = TableLineSerializer(many=True)
    current = TableLineSerializer(many=True)


class ChatLineSerializer(serializers.Serializer):
    type = serializers.CharField(default="chat")
    id = serializers.IntegerField()
    user = serializers.CharField()
    text = serializers.CharField(help_text="Plain text: show it as text, never as markup.")
    at = serializers.DateTimeField()


class ChatPostSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=500)


class ChatReportSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=200, required=False)


class NoticeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Notice.Kind.choices)
    table = serializers.IntegerField()
    game = serializers.CharField()
    text = serializers.CharField()
    at = serializers.DateTimeField()
    read = serializers.BooleanField()


class NoticesSerializer(serializers.Serializer):
    unread = serializers.IntegerField()
    notices = NoticeSerializer(many=True)


class NoticesReadSerializer(serializers.Serializer):
    up_to = serializers.IntegerField(min_value=0, max_value=payloads.MAX_INT, required=False)


class BotSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class BotTokenSerializer(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField()
