"""Tables (the head row of each game's event log), seats, events, deadlines, profiles."""
from django.conf import settings
from django.db import models

# The strength of a bot that stands in for a person, and of an AI seat created without one.
DEFAULT_STRENGTH = "greedy"


class Table(models.Model):
    """A table and the head of its event log: head seq, state snapshot and who is to act."""

    class Status(models.TextChoices):
        OPEN = "open"
        RUNNING = "running"
        FINISHED = "finished"
        ABANDONED = "abandoned"

    class TimeKind(models.TextChoices):
        LIVE = "live"
        CORRESPONDENCE = "correspondence"

    class OnIdle(models.TextChoices):
        BOT = "bot"  # a bot plays the seat until its player returns
        FORFEIT = "forfeit"  # a bot plays the seat to the end; the player has forfeited

    game = models.CharField(max_length=40)
    players = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict)
    time_kind = models.CharField(max_length=16, choices=TimeKind.choices)
    seconds_per_move = models.PositiveIntegerField()
    max_timeouts = models.PositiveSmallIntegerField(default=3)
    on_idle = models.CharField(max_length=8, choices=OnIdle.choices, default=OnIdle.BOT)
    fill_with_ai = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    seed = models.CharField(max_length=64, blank=True)  # secret until the game ends
    seed_hash = models.CharField(max_length=64, blank=True)
    head_seq = models.PositiveIntegerField(default=0)
    snapshot = models.JSONField(null=True, blank=True)  # engine.dump of the state at head_seq
    to_act = models.JSONField(default=list, blank=True)  # seats to act at head_seq, denormalised
    # For each seat in to_act (as text): the seq at which its turn began. An action sent at any
    # seq since then is still in time: the others' moves in between were simultaneous with it.
    turn_began = models.JSONField(default=dict, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    # Moves on with every write of this row or of its seats, by triggers in the database
    # (migration 0009): a process holding a copy of the head writes on it only while it holds.
    version = models.BigIntegerField(default=0)
    rated = models.BooleanField(default=True)  # the result changes its players' ratings
    rated_at = models.DateTimeField(null=True, blank=True)  # when it did (tables.ratings)
    # The finished table this one replays with the same seats (one rematch per table).
    rematch_of = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL,
                                      related_name="rematch")
    # A guided first game (tables.guides): a fixed deal against bots, its opening explained step by
    # step on the table page; unrated, one per game and person at a time, outside the table quotas.
    guided = models.BooleanField(default=False)

    class Meta:
        indexes = [models.Index(
            fields=["finished_at"], name="table_rating_due",
            condition=models.Q(status="finished", rated=True, rated_at__isnull=True),
        )]

    def __str__(self):
        return f"#{self.pk} {self.game} ({self.status})"


class Seat(models.Model):
    class Kind(models.TextChoices):
        OPEN = "open"
        INVITE = "invite"  # reserved for `user` until they join
        HUMAN = "human"
        AI = "ai"

    # No index of its own: unique_seat_index (table, index) serves every lookup by table.
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats", db_index=False)
    index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT)
    strength = models.CharField(max_length=20, blank=True)
    timeouts = models.PositiveSmallIntegerField(default=0)  # consecutive
    standin = models.BooleanField(default=False)  # a bot plays for the absent player
    forfeited = models.BooleanField(default=False)
    resigned = models.BooleanField(default=False)  # for good: a bot plays the seat, or it forfeits

    class Meta:
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["table", "index"], name="unique_seat_index")]

    @property
    def bot_plays(self) -> bool:
        return self.kind == self.Kind.AI or self.standin or self.forfeited

    @property
    def bot_strength(self) -> str:
        """The strength a bot plays at here: the seat's, or the default stand-in's for a person's."""
        return self.strength or DEFAULT_STRENGTH

    def __str__(self):
        return f"table {self.table_id} seat {self.index} ({self.kind})"


class ImmutableEventError(Exception):
    """Events are written once and never changed or removed."""


class EventQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise ImmutableEventError("Events are never updated.")

    def delete(self):
        raise ImmutableEventError("Events are never deleted.")


class Event(models.Model):
    """One event of a table's log. Append-only: database triggers refuse UPDATE and DELETE."""

    # No index of its own: unique_event_seq (table, seq) serves every lookup by table, and one
    # index fewer is one write fewer per event.
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=60)
    payload = models.JSONField()  # the full event, secrets included
    seat = models.SmallIntegerField(null=True, blank=True)  # the acting seat, if any
    command_id = models.CharField(max_length=120, blank=True)  # moves.command_key
    created_at = models.DateTimeField(auto_now_add=True)

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["table", "seq"]
        constraints = [models.UniqueConstraint(fields=["table", "seq"], name="unique_event_seq")]
        indexes = [models.Index(fields=["table", "command_id"], name="event_command")]

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ImmutableEventError("Events are never updated.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableEventError("Events are never deleted.")

    def __str__(self):
        return f"table {self.table_id} #{self.seq} {self.type}"


class Deadline(models.Model):
    """Something due at a table: a seat's move, an AI turn to (re)dispatch, a reminder.

    Rows, never broker countdowns, so they survive restarts. `expected_seq` makes a late or
    repeated resolution harmless.
    """

    class Kind(models.TextChoices):
        MOVE = "move"  # a player's time runs out: a bot moves for them
        AI = "ai"  # an AI turn not yet played: dispatch it again (the outbox)
        REMIND = "remind"  # a correspondence player is reminded by email
        IDLE = "idle"  # the one person at a table of bots has left it: the table is abandoned

    # No index of its own: unique_deadline (table, seat, kind) serves every lookup by table.
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deadlines", db_index=False)
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    due_at = models.DateTimeField(db_index=True)
    expected_seq = models.PositiveIntegerField()
    claimed_until = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "seat", "kind"], name="unique_deadline")]

    def __str__(self):
        return f"table {self.table_id} seat {self.seat} {self.kind} at {self.due_at:%Y-%m-%d %H:%M:%S}"


