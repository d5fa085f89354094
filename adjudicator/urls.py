"""URL map: one include per app for pages, one for its API under /api/."""

from django.contrib import admin
from django.urls import include, path
from django.views.decorators.cache import cache_page
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from adjudicator import admin_login
from adjudicator.api_schema import SCHEMA_LANGUAGE
from adjudicator.web.offline import views as offline_views


class SchemaView(SpectacularAPIView):
    """``/api/schema/``: the one English schema (``EnglishSchemaGenerator``), said so."""

    @extend_schema(exclude=True)
    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        response["Content-Language"] = SCHEMA_LANGUAGE
        return response


#: War of the Ring's first: its answers are the most asked, and the unprefixed includes below
#: make every path past them try each of their 27 patterns (issue 29: /api/wotr/battle/ resolved
#: in ~12 µs, not ~45). No path matches patterns of two of these includes, so the order chooses
#: no view.
api_patterns = [
    path("wotr/moves/", include("adjudicator.web.wotr_moves.api_urls")),
    path("wotr/", include("adjudicator.web.wotr.api_urls")),
    path("", include("rules_corpus.api_urls")),
    path("", include("cards_db.api_urls")),
    path("mordor/", include("adjudicator.web.mordor.api_urls")),
    path("wojna/", include("adjudicator.web.wojna.api_urls")),
    path("schema/", cache_page(3600)(SchemaView.as_view()), name="schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="swagger-ui"),
]

urlpatterns = [
    # The API first: no page's path starts with api/, and an answer is resolved without trying
    # every page's pattern first (issue 29: a tenth of a millisecond per API request).
    path("api/", include(api_patterns)),
    # The same version 1 by its number; names reverse to /api/ (docs/api.md).
    path("api/v1/", include((api_patterns, "v1"))),
    path("", include("rules_corpus.urls")),
    path("cards/", include("cards_db.urls")),
    path("wotr/moves/", include("adjudicator.web.wotr_moves.urls")),
    path("wotr/", include("adjudicator.web.wotr.urls")),
    path("mordor/", include("adjudicator.web.mordor.urls")),
    path("wojna/", include("adjudicator.web.wojna.urls")),
    path("offline/odds/", include("adjudicator.web.offline_odds.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("sw.js", offline_views.service_worker, name="service-worker"),
    path("offline/", include("adjudicator.web.offline.urls")),
    path("admin/login/", admin_login.login),  # throttled (adjudicator/admin_login.py)
    path("admin/", admin.site.urls),
]

handler400 = "adjudicator.errors.bad_request"
handler404 = "adjudicator.errors.not_found"
handler500 = "adjudicator.errors.server_error"
