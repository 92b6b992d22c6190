from django.contrib import admin
from django.db.models import Count

from tables.models import ChatMessage, ChatReport, Deadline, Event, Profile, Rating, Seat, Table


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "status", "players", "time_kind", "head_seq", "created_by", "created_at"]
    list_filter = ["game", "status", "time_kind"]
    readonly_fields = ["seed", "seed_hash", "head_seq", "snapshot", "to_act", "outcome"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["table", "index", "kind", "user", "strength", "timeouts", "standin", "forfeited", "resigned"]
    list_filter = ["kind", "standin", "forfeited", "resigned"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    """The log is append-only: the admin only reads it."""

    list_display = ["table", "seq", "type", "seat", "command_id", "created_at"]
    list_filter = ["type"]
    search_fields = ["table__id", "command_id"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Deadline)
class DeadlineAdmin(admin.ModelAdmin):
    list_display = ["table", "seat", "kind", "due_at", "expected_seq", "claimed_until"]
    list_filter = ["kind"]


admin.site.register(Profile)


class ChatReportInline(admin.TabularInline):
    model = ChatReport
    extra = 0
    readonly_fields = ["reporter", "reason", "created_at"]


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    """Moderation: reported lines first; a line is taken down by ticking `hidden`."""

    list_display = ["id", "table", "user", "text", "created_at", "reports_count", "hidden"]
    list_filter = ["hidden"]
    list_editable = ["hidden"]
    search_fields = ["text", "user__username"]
    readonly_fields = ["table", "user", "text", "created_at"]
    inlines = [ChatReportInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(reports_count=Count("reports")).order_by("-reports_count", "-id")

    @admin.display(ordering="reports_count", description="reports")
    def reports_count(self, message):
        return message.reports_count


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["game", "user", "bot", "mu", "sigma", "games", "updated_at"]
    list_filter = ["game"]
    search_fields = ["user__username", "bot"]
