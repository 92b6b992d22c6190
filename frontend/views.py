"""Page views. The pages are shells: their scripts read and write through the REST API."""
import math
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model, login, logout
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.db import transaction
from django.http import FileResponse, Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.templatetags.static import static
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from engines import registry
from engines.bots import STRENGTHS, label
from frontend import balance, learn, rules
from frontend.forms import CloseAccountForm, SignupForm
from frontend.glossary import glossaries
from accounts.network import client_ip
from tables import chat, closing, guides, players, ratelimit, ratings
from tables.errors import Refused
from tables.api.views import MeView
from tables.models import DEFAULT_STRENGTH, Profile, Seat, Table

# The board renderer of each game, found by its name; games without one fall back to the generic renderer.
RENDERERS = tuple(name for name in registry.names() if finders.find(f"frontend/games/{name}.js"))


# What the home page says of each game: one line, and its length in minutes as its book or box
# gives it (Dschunke's box: 45 to 60). Merchants of Dunhuang's leaflet gives none: half an hour,
# as for the other short games of two to four.
GAME_CARDS = {
    "dschunke": (gettext_lazy("Send merchants across the junks of a floating market, bid for goods and keep "
                              "your money hidden."), 60),
    "dschunke_tiles": (gettext_lazy("Lay cargo tiles side by side or across others, score groups of your goods "
                                    "and keep the rats away."), 30),
    "dunhuang": (gettext_lazy("Lead the camel round the market's characters, trade goods and race to become the "
                              "top merchant."), 30),
    "dragon_market": (gettext_lazy("Roll dice to shift and turn boats, and walk your heir across them to gather "
                                   "the goods you seek."), 30),
    "dragon_boats": (gettext_lazy("Bid for offerings, sail dragon boats or climb mountain paths, and explore the "
                                  "islands of the four seas."), 45),
}


def game_cards() -> list[dict]:
    cards = []
    for name in registry.names():
        engine = registry.get(name)
        line, minutes = GAME_CARDS[name]
        cards.append({"name": name, "title": registry.title(name), "line": line, "minutes": minutes,
                      "min_players": engine.min_players, "max_players": engine.max_players,
                      "cover": static(f"frontend/covers/{name}.svg"), "learn": learn_url(name),
                      "guided": guides.exists(name)})
    return cards


def learn_url(game: str) -> str:
    """Where a newcomer learns `game`: its how-to-play page, or the rulings where it has none yet."""
    return reverse("how_to_play" if game in learn.games() else "game_rules", args=[game])


def home(request):
    cards = game_cards()
    if request.user.is_authenticated:  # a guided game under way is resumed by its button
        running = set(Table.objects.filter(created_by=request.user, guided=True, status=Table.Status.RUNNING)
                      .values_list("game", flat=True))
        for card in cards:
            card["guided_running"] = card["name"] in running
    return render(request, "frontend/home.html", {"games": cards})


def signup(request):
    """Only accounts created count toward the address's sign-up quota: the hit taken before the
    form is checked is given back when no account comes of it (refused, or an invalid form)."""
    form = SignupForm(request.POST or None)
    if request.method == "POST":
        address = client_ip(request)
        wait = ratelimit.hit("signup", address)
        if wait is not None:
            ratelimit.give_back("signup", address)
            seconds = math.ceil(wait)
            context = {"form": form, "refused": _("Too many new accounts from your address: try again in %(minutes)d min.")
                       % {"minutes": math.ceil(seconds / 60)}}
            response = render(request, "frontend/registration/signup.html", context, status=429)
            response["Retry-After"] = str(seconds)
            return response
        created = None
        try:
            if form.is_valid():
                with transaction.atomic():  # the user and its look-alike keys (accounts.signals)
                    created = form.save()
        finally:
            if created is None:
                ratelimit.give_back("signup", address)
        if created is not None:
            login(request, created, backend="django.contrib.auth.backends.ModelBackend")
            return redirect(after_signup(request))
    return render(request, "frontend/registration/signup.html", {"form": form, "next": after_signup(request)})


def after_signup(request) -> str:
    """Where a new account goes: the page that sent the visitor (`next`) if it is one of this
    site's, else the home page."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return wanted
    return reverse("home")


@require_POST
def choose_language(request):
    """The language switch: Django's own (the cookie, then back to the page), remembered on the
    account too, for its notices and its next sign-in elsewhere."""
    response = set_language(request)
    chosen = request.POST.get("language")
    if request.user.is_authenticated and chosen in dict(settings.LANGUAGES):
        Profile.objects.update_or_create(user=request.user, defaults={"language": chosen})
    return response


NOTICE_KINDS = (("turn", gettext_lazy("My move waits at a correspondence table")),
                ("invite", gettext_lazy("I am invited to a table")),
                ("ended", gettext_lazy("A game I played has ended")),
                ("rematch", gettext_lazy("A rematch is offered to me")),
                ("joined", gettext_lazy("A player takes a seat at a table I opened")),
                ("left", gettext_lazy("A player gives up a seat at a table I opened")))


@login_required
def account(request, close_form: CloseAccountForm | None = None, status: int = 200):
    return render(request, "frontend/account.html",
                  {"notice_kinds": NOTICE_KINDS, "close_form": close_form or CloseAccountForm(request)}, status=status)


@login_required
@require_POST
def close_account(request):
    """Closes the signed-in person's account once they have given its password again."""
    form = CloseAccountForm(request, request.POST)
    if not form.is_valid():
        return account(request, form, status=400)
    try:
        closing.close_account(request.user)
    except Refused as refused:
        form.add_error(None, refused.detail)
        return account(request, form, status=refused.status)
    logout(request)
    return redirect("account_closed")


