"""The engines' words in the reader's language, with no Django: log lines, prompts, glossaries
and refusals are written in English and looked up in a gettext catalog of the language in use.

Each game package keeps its own catalog (engines/<game>/locale/<lang>/LC_MESSAGES/messages.po
and .mo; engines/locale for the shared words), so a game stays one package. A module takes its
package's lookups with `_, ngettext = i18n.catalog(__file__)` and marks each English string as
a literal where it is written (so that xgettext finds it), filling in values afterwards with
`str.format`. Data tables mark their words with `N_` and are worded with `_(name)` when shown.

The service chooses the language for a block of work with `language(code)`; outside one the
words stay English (bots, simulations and tests read English).
"""
from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext as stdlib_gettext
from pathlib import Path
from typing import Callable

from engines import native

DOMAIN = "messages"
LANGUAGES = ("en", "fr", "de")
_current: contextvars.ContextVar[str] = contextvars.ContextVar("engines_language", default="en")


@contextlib.contextmanager
def language(code: str | None):
    """Within the block, the engines speak `code` ("fr", "de-ch" as "de"…; English if unknown)."""
    base = (code or "en").split("-")[0].lower()
    token = _current.set(base if base in LANGUAGES else "en")
    try:
        yield
    finally:
        _current.reset(token)


def current() -> str:
    return _current.get()


@functools.cache
def _translations(locale_dir: Path, code: str) -> stdlib_gettext.NullTranslations:
    return stdlib_gettext.translation(DOMAIN, locale_dir, languages=[code], fallback=True)


def catalog(module_file: str) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """`_` and `ngettext` reading the catalog of the package that holds `module_file`."""
    locale_dir = native.source_folder(module_file) / "locale"

    def gettext(text: str) -> str:
        code = _current.get()
        return text if code == "en" else _translations(locale_dir, code).gettext(text)

    def ngettext(singular: str, plural: str, count: int) -> str:
        code = _current.get()
        if code == "en":
            return singular if count == 1 else plural
        return _translations(locale_dir, code).ngettext(singular, plural, count)

    return gettext, ngettext


def N_(text: str) -> str:
    """Marks a string for the catalog without wording it now (data, worded where it is shown)."""
    return text


# The shared words (engines/locale): those of engines/*.py and engines/bots/, such as the bots'
# strength labels, which the service words with `shared`.
shared, shared_ngettext = catalog(__file__)
