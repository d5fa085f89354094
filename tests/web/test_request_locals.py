"""``adjudicator.request_locals``: the active language and script prefix read without
asgiref's lock give what Django's ``get_language`` and ``get_script_prefix`` give."""

import threading
from types import SimpleNamespace

from asgiref.local import Local
from asgiref.sync import async_to_sync, sync_to_async
from django.urls import clear_script_prefix, get_script_prefix, set_script_prefix
from django.utils import translation

from adjudicator import request_locals


def same_language() -> bool:
    return request_locals.get_language() == translation.get_language()


def test_the_language_as_django_reads_it():
    assert same_language()
    with translation.override("pl"):
        assert request_locals.get_language() == "pl" and same_language()
        with translation.override("ru"):
            assert request_locals.get_language() == "ru"
        with translation.override(None):  # deactivated: the settings' language
            assert same_language()
        translation.deactivate_all()  # NullTranslations: None, as Django gives
        assert request_locals.get_language() is None and same_language()
    assert same_language()


def test_another_thread_does_not_see_this_threads_language():
    seen = []
    with translation.override("pl"):
        thread = threading.Thread(target=lambda: seen.append(same_language()))
        thread.start()
        thread.join()
        assert request_locals.get_language() == "pl"
    assert seen == [True]


def test_async_code_and_back_see_the_language_as_django_does():
    """In a thread of its own: a browser test's event loop may still run in this one (its
    worker's), and asgiref refuses ``async_to_sync`` beside a running loop."""
    seen = []

    async def inner() -> bool:
        return await sync_to_async(same_language)()

    def asked() -> None:
        with translation.override("ru"):
            seen.append(async_to_sync(inner)())

    thread = threading.Thread(target=asked)
    thread.start()
    thread.join()
    assert seen == [True]


def test_the_script_prefix_as_django_reads_it():
    try:
        set_script_prefix("/site")
        assert request_locals.get_script_prefix() == "/site/" == get_script_prefix()
        clear_script_prefix()
        assert request_locals.get_script_prefix() == "/" == get_script_prefix()
    finally:
        set_script_prefix("/")


def test_a_local_kept_otherwise_is_read_by_getattr():
    kept = SimpleNamespace(value="x")
    assert request_locals.local_reader(kept, "value", None)() == "x"
    assert request_locals.local_reader(kept, "other", "d")() == "d"


def test_the_installed_asgiref_is_read_without_its_lock():
    local = Local()
    read = request_locals.local_reader(local, "value", "d")
    assert read.__name__ == "read"  # the direct reader, not getattr's fallback
    assert read() == "d"
    local.value = 5
    assert read() == 5
    del local.value
    assert read() == "d"
