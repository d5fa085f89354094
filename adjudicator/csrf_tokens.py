"""Django's CSRF secret and its per-page mask, made from the OS's random source at C speed (issue
29): every page carries a masked token, and a visitor without the cookie also needs a new secret;
Django draws each of the 64 characters with ``secrets.choice`` (a call into ``os.urandom`` each,
~0.1 ms a page).

The same CSPRNG (``os.urandom``, which ``secrets`` reads), the same alphabet
(``CSRF_ALLOWED_CHARS``, 62 characters), length and masking: a random byte below 248 (= 4 x 62)
gives the character ``byte % 62``, each of the 62 as likely, and a byte of 248 or more is
dropped, so the characters stay uniform and independent (rejection sampling, as
``secrets.randbelow`` does). Django's checks of a token sent back (``_check_token_format``,
``_unmask_cipher_token``) are Django's own, untouched.
"""

import os

from django.middleware import csrf

ALPHABET = csrf.CSRF_ALLOWED_CHARS
LENGTH = csrf.CSRF_SECRET_LENGTH
_KEPT = len(ALPHABET) * (256 // len(ALPHABET))  # 248: the bytes that map to a character evenly
#: byte -> its character (``bytes.translate``), the bytes at or above ``_KEPT`` deleted.
_TABLE = bytes(ord(ALPHABET[b % len(ALPHABET)]) if b < _KEPT else 0 for b in range(256))
_DROPPED = bytes(range(_KEPT, 256))
_INDEX = {c: i for i, c in enumerate(ALPHABET)}


def new_csrf_string() -> str:
    """``CSRF_SECRET_LENGTH`` characters of ``CSRF_ALLOWED_CHARS``, uniform and independent
    (Django's ``_get_new_csrf_string``)."""
    drawn = b""
    while len(drawn) < LENGTH:  # 40 bytes keep 32 or more but for a chance under 1e-9
        drawn += os.urandom(LENGTH + 8).translate(_TABLE, _DROPPED)
    return drawn[:LENGTH].decode("ascii")


def mask_cipher_secret(secret: str) -> str:
    """Django's ``_mask_cipher_secret``: a new mask, then each secret character shifted by the
    mask's (mod 62), the token being the mask and the cipher."""
    mask = new_csrf_string()
    size, index = len(ALPHABET), _INDEX
    pairs = zip(secret, mask, strict=False)  # as Django's: the shorter of the two
    cipher = "".join(ALPHABET[(index[x] + index[y]) % size] for x, y in pairs)
    return mask + cipher


def install() -> None:
    """Django's two makers replaced by these (``get_token`` and ``rotate_token`` call them)."""
    csrf._get_new_csrf_string = new_csrf_string
    csrf._mask_cipher_secret = mask_cipher_secret
