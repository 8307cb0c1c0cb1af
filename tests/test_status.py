"""docs/STATUS.md says exactly what the library implements."""
from pathlib import Path

from pyopenvx.status import render


def test_status_file_is_current():
    path = Path(__file__).resolve().parent.parent / "docs" / "STATUS.md"
    assert path.read_text() == render(), "docs/STATUS.md is stale: python -m pyopenvx.status > docs/STATUS.md"
