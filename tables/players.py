"""Reads about players rather than tables: a game's leaderboard and a player's public card.
The API and the pages show the same dicts."""
from __future__ import annotations

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from engines import registry
from engines.bots import label
from tables import ratings
from tables.models import Profile, Rating, Seat, Table

LEADERBOARD_SIZE = 100
RECENT_GAMES = 20


def rating_row(rating: Rating) -> dict:
    return {
        "rating": ratings.shown(rating.mu),
        "games": rating.games,
        "provisional": rating.games < ratings.SETTLED_AFTER_GAMES,
    }


def bot_owner(user) -> str | None:
    """The owner's name when `user` is a bot account (None for a person)."""
    profile = Profile.objects.filter(user=user).select_related("bot_owner").first()
    return profile.bot_owner.username if profile and profile.bot_owner_id else None


def leaderboard(game: str, size: int = LEADERBOARD_SIZE) -> list[dict]:
    """The players, bot accounts and house bots of `game` with a settled rating, best first
    (a closed account is no longer listed)."""
    rows = (Rating.objects.filter(game=game, games__gte=ratings.SETTLED_AFTER_GAMES)
            .exclude(user__is_active=False)
            .select_related("user__sampan_profile").order_by("-mu", "sigma", "pk")[:size])
    board = []
    for place, rating in enumerate(rows, start=1):
        name = rating.user.username if rating.user else label(rating.bot)[0]
        profile = getattr(rating.user, "sampan_profile", None) if rating.user else None
        is_bot = rating.user is None or bool(profile and profile.bot_owner_id)
        board.append({"place": place, "player": name, "is_bot": is_bot, "house_bot": rating.user is None,
                      **rating_row(rating)})
    return board


def seat_name(seat: Seat) -> str:
    """A seat as the table's page names it: its player, an AI by its strength, or an open seat."""
    if seat.user is not None:
        return seat.user.username
    if seat.kind == Seat.Kind.AI:
        return _("AI (%(strength)s)") % {"strength": label(seat.bot_strength)[0]}
    return _("open seat")


def table_line(table: Table, user) -> dict:
    """A table as a player's card lists it: the game, the others, and how it went for them."""
    seats = list(table.seats.all())
    mine = next((seat.index for seat in seats if seat.user_id == user.pk and seat.kind == Seat.Kind.HUMAN), None)
    outcome = table.outcome or {}
    change = next((c for c in table.rating_changes.all() if c.seat == mine), None)
    return {
        "id": table.id,
        "game": table.game,
        "title": registry.title(table.game),
        "status": table.status,
        "players": [seat_name(seat) for seat in seats],
        "finished_at": table.finished_at,
        "won": won(outcome, mine) if outcome else None,
        "rating_change": ratings.shown(change.mu_after) - ratings.shown(change.mu_before) if change else None,
    }


def won(outcome: dict, seat: int | None) -> bool:
    """Whether the seat's player won: the ratings rank the seat first (a seat given up is last, so
    a bot that played on for one who gave up wins for nobody, and the best of the others move up)."""
    if seat is None or "scores" not in outcome:
        return False
    return ratings.finishing_ranks(outcome, len(outcome["scores"]))[seat] == 1


def player_card(user) -> dict:
    """What anyone may see of a player: ratings and games per game, recent games, current tables."""
    by_game = {rating.game: rating for rating in Rating.objects.filter(user=user)}
    sat_at = Table.objects.filter(seats__user=user, seats__kind=Seat.Kind.HUMAN)
    played = dict(sat_at.filter(status=Table.Status.FINISHED).values_list("game").annotate(n=Count("id")))
    games = [{"game": name, "title": registry.title(name), "played": played.get(name, 0),
              **(rating_row(by_game[name]) if name in by_game else {"rating": None, "games": 0, "provisional": True})}
             for name in dict.fromkeys([*registry.names(), *by_game, *played])]
    listed = sat_at.prefetch_related("seats__user", "rating_changes")
    recent = listed.filter(status=Table.Status.FINISHED).order_by("-finished_at")[:RECENT_GAMES]
    current = listed.filter(Q(status=Table.Status.RUNNING) | Q(status=Table.Status.OPEN)).order_by("-created_at")
    return {
        "username": user.username,
        "bot_owner": bot_owner(user),
        "joined": user.date_joined,
        "games": games,
        "recent": [table_line(table, user) for table in recent],
        "current": [table_line(table, user) for table in current[:RECENT_GAMES]],
    }
