"""Page views. The pages are shells: their scripts read and write through the REST API."""
import math

from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.shortcuts import redirect, render
from django.templatetags.static import static

from engines import registry
from engines.bots import STRENGTHS
from frontend.forms import SignupForm
from frontend.glossary import GLOSSARIES
from tables.ratelimit import SignupRateThrottle

# The board renderer of each game, found by its name; games without one fall back to the generic renderer.
RENDERERS = tuple(name for name in registry.names() if finders.find(f"frontend/games/{name}.js"))


def home(request):
    return render(request, "frontend/home.html")


def signup(request):
    form = SignupForm(request.POST or None)
    if request.method == "POST":
        throttle = SignupRateThrottle()
        if not throttle.allow_request(request, None):
            minutes = math.ceil((throttle.wait() or 60) / 60)
            context = {"form": form, "refused": f"Too many new accounts from your address: try again in {minutes} min."}
            return render(request, "frontend/registration/signup.html", context, status=429)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return render(request, "frontend/registration/signup.html", {"form": form})


@login_required
def account(request):
    return render(request, "frontend/account.html")


@login_required
def new_table(request):
    return render(request, "frontend/table_new.html", {"ai_strengths": list(STRENGTHS)})


def table(request, table_id: int):
    page = {
        "table_id": table_id,
        "username": request.user.username if request.user.is_authenticated else None,
        "renderers": {game: static(f"frontend/games/{game}.js") for game in RENDERERS},
        "generic_renderer": static("frontend/games/generic.js"),
        "glossaries": GLOSSARIES,
    }
    return render(request, "frontend/table.html", {"page": page})
