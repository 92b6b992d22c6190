"""Names the board renderers show for things a view carries only by id (special cards, goods),
taken from each registered engine's own data so the browser never keeps a second copy; worded
in the reader's language."""
import functools

from engines import i18n, registry


@functools.cache
def glossaries(language: str) -> dict:
    with i18n.language(language):
        return {name: registry.get(name).glossary() for name in registry.names()}
