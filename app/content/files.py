"""Where content lives (content/, or TW_CONTENT_DIR) and how its YAML files are read."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml

from .errors import ContentError

ROOT = Path(__file__).resolve().parent.parent.parent / "content"

# libyaml's parser when it is installed: the card lists are large (measured in benchmarks/content_load.py).
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def content_root() -> Path:
    """The content directory (TW_CONTENT_DIR overrides the repository's content/)."""
    return Path(os.environ.get("TW_CONTENT_DIR") or ROOT)


def read_yaml(path: Path, rel: str | Path) -> Any:
    """A YAML file's data; ContentError when it is missing or not valid YAML."""
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=YAML_LOADER)
    except FileNotFoundError as exc:
        raise ContentError(f"{rel}: missing") from exc
    except yaml.YAMLError as exc:
        raise ContentError(f"{rel}: not valid YAML: {exc}") from exc
