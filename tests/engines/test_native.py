"""The compiled engine modules (engines/native.py): built by the set-up, imported while they match
their sources, and playing the very games their sources play."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engines import native
from tests.engines.native_games import games

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("package", sorted(native.COMPILED))
def test_the_compiled_modules_are_the_ones_imported(package):
    # scripts/ensure-env.sh builds them before any test runs; the switch asks for the sources
    assert native.in_use(package) is not bool(os.environ.get(native.PURE_SWITCH))


@pytest.mark.parametrize("package", sorted(native.COMPILED))
def test_compiled_modules_and_their_sources_play_the_same_games(package):
    here = games(package)
    pure = subprocess.run([sys.executable, "-m", "tests.engines.native_games", package], cwd=ROOT, check=True,
                          capture_output=True, text=True, env={**os.environ, native.PURE_SWITCH: "1"})
    there = json.loads(pure.stdout)
    assert there["compiled"] is False and here["compiled"] is not bool(os.environ.get(native.PURE_SWITCH))
    assert sum(len(game["steps"]) for game in here["games"]) > 1000
    for mine, theirs in zip(json.loads(json.dumps(here["games"])), there["games"], strict=True):
        assert mine == theirs


def fake_package(tmp_path: Path, package: str) -> Path:
    """A package folder with the sources of `package`'s compiled modules and a build of them."""
    directory = tmp_path / "package"
    (directory / native.FOLDER).mkdir(parents=True)
    for name in native.COMPILED[package]:
        (directory / f"{name}.py").write_text(f"NAME = {name!r}\n")
    (directory / native.FOLDER / native.DIGEST_FILE).write_text(native.digest(directory, native.COMPILED[package]))
    return directory


def test_a_build_of_the_present_sources_comes_first_on_the_search_path(tmp_path, monkeypatch):
    monkeypatch.delenv(native.PURE_SWITCH, raising=False)
    package = next(iter(native.COMPILED))
    directory = fake_package(tmp_path, package)
    assert native.search_path(package, [str(directory)]) == [str(directory / native.FOLDER), str(directory)]
    monkeypatch.setenv(native.PURE_SWITCH, "1")
    assert native.search_path(package, [str(directory)]) == [str(directory)]


def test_a_source_edited_after_the_build_is_imported_as_source(tmp_path, monkeypatch):
    monkeypatch.delenv(native.PURE_SWITCH, raising=False)
    package = next(iter(native.COMPILED))
    directory = fake_package(tmp_path, package)
    edited = directory / f"{native.COMPILED[package][-1]}.py"
    edited.write_text(edited.read_text() + "# edited\n")
    assert native.search_path(package, [str(directory)]) == [str(directory)]


def test_a_build_for_another_python_is_not_taken(tmp_path, monkeypatch):
    monkeypatch.delenv(native.PURE_SWITCH, raising=False)
    package = next(iter(native.COMPILED))
    directory = fake_package(tmp_path, package)
    stamp = directory / native.FOLDER / native.DIGEST_FILE
    stamp.write_text(stamp.read_text().replace(sys.implementation.cache_tag, "cpython-399"))
    assert native.search_path(package, [str(directory)]) == [str(directory)]


def test_no_build_means_the_sources(tmp_path):
    package = next(iter(native.COMPILED))
    assert native.search_path(package, [str(tmp_path)]) == [str(tmp_path)]


@pytest.mark.parametrize("package", sorted(native.COMPILED))
def test_compiled_modules_word_with_their_package_catalog(package):
    source = ROOT / package.replace(".", "/")
    for name in native.COMPILED[package]:
        module = sys.modules.get(f"{package}.{name}") or __import__(f"{package}.{name}", fromlist=["_"])
        assert native.source_folder(module.__file__) == source
