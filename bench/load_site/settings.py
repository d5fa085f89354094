"""The production settings with the bench's URL map (the site plus /bench/bare/)."""

from adjudicator.settings import *  # noqa: F403

ROOT_URLCONF = "load_site.urls"

# Every request of the bench comes from one client: DRF's rate limit would keep (and pickle,
# per request) a history of every request of the last minute, a cost no real client causes
# (1,200 a minute at most each). The bench measures the path without it.
REST_FRAMEWORK = {
    **REST_FRAMEWORK,  # noqa: F405
    "DEFAULT_THROTTLE_RATES": {"anon": None, "deck_save": None},
}
