"""Names the board renderers show for things a view carries only by id (special cards, goods),
taken from each registered engine's own data so the browser never keeps a second copy."""
from engines import registry

GLOSSARIES = {name: registry.get(name).glossary() for name in registry.names()}
