"""Top-level URL routes."""

from django.contrib import admin
from django.urls import include, path
from django.utils import timezone
from django.views.decorators.cache import cache_control
from django.views.decorators.http import last_modified
from django.views.i18n import JavaScriptCatalog

from config import views

STARTED = timezone.now()
# The page asks for it with its language in the query (base.html): a cached copy is one
# language's, and a new deployment's catalogue is asked for anew.
javascript_catalog = cache_control(public=True, max_age=24 * 3600)(
    last_modified(lambda request, **kwargs: STARTED)(JavaScriptCatalog.as_view())
)

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", javascript_catalog, name="javascript-catalog"),
    path("", include("accounts.urls")),
    path("", include("games.urls")),
    path("admin/", admin.site.urls),
]
