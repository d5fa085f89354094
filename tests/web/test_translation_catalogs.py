"""Translation catalogues of one plural rule merged (``adjudicator.translation_catalogs``, issue
29): a message is looked up in one dictionary, and every message and plural form reads as in
the catalogues Django prepends one by one."""

from itertools import pairwise

import pytest
from django.utils.translation import trans_real

from adjudicator import translation_catalogs

LANGUAGES = ("ru", "pl", "en")


def _prepending(self, trans):
    """Django's ``update`` as it works: its plural rules never compare equal, every catalogue
    is prepended."""
    self._catalogs.insert(0, trans._catalog.copy())
    self._plurals.insert(0, trans.plural)


def test_installed_in_place_of_djangos_update():
    assert trans_real.TranslationCatalog.update is translation_catalogs.update


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_languages_catalogues_share_a_dictionary_per_plural_rule(language):
    catalog = trans_real.translation(language)._catalog
    codes = [plural.__code__ for plural in catalog._plurals]
    assert all(a != b for a, b in pairwise(codes))  # next ones merged
    assert len(catalog._catalogs) <= 2  # the apps' rules are Django's: 20 in Russian unmerged


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_and_plural_form_reads_as_in_prepended_catalogues(language, monkeypatch):
    merged = trans_real.DjangoTranslation(language)._catalog
    monkeypatch.setattr(trans_real.TranslationCatalog, "update", _prepending)
    prepended = trans_real.DjangoTranslation(language)._catalog
    assert len(prepended._catalogs) > len(merged._catalogs) or language == "en"
    keys = set(prepended.keys())
    assert keys == set(merged.keys())
    plurals = {key[0] for key in keys if isinstance(key, tuple)}
    assert language == "en" or (len(keys) > 100 and plurals)  # English: headers alone
    for key in keys:
        assert merged[key] == prepended[key] == merged.get(key), key
    for msgid in plurals:
        for n in range(0, 125):
            assert merged.plural(msgid, n) == prepended.plural(msgid, n), (msgid, n)
