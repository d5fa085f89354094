"""The active language and the script prefix read at a tenth of the cost (issue 29): Django keeps
both in asgiref ``Local`` objects, whose every read takes a lock and goes through two
``__getattr__`` (~2.5 µs; a checker page reads the language ~70 times: ``{% memo %}`` blocks,
per-language tables).

asgiref's ``Local`` (not thread-critical; asgiref 3.13) keeps a thread-tagged, copy-on-write
mapping (``_Storage``) in a context variable: a write replaces the whole mapping, so reading the
variable needs no lock. The readers below read it as asgiref does (storage from another thread
is not seen); an asgiref that keeps its data otherwise (older ones kept a plain dict) gets
``getattr`` on the ``Local``, which is always right. ``tests/web/test_request_locals.py``
holds them to Django's functions.
"""

import contextvars
import threading
from collections.abc import Callable
from typing import Any

from asgiref import local as asgiref_local
from django.conf import settings
from django.urls import base as urls_base
from django.utils.translation import trans_real


def local_reader(local: Any, name: str, default: Any) -> Callable[[], Any]:
    """A function that returns ``getattr(local, name, default)``."""
    try:
        variable = object.__getattribute__(object.__getattribute__(local, "_storage"), "_data")
    except AttributeError:
        variable = None
    storage_class = getattr(asgiref_local, "_Storage", None)
    known = getattr(storage_class, "__slots__", None) == ("thread_id", "data")
    if not known or not isinstance(variable, contextvars.ContextVar):
        return lambda: getattr(local, name, default)
    get_ident = threading.get_ident

    def read() -> Any:
        storage = variable.get(None)
        if storage is None or storage.thread_id != get_ident():
            return default
        return storage.data.get(name, default)

    return read


_translation = local_reader(trans_real._active, "value", None)
_prefix = local_reader(urls_base._prefixes, "value", "/")


def get_language() -> str | None:
    """``django.utils.translation.get_language()`` (the site translates: ``USE_I18N``)."""
    translation = _translation()
    if translation is not None:
        try:
            return translation.to_language()
        except AttributeError:
            pass
    return settings.LANGUAGE_CODE


def get_script_prefix() -> str:
    """``django.urls.get_script_prefix()``."""
    return _prefix()
