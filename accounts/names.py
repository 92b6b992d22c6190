"""Look-alike usernames: a skeleton per Unicode TR39 (confusables), so that "аlice" with a
Cyrillic "а" and "Alice" cannot be taken once "alice" exists.

The confusable pairs come from the `confusable_homoglyphs` package (Unicode's confusables.txt
as data). That file maps each confusable character to one prototype (a character or a short
sequence, e.g. "m" to "rn"); the package keeps the pairs in both directions, so the characters
that share a prototype are joined into one class and each class is represented by its smallest
member, which gives the same equality as TR39's skeletons.

A name has two keys (`username_keys`): its skeleton ("Ilya" and "llya", "аlice" and "alice"
meet there) and the skeleton of its case-folded NFKC form ("ALICE" and "alice", "Аlice" and
"alice"). Two names are look-alikes when either key is the same. Each key is stored as its
SHA-256 (fixed length, indexed) in `accounts.UsernameSkeleton`.
"""
from __future__ import annotations

import functools
import hashlib
import unicodedata

from confusable_homoglyphs import utils as homoglyph_data

_BIDI_MARKS = dict.fromkeys(map(ord, "\u200e\u200f"))


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character -> what it is replaced by in a skeleton."""
    parent: dict[str, str] = {}

    def find(char: str) -> str:
        parent.setdefault(char, char)
        while parent[char] != char:
            parent[char] = parent[parent[char]]
            char = parent[char]
        return char

    sequences: dict[str, str] = {}
    for source, entries in homoglyph_data.load("confusables.json").items():
        source = source.translate(_BIDI_MARKS)
        if len(source) != 1:
            continue  # a sequence is only ever a prototype: its pairs are listed from the other side
        for entry in entries:
            target = entry["c"].translate(_BIDI_MARKS)
            if len(target) == 1:
                a, b = find(source), find(target)
                if a != b:
                    parent[max(a, b)] = min(a, b)
            elif target:
                sequences[source] = target
    mapping = {char: find(char) for char in list(parent)}
    mapping = {char: root for char, root in mapping.items() if char != root}
    for source, target in sequences.items():
        mapping[source] = "".join(mapping.get(char, char) for char in target)
    return mapping


def skeleton(text: str) -> str:
    """TR39's skeleton: NFD, each character replaced by its prototype, NFD again."""
    prototypes = _prototypes()
    return unicodedata.normalize(
        "NFD", "".join(prototypes.get(char, char) for char in unicodedata.normalize("NFD", text))
    )


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def username_keys(username: str) -> tuple[str, str]:
    """(skeleton, folded): two names one could pass for the other share at least one (digests)."""
    return _digest(skeleton(username)), _digest(skeleton(unicodedata.normalize("NFKC", username).casefold()))


# The words the site names its own players and roles with: its bots' label in each language
# ("AI 2 (Expert)", "IA 2", "KI 2") and the roles a player could pretend to speak for.
RESERVED_WORDS = ("ai", "ia", "ki", "bot", "bots", "admin", "administrator", "sampan", "system", "staff",
                  "moderator", "support", "anonymous", "guest")
_DECORATION = dict.fromkeys(map(ord, "0123456789._-+@"))


@functools.cache
def _reserved_keys() -> frozenset[str]:
    return frozenset(skeleton(word) for word in RESERVED_WORDS)


def reserved(username: str) -> bool:
    """True for a name that is one of RESERVED_WORDS once case, look-alike letters, digits and
    punctuation are set aside ("AI", "KI_2", "Bot99", "ΑDMIN" with a Greek Α)."""
    folded = unicodedata.normalize("NFKC", username).casefold().translate(_DECORATION)
    return skeleton(folded) in _reserved_keys()
