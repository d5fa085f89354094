"""The CSRF secret and mask made at C speed (``adjudicator.csrf_tokens``, issue 29): Django's
alphabet, length and masking, and tokens Django's own checks accept (and refuse when wrong)."""

import re
from collections import Counter

import pytest
from django.middleware import csrf
from django.test import Client

from adjudicator import csrf_tokens

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def test_installed_in_place_of_djangos_makers():
    assert csrf._get_new_csrf_string is csrf_tokens.new_csrf_string
    assert csrf._mask_cipher_secret is csrf_tokens.mask_cipher_secret


def test_secrets_are_djangos_length_and_alphabet_and_every_character_comes():
    drawn = [csrf_tokens.new_csrf_string() for _ in range(2000)]
    assert {len(s) for s in drawn} == {csrf.CSRF_SECRET_LENGTH}
    counts = Counter("".join(drawn))
    assert set(counts) == set(csrf.CSRF_ALLOWED_CHARS)  # all 62, none else
    # 64,000 draws, ~1,032 a character: a byte mapped unevenly (e.g. b % 62 of every byte
    # gives the first 8 characters 5/4 of the others' share) would be far outside these bounds
    assert max(counts.values()) < 1200 and min(counts.values()) > 870
    assert len(set(drawn)) == len(drawn)


def test_a_token_unmasks_to_its_secret_by_djangos_own_check():
    secret = csrf_tokens.new_csrf_string()
    tokens = {csrf_tokens.mask_cipher_secret(secret) for _ in range(50)}
    assert len(tokens) == 50  # a new mask each time
    for token in tokens:
        csrf._check_token_format(token)
        assert len(token) == csrf.CSRF_TOKEN_LENGTH
        assert csrf._unmask_cipher_token(token) == secret


def test_the_mask_is_djangos_sum_of_indices(monkeypatch):
    chars = csrf.CSRF_ALLOWED_CHARS
    monkeypatch.setattr(csrf_tokens, "new_csrf_string", lambda: chars[10:42])
    secret = chars[30:62]
    expected = "".join(chars[(chars.index(s) + chars.index(m)) % 62]
                       for s, m in zip(secret, chars[10:42], strict=True))  # fmt: skip
    assert csrf_tokens.mask_cipher_secret(secret) == chars[10:42] + expected


@pytest.mark.django_db
def test_a_page_token_and_cookie_pass_djangos_check_and_a_wrong_one_does_not():
    client = Client(enforce_csrf_checks=True)
    page = client.get("/wotr/moves/")
    token = TOKEN.findall(page.content.decode())[0]
    assert len(client.cookies["csrftoken"].value) == csrf.CSRF_SECRET_LENGTH
    assert client.post("/wotr/moves/", {"csrfmiddlewaretoken": token}).status_code in (200, 400)
    wrong = token[:-1] + ("a" if token[-1] != "a" else "b")
    assert client.post("/wotr/moves/", {"csrfmiddlewaretoken": wrong}).status_code == 403
