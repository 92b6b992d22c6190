"""Compiles the engine modules of engines/native.py with mypyc into each package's `_native`
folder, unless that folder already holds a build of the present sources.

    .venv/bin/python scripts/build_native.py [--force]

Run by scripts/ensure-env.sh. Where the build fails (no C compiler, say) the engines stay pure
Python: the reason is printed and the exit status is 1, for ensure-env to report and go on.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engines import native  # noqa: E402  (engines/__init__ imports no engine)


def build(package: str) -> None:
    """Compile the package's modules in a scratch folder, then replace its `_native` folder
    (the digest written last: a half-copied build is never taken for a current one)."""
    from mypyc.build import mypycify
    from setuptools import setup

    directory = ROOT / package.replace(".", "/")
    modules = native.COMPILED[package]
    with tempfile.TemporaryDirectory() as scratch:
        # The modules imported and not compiled are read for their types, not checked.
        sources = [str(directory / f"{name}.py") for name in modules]
        extensions = mypycify(["--follow-imports=silent", "--ignore-missing-imports", f"--cache-dir={scratch}/mypy",
                               *sources],
                              group_name=native.group_name(package), target_dir=f"{scratch}/c")
        setup(name=package, ext_modules=extensions, script_args=[
            "--quiet", "build_ext", "--build-lib", f"{scratch}/lib", "--build-temp", f"{scratch}/temp"])
        built = Path(scratch, "lib", *package.split("."))
        target = directory / native.FOLDER
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(built, target)
    (target / native.DIGEST_FILE).write_text(native.digest(directory, modules))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="compile even when the build is current")
    args = parser.parse_args()
    os.chdir(ROOT)  # mypy names the modules from the paths given, relative to here
    for package in native.COMPILED:
        directory = ROOT / package.replace(".", "/")
        if not args.force and native.is_current(package, directory):
            continue
        try:
            build(package)
        except (Exception, SystemExit) as error:  # setuptools reports a failed compiler by SystemExit
            print(f"{package} stays pure Python: its compiled modules could not be built ({error}).",
                  file=sys.stderr)
            return 1
        print(f"{package}: compiled {', '.join(native.COMPILED[package])}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
