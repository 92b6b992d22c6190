"""Issue 14, item 3: the command path (tables/) never imports the workers (ai_workers/)."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_tables_never_imports_ai_workers():
    offenders = {str(path.relative_to(ROOT)): sorted(m for m in imported_modules(path) if m.split(".")[0] == "ai_workers")
                 for path in (ROOT / "tables").rglob("*.py")}
    assert {path: mods for path, mods in offenders.items() if mods} == {}


def test_engines_never_import_django():
    offenders = {str(path.relative_to(ROOT)): sorted(m for m in imported_modules(path)
                                                     if m.split(".")[0] in {"django", "tables", "ai_workers", "rest_framework"})
                 for path in (ROOT / "engines").rglob("*.py")}
    assert {path: mods for path, mods in offenders.items() if mods} == {}
