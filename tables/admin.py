from django.contrib import admin

from tables.models import Deadline, Event, Profile, Seat, Table


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
    list_display = ["table", "index", "kind", "user", "strength", "timeouts", "standin", "forfeited"]
    list_filter = ["kind", "standin", "forfeited"]


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
