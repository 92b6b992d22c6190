"""Compiled engine modules: the same sources, built by mypyc into machine code.

A bot's search runs the engine millions of times, and most of a step's time goes to the
interpreter itself. scripts/build_native.py compiles the modules named in COMPILED (the path of
a playout: fold, rules, legal actions) into the package's `_native` folder, beside a digest of the
sources they came from. The package puts that folder first on its search path only while the
digest matches its sources: an edited source is used at once, compiled again by the next
`scripts/ensure-env.sh`. The sources stay the rules; the compiled modules must play the same
games (tests/engines/test_native.py). The compiled modules are typed (the state's fields declared
on its class) and their module constants marked Final: compiled code reads those without a
dictionary lookup, and the build refuses any code that rebinds one.

SAMPAN_PURE_ENGINES=1 in the environment imports the sources even when compiled modules are
current (to compare the two, or to profile: cProfile cannot see inside compiled functions).
"""
from __future__ import annotations

import hashlib
import importlib
import os
import sys
from pathlib import Path

FOLDER = "_native"
DIGEST_FILE = "SOURCES.sha256"
PURE_SWITCH = "SAMPAN_PURE_ENGINES"

# Per package, the modules compiled (into one library per package: group_name).
COMPILED = {
    "engines.dschunke": ("data", "state", "flow", "scoring", "actions", "evolve", "rules"),
}


def group_name(package: str) -> str:
    """The module name of the library that a package's compiled modules share."""
    return f"{package}.native"


def digest(directory: Path, modules: tuple) -> str:
    """One line per compiled module: the SHA-256 of its source, then its file name; the
    interpreter's version last (a compiled module runs only in the version it was built for)."""
    lines = [f"{hashlib.sha256((directory / f'{name}.py').read_bytes()).hexdigest()}  {name}.py" for name in modules]
    return "\n".join(lines + [f"python {sys.implementation.cache_tag}"]) + "\n"


def is_current(package: str, directory: Path) -> bool:
    """Whether the package's `_native` folder holds a build of its present sources."""
    try:
        built = (directory / FOLDER / DIGEST_FILE).read_text()
    except OSError:
        return False
    return built == digest(directory, COMPILED[package])


def search_path(package: str, path: list) -> list:
    """The package's __path__, its compiled modules first when they are current."""
    directory = Path(path[0])
    if os.environ.get(PURE_SWITCH) or not is_current(package, directory):
        return path
    return [str(directory / FOLDER), *path]


def in_use(package: str) -> bool:
    """Whether the package's compiled modules are the ones imported."""
    modules = [importlib.import_module(f"{package}.{name}") for name in COMPILED[package]]
    return all(FOLDER in Path(module.__file__).parts for module in modules)


def source_folder(module_file: str) -> Path:
    """The folder of a module's source file, from its __file__, a compiled module's too (which
    lies somewhere in `_native`)."""
    path = Path(module_file).resolve()
    if FOLDER in path.parts:
        return Path(*path.parts[:path.parts.index(FOLDER)])
    return path.parent
