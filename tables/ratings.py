"""Ratings per game: openskill's Weng-Lin model (Plackett-Luce), which rates games of any number
of players from their finishing order. A rated game changes its players' ratings once, after it
ends: `rate_table` runs after the finishing move commits, and the ticker's sweep
(`rate_overdue`) catches a game whose process stopped before it could.

Ruling (the order): the places of the engine's outcome, where seats its rules cannot tell apart
(its tie-breaks included) share a place and the winners share the first; a seat whose player
forfeited or resigned is last, whatever the bot that played on for them made of it, and the
others move up past it. A house bot is rated as a player, one rating per strength; where one
strength holds several seats of a game, each seat is rated from the same rating and the bot
keeps the mean of their results.
"""
from __future__ import annotations

import logging
import statistics
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from openskill.models import PlackettLuce

from tables import publish
from tables.models import Rating, RatingChange, Seat, Table

log = logging.getLogger(__name__)

MODEL = PlackettLuce()  # mu 25, sigma 25/3: the model's defaults
# The number players see: the estimate on a familiar scale, new players at 1500.
SHOWN_AT_START, SHOWN_PER_MU = 1500, 40
# A rating is provisional until its player has finished this many rated games of the game.
SETTLED_AFTER_GAMES = 5
# The sweep leaves a just-finished game to the process that finished it for this long.
SWEEP_AFTER = timedelta(seconds=30)


def shown(mu: float) -> int:
    return round(SHOWN_AT_START + SHOWN_PER_MU * (mu - MODEL.mu))


def finishing_ranks(outcome: dict, players: int) -> list[int]:
    """Each seat's place (1 is first; equal places share a number) by the ruling above."""
    forfeited = set(outcome.get("forfeited", [])) | set(outcome.get("resigned", []))
    places = outcome.get("places") or listed_places(outcome, players)
    playing = [seat for seat in range(players) if seat not in forfeited]
    return [players if seat in forfeited else 1 + sum(1 for other in playing if places[other] < places[seat])
            for seat in range(players)]


def listed_places(outcome: dict, players: int) -> list[int]:
    """Places for an outcome stored without them: the winners first, the others in the order of
    the ranking (or of the scores)."""
    ranking = outcome.get("ranking") or sorted(range(players), key=lambda seat: -outcome["scores"][seat])
    winners = set(outcome.get("winners", []))
    return [1 if seat in winners else 1 + ranking.index(seat) for seat in range(players)]


def owner(seat: Seat) -> dict:
    """Whose rating a seat's result moves: its player's, or for an AI seat its bot's."""
    if seat.kind == Seat.Kind.AI:
        return {"user": None, "bot": seat.bot_strength}
    return {"user": seat.user, "bot": ""}


def new_ratings(before: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    """(mu, sigma) of each seat after a game finished in `ranks`, from (mu, sigma) before."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    rated = MODEL.rate(teams, ranks=ranks)
    return [(team[0].mu, team[0].sigma) for team in rated]


def is_due(table: Table) -> bool:
    return table.rated and table.status == Table.Status.FINISHED and table.rated_at is None


def rate_table(table_id: int) -> bool:
    """Rate a finished rated table once; returns whether this call did. The table's row lock
    makes two callers (the finisher and the sweep) take turns: the second finds it done."""
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None or not is_due(table):
            return False
        seats = list(table.seats.select_related("user").order_by("index"))
        owners = [owner(seat) for seat in seats]
        if any(o["user"] is None and not o["bot"] for o in owners):  # a seat nobody held: not rated
            table.rated_at = timezone.now()
            table.save(update_fields=["rated_at"])
            return False
        ratings = lock_ratings(table.game, owners)
        seat_ratings = [ratings[key(o)] for o in owners]
        ranks = finishing_ranks(table.outcome, len(seats))
        after = new_ratings([(r.mu, r.sigma) for r in seat_ratings], ranks)
        RatingChange.objects.bulk_create(
            RatingChange(table=table, seat=index, rating=rating, rank=ranks[index], mu_before=rating.mu,
                         sigma_before=rating.sigma, mu_after=after[index][0], sigma_after=after[index][1])
            for index, rating in enumerate(seat_ratings)
        )
        for rating in ratings.values():
            mine = [after[index] for index, r in enumerate(seat_ratings) if r is rating]
            rating.mu = statistics.fmean(mu for mu, _ in mine)
            rating.sigma = statistics.fmean(sigma for _, sigma in mine)
            rating.games += 1
            rating.updated_at = table.finished_at
        Rating.objects.bulk_update(ratings.values(), ["mu", "sigma", "games", "updated_at"])
        table.rated_at = timezone.now()
        table.save(update_fields=["rated_at"])
        transaction.on_commit(lambda: publish.send_now_rollback_unsafe([publish.changed_message(table_id)]),
                              robust=True)
    return True


def key(o: dict) -> tuple:
    return (o["user"].pk if o["user"] else None, o["bot"])


def lock_ratings(game: str, owners: list[dict]) -> dict[tuple, Rating]:
    """The ratings of `owners` at `game` (created at the model's start where missing), locked in
    one order, the rows' ids, so that two games ending at once wait for each other, never deadlock."""
    ids = []
    for o in {key(o): o for o in owners}.values():
        rating, _ = Rating.objects.get_or_create(game=game, user=o["user"], bot=o["bot"],
                                                 defaults={"mu": MODEL.mu, "sigma": MODEL.sigma})
        ids.append(rating.pk)
    locked = Rating.objects.select_for_update().filter(pk__in=ids).order_by("pk")
    return {(rating.user_id, rating.bot): rating for rating in locked}


def rate_overdue(limit: int = 20) -> int:
    """Rate the games that ended a while ago and are still unrated (their finisher stopped first)."""
    due = Table.objects.filter(status=Table.Status.FINISHED, rated=True, rated_at__isnull=True,
                               finished_at__lt=timezone.now() - SWEEP_AFTER).values_list("pk", flat=True)[:limit]
    done = 0
    for table_id in list(due):
        try:
            done += rate_table(table_id)
        except Exception:  # the next sweep tries again
            log.exception("rating table %s failed", table_id)
    return done
