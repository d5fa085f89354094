"""The production settings with the bench's URL map (the site plus /bench/bare/)."""

from adjudicator.settings import *  # noqa: F403

ROOT_URLCONF = "load_site.urls"
