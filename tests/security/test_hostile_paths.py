"""No address of the service answers 5xx to what a path parameter cannot hold: a NUL (which
PostgreSQL cannot store in text and refuses in a query), broken UTF-8, an overlong value; nor
to a NUL in the query.

The routes come from the URL configuration's resolver, so a route added later is covered; each
parameter of each route gets each hostile value, by every method its view allows (every method
where the view does not say), anonymously, signed in and as staff, on PostgreSQL.
"""
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RegexPattern, RoutePattern

pytestmark = pytest.mark.django_db

HOSTILE = ["%00", "a%00b", "%ED%A0%80", "x" * 3000]
# the query parameters the views read (and the admin's), each a NUL
HOSTILE_QUERY = "?" + "&".join(f"{name}=%00" for name in ["list", "after", "q", "o", "p", "next", "_changelist_filters"])
EVERY_METHOD = ["get", "post", "put", "patch", "delete"]
PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>")
GROUP = "(?P<"


def routes(resolver=None, prefix=()):
    """(the patterns from the root, the view) of every route."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            yield from routes(entry, prefix + (entry.pattern,))
        elif isinstance(entry, URLPattern):
            yield prefix + (entry.pattern,), entry.callback


def regex_parts(regex: str) -> list:
    """A regular expression as literal text and the names of its groups, in order."""
    parts, rest = [], regex.strip("^$")
    while GROUP in rest:
        before, rest = rest.split(GROUP, 1)
        name, rest = rest.split(">", 1)
        depth, end = 1, 0
        while depth:  # to the group's closing parenthesis
            depth += {"(": 1, ")": -1}.get(rest[end], 0)
            end += 1
        parts += [before.replace("\\", ""), (name,)]
        rest = rest[end:]
    return parts + [rest.replace("\\", "")]


def parts_of(pattern) -> list:
    if isinstance(pattern, RegexPattern):
        return regex_parts(pattern._regex)
    assert isinstance(pattern, RoutePattern), pattern
    pieces = PARAMETER.split(pattern._route)  # text, name, text, name, ..., text
    return [piece if index % 2 == 0 else (piece,) for index, piece in enumerate(pieces)]


def hostile_paths():
    """(route, method, path) for each parameter of each route and each hostile value, the
    other parameters given a plain value; and each route with a NUL in its query."""
    for patterns, view in routes():
        parts = [part for pattern in patterns for part in parts_of(pattern)]
        names = [part[0] for part in parts if isinstance(part, tuple)]
        view_class = getattr(view, "view_class", None)
        methods = [m for m in EVERY_METHOD if hasattr(view_class, m)] if view_class else EVERY_METHOD
        route = "".join(part if isinstance(part, str) else f"<{part[0]}>" for part in parts)
        yield route, "get", "/" + "".join(part if isinstance(part, str) else "1" for part in parts) + HOSTILE_QUERY
        for name in names:
            for value in HOSTILE:
                path = "/" + "".join(part if isinstance(part, str) else (value if part[0] == name else "1")
                                     for part in parts)
                for method in methods:
                    yield route, method, path


def test_the_route_list_covers_the_parameters_of_every_kind_of_route():
    covered = {route for route, _, _ in hostile_paths()}
    assert {"api/players/<username>/", "api/players/<username>/mute/", "api/me/bots/<username>/token/",
            "players/<username>/", "api/tables/<table_id>/", "games/<game>/rules/",
            "admin/tables/table/<object_id>/change/", "admin/<app_label>/", "admin/<url>"} <= covered


# Every route's every hostile parameter, once per role: a signed-in player's and staff's runs are slow.
@pytest.mark.parametrize("who", ["anonymous", pytest.param("player", marks=pytest.mark.slow),
                                 pytest.param("staff", marks=pytest.mark.slow)])
def test_no_hostile_path_parameter_gets_a_server_error(who):
    client = Client(raise_request_exception=False)
    if who != "anonymous":
        make = get_user_model().objects.create_superuser if who == "staff" else get_user_model().objects.create_user
        client.force_login(make(f"{who}-probe", f"{who}@example.com", "pw-probe-4821"))
    errors = []
    for route, method, path in hostile_paths():
        answer = client.generic(method.upper(), path, "" if method == "get" else "{}", "application/json")
        if answer.status_code >= 500:
            errors.append(f"{method.upper()} {path[:80]} ({route}): {answer.status_code}")
    assert not errors, "\n".join(errors)


def test_a_nul_in_a_name_is_an_address_that_names_nothing(make_user, client_for):
    player = client_for(make_user())
    answers = [player.get("/api/players/a%00b/"), player.post("/api/players/a%00b/mute/"),
               player.post("/api/me/bots/a%00b/token/"), player.get("/api/tables/?list=%00")]
    assert [(answer.status_code, answer.json()["code"]) for answer in answers] == [(404, "not_found")] * 4
    assert player.get("/players/a%00b/").status_code == 404