class Rating(models.Model):
    """A player's skill at one game, as openskill's Weng-Lin model (Plackett-Luce) estimates it:
    `mu` the estimate, `sigma` its uncertainty. A house bot is rated as a player, by strength."""

    game = models.CharField(max_length=40)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="ratings")
    bot = models.CharField(max_length=20, blank=True)  # the strength, for a house bot (user is None)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], condition=models.Q(user__isnull=False),
                                    name="unique_user_rating"),
            models.UniqueConstraint(fields=["game", "bot"], condition=models.Q(user__isnull=True),
                                    name="unique_bot_rating"),
            models.CheckConstraint(condition=models.Q(user__isnull=True) ^ models.Q(bot=""), name="rating_owner"),
        ]
        indexes = [models.Index(fields=["game", "-mu"], name="rating_board")]

    def __str__(self):
        return f"{self.game} {self.user or self.bot}: {self.mu:.2f} ± {self.sigma:.2f}"


class RatingChange(models.Model):
    """What one rated game did to one seat's rating: written once, when the game ended."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="rating_changes")
    seat = models.PositiveSmallIntegerField()
    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="changes")
    rank = models.PositiveSmallIntegerField()  # 1 for the winners
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    class Meta:
        ordering = ["table", "seat"]
        constraints = [models.UniqueConstraint(fields=["table", "seat"], name="unique_rating_change")]


class Analysis(models.Model):
    """The expert's reading of one seat's decisions in a finished game (tables.analysis), worked
    out once per table and seat by a worker, whoever asked first."""

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="analyses")
    seat = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)  # decisions judged so far
    total = models.PositiveIntegerField(default=0)  # decisions to judge (known once running)
    result = models.JSONField(null=True, blank=True)  # engines.analysis.analyse's
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "seat"], name="one_analysis_a_seat")]
        indexes = [models.Index(fields=["requested_by", "status"], name="analysis_of_person")]


class ChatMessage(models.Model):
    """A line of a table's chat, from a player or a spectator. Stored as written; pages show it
    as text, never as markup."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)
    hidden = models.BooleanField(default=False)  # taken down by a moderator (the admin)

    class Meta:
        indexes = [models.Index(fields=["table", "-id"], name="chat_recent")]


class ChatReport(models.Model):
    """A reader's report of a chat line, for the moderators (the admin lists them)."""

    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["message", "reporter"], name="one_report_each")]


class Mute(models.Model):
    """`user` no longer sees the chat lines of `muted` nor takes their invitations (tables.invitations)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mutes")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="mute_once")]


class Notice(models.Model):
    """A notice in the site (the bell): a waiting move, an invitation, a finished game, a rematch."""

    class Kind(models.TextChoices):
        TURN = "turn"  # a correspondence move waits
        INVITE = "invite"  # a seat is kept for the player at a new table
        ENDED = "ended"  # a game the player sat at has ended
        REMATCH = "rematch"  # another player offers a rematch
        JOINED = "joined"  # a player took a seat at a table the player opened
        LEFT = "left"  # a player gave up their seat at a table the player opened, before it began

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    # The player whose doing it tells (who took or gave up a seat), where one did.
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["user", "-id"], name="notice_recent")]


MOVE_PACES = [(0, "at once"), (600, "quick"), (1200, "normal"), (2500, "slow")]


class Profile(models.Model):
    """Per-user settings of the service."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sampan_profile")
    email_notices = models.BooleanField(default=True)
    # The language chosen with the switch ("" until then: the browser's); notices are written in it.
    language = models.CharField(max_length=8, blank=True, default="", choices=settings.LANGUAGES)
    # The address the player last used the site at, which their notices link to ("": SITE_URL).
    site_url = models.CharField(max_length=200, blank=True, default="")
    # How long the board holds each of the other players' moves before the next (0: at once).
    move_pace_ms = models.PositiveSmallIntegerField(choices=MOVE_PACES, default=1200)
    # The short guide to the table page is shown until the player dismisses it once.
    table_hint_seen = models.BooleanField(default=False)
    # Which notices the player chose to take or not, where: {"site": {kind: bool}, "email": {...}}
    # (tables.notices); a kind missing takes its default. A correspondence turn by email is `email_notices`.
    notice_prefs = models.JSONField(default=dict, blank=True)
    # A bot account's owner (tables.bot_accounts); None for a person.
    bot_owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                                  related_name="bot_profiles")
    # A person's choice to play rated games against bot accounts.
    rated_against_bots = models.BooleanField(default=False)
    # The games whose offer to newcomers (the guided game, the how-to-play page) the player
    # dismissed on their first table of the game.
    newcomer_dismissed = models.JSONField(default=list, blank=True)

    @classmethod
    def of(cls, user) -> "Profile":
        return cls.objects.get_or_create(user=user)[0]
