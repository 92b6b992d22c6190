from django.contrib import admin
from django.http import JsonResponse
from django.urls import include, path
from django.utils.translation import gettext as _
from django.views.defaults import page_not_found

from config.health import HealthView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", HealthView.as_view(), name="health"),
    path("api/", include("tables.api.urls")),
    path("", include("frontend.urls")),
]


def not_found(request, exception=None):
    """An address no route serves: for the API a JSON error like its others, else the page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "not_found", "detail": _("There is nothing at this address of the API.")},
                            status=404)
    return page_not_found(request, exception)


handler404 = not_found