def account_closed(request):
    return render(request, "frontend/account_closed.html")


# The example bot client, offered for download on the bot accounts' guide.
BOT_CLIENT = Path(settings.BASE_DIR) / "examples" / "bot_client.py"


def bot_guide(request):
    return render(request, "frontend/bot_guide.html", {"site": request.build_absolute_uri("/").rstrip("/")})


def bot_client(request):
    return FileResponse(BOT_CLIENT.open("rb"), as_attachment=True, filename="sampan_bot.py",
                        content_type="text/x-python")


def game_rules(request, game: str):
    if game not in registry.names():
        raise Http404(_("There is no such game."))
    guide = reverse("how_to_play", args=[game]) if game in learn.games() else None
    return render(request, "frontend/rules.html", {"title": registry.title(game), "guide": guide,
                                                   "rules": rules.rules_html(game, get_language())})


def how_to_play(request, game: str):
    if game not in learn.games():
        raise Http404(_("There is no such game."))
    language = get_language()
    page = {"renderer": static(f"frontend/games/{game}.js"), "figures": learn.figures(game),
            "glossary": glossaries(language)[game]}
    return render(request, "frontend/learn.html", {
        "game": game, "title": registry.title(game), "guide": learn.guide_html(game, language),
        "options": learn.options(game, language), "page": page, "guided": guides.exists(game),
        "balance": game in balance.games(),
    })


def balance_page(request, game: str):
    if not registry.exists(game):
        raise Http404(_("There is no such game."))
    context = {"game": game, "title": registry.title(game), "learn": learn_url(game),
               "page": balance.page(game, get_language())}
    return render(request, "frontend/balance.html", context, status=404 if context["page"] is None else 200)


def leaderboard(request, game: str):
    if not registry.exists(game):
        raise Http404(_("There is no such game."))
    games = [{"name": name, "title": registry.title(name)} for name in registry.names()]
    return render(request, "frontend/leaderboard.html", {
        "game": game, "title": registry.title(game), "games": games, "rows": players.leaderboard(game),
        "settled_after": ratings.SETTLED_AFTER_GAMES, "balance": game in balance.games(),
    })


def player(request, username: str):
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise Http404(_("There is no such player."))
    card = players.player_card(user)
    provisional = any(row["provisional"] and row["rating"] is not None for row in card["games"])
    return render(request, "frontend/player.html", {"card": card, "own": user == request.user,
                                                    "muted": user.pk in chat.muted_by(request.user),
                                                    "settled_after": ratings.SETTLED_AFTER_GAMES,
                                                    "provisional_shown": provisional})


@login_required
def new_table(request):
    strengths = [{"name": name, "label": label(name)[0], "how": label(name)[1], "default": name == DEFAULT_STRENGTH}
                 for name in STRENGTHS]
    learn = {game: learn_url(game) for game in registry.names()}
    return render(request, "frontend/table_new.html", {"ai_strengths": strengths, "learn": learn})


def newcomer_offer(user, table_id: int) -> dict | None:
    """What the table page offers a person at their first table of a game (none of their tables of it
    running or finished before) while it is not over: its guided game and how-to-play page, until
    they dismiss it."""
    if not user.is_authenticated:
        return None
    table = Table.objects.filter(pk=table_id, guided=False, status__in=[Table.Status.OPEN, Table.Status.RUNNING]
                                 ).values("game").first()
    if table is None or not guides.exists(table["game"]) or not Seat.objects.filter(
            table_id=table_id, user=user, kind=Seat.Kind.HUMAN).exists():
        return None
    game = table["game"]
    if game in Profile.of(user).newcomer_dismissed:
        return None
    before = Seat.objects.filter(user=user, kind=Seat.Kind.HUMAN, table__game=game,
                                 table__status__in=[Table.Status.RUNNING, Table.Status.FINISHED])
    if before.exclude(table_id=table_id).exists():
        return None
    return {"game": game, "title": registry.title(game), "learn": learn_url(game)}


def table(request, table_id: int):
    if not Table.objects.filter(pk=table_id).exists():
        return render(request, "404.html", {"message": _("There is no such table.")}, status=404)
    page = {
        "table_id": table_id,
        "username": request.user.username if request.user.is_authenticated else None,
        "renderers": {game: static(f"frontend/games/{game}.js") for game in RENDERERS},
        "generic_renderer": static("frontend/games/generic.js"),
        "glossaries": glossaries(get_language()),
        "settings": MeView.me(request.user) if request.user.is_authenticated else None,
        "rules": {game: learn_url(game) for game in registry.names()},
        "newcomer": newcomer_offer(request.user, table_id),
    }
    return render(request, "frontend/table.html", {"page": page})
