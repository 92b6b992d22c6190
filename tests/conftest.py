import sys
from pathlib import Path

# The project root on sys.path, so tests import `engines`, `tables` … without installing.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
