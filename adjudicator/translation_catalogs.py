"""Django's translation catalogues merged as Django means to merge them (issue 29).

``TranslationCatalog.update`` (django/utils/translation/trans_real.py, Django 5.2) is meant to
merge a catalogue into the top one when their plural rules are the same ("Merge if plural
function is the same as the top catalog, else prepend") but compares the new rule's code with
the top rule itself (``trans.plural.__code__ == self._plurals[0]``, a code object against a
function: never equal), so every app's catalogue is prepended: 20 dictionaries a Russian or
Polish message is looked up in, one after another (a checker page's 15–20 lookups, 4–9 µs
each). :func:`update` compares the two rules' code, as meant: catalogues of one rule share a
dictionary, a later one's messages over an earlier one's, which is what the lookup in
prepended dictionaries found first; a catalogue of another rule is still prepended. Every
message and plural form reads the same (tests/web/test_translation_catalogs.py).
"""

from typing import Any

from django.utils.translation import trans_real


def update(self: trans_real.TranslationCatalog, trans: Any) -> None:
    """``TranslationCatalog.update``, the plural rules compared by their code."""
    if trans.plural.__code__ == self._plurals[0].__code__:
        self._catalogs[0].update(trans._catalog)
    else:
        self._catalogs.insert(0, trans._catalog.copy())
        self._plurals.insert(0, trans.plural)


def install() -> None:
    """Django's ``update`` replaced by :func:`update`, and the languages' catalogues read so far
    forgotten (the default language's is read as the apps' models are made, before any app is
    ready), as Django forgets them when ``LOCALE_PATHS`` changes (django/test/signals.py)."""
    trans_real.TranslationCatalog.update = update
    trans_real._translations = {}
    trans_real._default = None
