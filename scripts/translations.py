"""The French and German catalogs: extract the English strings, merge them into the .po files,
compile the .mo files, or check that everything is translated and compiled.

    python scripts/translations.py update    # new strings into every .po (then translate them)
    python scripts/translations.py update dunhuang   # one engine package's catalogs only
    python scripts/translations.py compile   # .po -> .mo (both are kept in the repository)
    python scripts/translations.py check     # exit 1 on a missing, fuzzy or untranslated string

Catalogs: the pages' (Django's `django` and `djangojs` domains, in locale/) and one per engine
package (engines/<game>/locale and engines/locale, domain `messages`, read by engines.i18n).
Needs GNU gettext (xgettext, msgmerge, msgfmt, msgcmp).
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("fr", "de")
PAGE_SOURCES = ("accounts", "config", "frontend", "tables")
XGETTEXT_PYTHON = ["xgettext", "--language=Python", "--from-code=UTF-8", "--keyword=_", "--keyword=N_",
                   "--keyword=ngettext:1,2", "--add-comments=Translators", "--sort-by-file", "--no-wrap"]


def engine_packages() -> list[Path]:
    """engines/ (the shared words) and each game package: the folders whose words are shown."""
    games = [path.parent for path in sorted((ROOT / "engines").glob("*/text.py"))]
    return [ROOT / "engines", *games]


def extract_engine(package: Path, pot: Path) -> None:
    files = [*package.glob("*.py"), *(package.glob("bots/*.py") if package.name == "engines" else [])]
    sources = sorted(str(path.relative_to(ROOT)) for path in files)
    run([*XGETTEXT_PYTHON, f"--output={pot}", "--package-name=sampan", *sources])
    if not pot.exists():  # no marked string: an empty catalog keeps the layout uniform
        pot.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n', encoding="utf-8")


def po_path(package: Path, language: str) -> Path:
    return package / "locale" / language / "LC_MESSAGES" / "messages.po"


def page_catalogs() -> list[Path]:
    return [ROOT / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
            for language in LANGUAGES for domain in ("django", "djangojs")]


def engine_catalogs() -> list[Path]:
    return [po_path(package, language) for package in engine_packages() for language in LANGUAGES]


def run(command: list[str], check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, check=check, capture_output=True, text=True)


def makemessages(extra: list[str] | None = None) -> None:
    ignores = [f"--ignore={name}" for name in ("engines/*", ".venv/*", "tests/*", "staticfiles/*", "var/*")]
    for domain, more in (("django", []), ("djangojs", ["--extension=js"])):
        run([sys.executable, "manage.py", "makemessages", "--no-wrap", "--no-obsolete", f"--domain={domain}",
             *[f"--locale={language}" for language in LANGUAGES], *ignores, *more, *(extra or [])])
        for language in LANGUAGES:
            normalize_header(ROOT / "locale" / language / "LC_MESSAGES" / f"{domain}.po", language)


def update(only: str | None = None) -> None:
    """Every catalog, or with `only` ("engines" or a game's name) that engine package's alone."""
    if only is None:
        (ROOT / "locale").mkdir(exist_ok=True)
        makemessages()
    for package in engine_packages():
        if only is not None and package.name != only:
            continue
        with tempfile.TemporaryDirectory() as scratch:
            pot = Path(scratch) / "messages.pot"
            extract_engine(package, pot)
            for language in LANGUAGES:
                po = po_path(package, language)
                if po.exists():
                    normalize_header(po, language)
                    run(["msgmerge", "--quiet", "--update", "--backup=off", "--no-wrap", "--no-fuzzy-matching",
                         str(po), str(pot)])
                else:
                    po.parent.mkdir(parents=True, exist_ok=True)
                    run(["msginit", "--no-translator", f"--locale={language}", f"--input={pot}",
                         f"--output-file={po}", "--no-wrap"])
                run(["msgattrib", "--no-obsolete", "--no-wrap", f"--output-file={po}", str(po)])
                normalize_header(po, language)


PLURALS = {"fr": "nplurals=2; plural=(n > 1);", "de": "nplurals=2; plural=(n != 1);"}
NAMES = {"fr": "French", "de": "German"}


def normalize_header(po: Path, language: str) -> None:
    """One fixed header (UTF-8, the language's plural rule, no dates), so that catalogs change
    only where their strings do."""
    text = po.read_text(encoding="utf-8")
    body = text.split('msgstr ""\n', 1)[1] if text.lstrip().startswith(("#", 'msgid ""')) else text
    body = body[body.index("\n\n") + 2:] if "\n\n" in body else ""
    header = (f"# {NAMES[language]} words of Sampan.\n"
              'msgid ""\nmsgstr ""\n'
              '"Project-Id-Version: sampan\\n"\n'
              f'"Language: {language}\\n"\n'
              '"MIME-Version: 1.0\\n"\n'
              '"Content-Type: text/plain; charset=UTF-8\\n"\n'
              '"Content-Transfer-Encoding: 8bit\\n"\n'
              f'"Plural-Forms: {PLURALS[language]}\\n"\n')
    po.write_text(header + ("\n" + body if body else ""), encoding="utf-8")


def compile_all() -> None:
    for po in [*page_catalogs(), *engine_catalogs()]:
        if po.exists():
            run(["msgfmt", "--check-format", f"--output-file={po.with_suffix('.mo')}", str(po)])


def statistics(po: Path) -> tuple[int, int, int]:
    """(translated, fuzzy, untranslated) messages of a catalog."""
    text = run(["msgfmt", "--statistics", "--output-file=/dev/null", str(po)]).stderr
    counts = [int(re.search(rf"(\d+) {word}", text).group(1)) if re.search(rf"(\d+) {word}", text) else 0
              for word in ("translated", "fuzzy", "untranslated")]
    return counts[0], counts[1], counts[2]


def problems() -> list[str]:
    """What keeps the catalogs from being complete: the update run on a copy of the sources must
    find every string translated, and every .mo here must be the compiled form of its .po."""
    found = []
    for po in [*page_catalogs(), *engine_catalogs()]:
        mo = po.with_suffix(".mo")
        if not po.exists():
            found.append(f"{po.relative_to(ROOT)}: missing")
            continue
        with tempfile.NamedTemporaryFile(suffix=".mo") as fresh:
            run(["msgfmt", "--check-format", f"--output-file={fresh.name}", str(po)])
            if not mo.exists() or Path(fresh.name).read_bytes() != mo.read_bytes():
                found.append(f"{mo.relative_to(ROOT)}: not compiled from its .po (run compile)")
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "sources"
        shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".git", ".venv", "var", "staticfiles", "node_modules",
                                                                  "__pycache__", "*.mo"))
        run([sys.executable, str(copy / "scripts" / "translations.py"), "update"])
        for po in [*page_catalogs(), *engine_catalogs()]:
            copied = copy / po.relative_to(ROOT)
            if copied.exists():
                translated, fuzzy, untranslated = statistics(copied)
                if fuzzy or untranslated:
                    found.append(f"{po.relative_to(ROOT)}: {fuzzy} fuzzy, {untranslated} untranslated"
                                 " (run update, then translate)")
    return found


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "update":
        update(argv[2] if len(argv) > 2 else None)
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = problems()
        print("\n".join(found) or "All catalogs complete and compiled.")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
