"""Frames in and out of files: images through imageio, video frames through PyAV when it is
installed (the video extra), and atomic writes (a temporary file renamed into place, so a worker
killed mid-write leaves no half file and a retried task finds the file whole or absent)."""
from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Any, List, Optional, Tuple, Union

import imageio.v3 as iio
import numpy as np

VIDEO_SUFFIXES = {".mp4", ".avi", ".mkv", ".mov", ".webm", ".m4v"}
TEMPORARY = ".pvx-partial"        # suffix of files being written (left only by a process killed mid-write)

# a frame: an array, a path, or (video path, frame index)
Frame = Union[np.ndarray, str, os.PathLike, Tuple[str, int]]


def _video_plugin() -> str:
    try:
        import av  # noqa: F401  (the video extra)
    except ImportError:
        raise RuntimeError("reading video needs PyAV: pip install 'pyopenvx[video]'") from None
    return "pyav"


def video_frames(path: Union[str, os.PathLike]) -> List[Tuple[str, int]]:
    """One (path, index) per frame of the video at `path`."""
    count = iio.improps(path, plugin=_video_plugin()).shape[0]
    return [(str(path), i) for i in range(count)]


def expand(paths: List[Any]) -> List[Any]:
    """Paths with each video replaced by its frames."""
    out: List[Any] = []
    for p in paths:
        if isinstance(p, (str, os.PathLike)) and Path(p).suffix.lower() in VIDEO_SUFFIXES:
            out.extend(video_frames(p))
        else:
            out.append(p)
    return out


def describe(frame: Frame, index: Optional[int] = None) -> str:
    """The frame's name in messages (an array's: its index, when known)."""
    if isinstance(frame, tuple):
        return f"{frame[0]} (frame {frame[1]})"
    if isinstance(frame, (str, os.PathLike)):
        return str(frame)
    return "a frame" if index is None else f"frame {index}"


def read(frame: Frame) -> np.ndarray:
    """The frame's pixels (RGBA files are read as they are; a palette image as its colours)."""
    if isinstance(frame, np.ndarray):
        return frame
    if isinstance(frame, tuple):
        return iio.imread(frame[0], index=frame[1], plugin=_video_plugin())
    return np.asarray(iio.imread(frame))


def output_name(frame: Frame, index: int, suffix: str) -> str:
    """The output file name of a frame: its own stem, a video's stem and frame number, or frame_<index>."""
    if isinstance(frame, tuple):
        return f"{Path(frame[0]).stem}_{frame[1]:06d}{suffix}"
    if isinstance(frame, (str, os.PathLike)):
        return Path(frame).stem + suffix
    return f"frame_{index:06d}{suffix}"


def write_atomically(path: Path, array: np.ndarray) -> None:
    """Writes `array` as the image file `path` (format from its suffix), never a partial file."""
    partial = path.with_name(f".{path.name}.{uuid.uuid4().hex}{TEMPORARY}")
    try:
        iio.imwrite(partial, array, extension=path.suffix)
        os.replace(partial, path)
    finally:
        if partial.exists():
            partial.unlink()


def remove_partials(directory: Path) -> None:
    """Removes what killed writers left (before a run: none of this run's writers is running yet)."""
    for p in directory.glob(f".*{TEMPORARY}"):
        p.unlink(missing_ok=True)
