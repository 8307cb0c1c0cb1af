"""Video in and out through PyAV (`pip install 'pyopenvx[video]'`): the frames of a file or a
camera go straight into images, and images go out to a file.

    with VideoReader("in.mp4", format="U8") as video, VideoWriter("out.mp4", video.width, video.height) as out:
        for edges in graph.stream(video, src, dst):     # a frame is copied into src as it comes
            out.write(edges)

A decoded frame's planes are copied into the image's planes with one vxCopyImagePatch each,
straight from the decoder's memory (its padded rows as they are). Only when the image's format
is not the decoder's (RGB from an H.264 file, say) is the frame converted first (by FFmpeg).
U8 images take the luma plane of YUV frames as it is. The formats and PyAV's names for them:
U8 gray, RGB rgb24, RGBX rgba, NV12 nv12, NV21 nv21, IYUV yuv420p, YUV4 yuv444p, YUYV yuyv422,
UYVY uyvy422.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Dict, Iterator, Optional, Union

import numpy as np

from .. import constants as vx
from ..api import ffi, lib
from .errors import InvalidDimension, InvalidFormat, check
from .image import Image, _stacked_planes, _STACKED

try:
    import av
    HAVE_AV = True
except ImportError:         # the optional extra is not installed: the classes say so when used
    HAVE_AV = False

# our format -> (PyAV's pixel format, per plane: bytes per element)
FORMATS = {"U8": ("gray", (1,)), "RGB": ("rgb24", (3,)), "RGBX": ("rgba", (4,)), "NV12": ("nv12", (1, 2)),
           "NV21": ("nv21", (1, 2)), "IYUV": ("yuv420p", (1, 1, 1)), "YUV4": ("yuv444p", (1, 1, 1)),
           "YUYV": ("yuyv422", (2,)), "UYVY": ("uyvy422", (2,))}
_OURS = {name: ours for ours, (name, _) in FORMATS.items()}
_OURS.update({"yuvj420p": "IYUV", "yuvj444p": "YUV4", "rgb0": "RGBX"})     # the same layout (full-range YUV)
_LUMA_FIRST = {"yuv420p", "yuvj420p", "nv12", "nv21", "yuv444p", "yuvj444p", "gray"}   # plane 0 is a U8 image
_ADDRESSING = ffi.typeof("vx_imagepatch_addressing_t *")


def _need_av():
    if not HAVE_AV:
        raise ImportError("pyopenvx's video needs PyAV: pip install 'pyopenvx[video]'")


def _planes(image, frame, fmt, usage):
    """Copies between the planes of `frame` (PyAV, in `fmt`'s layout) and `image` (usage: read
    the image into the frame, or write it from the frame): one vxCopyImagePatch per plane."""
    if (frame.width, frame.height) != (image.width, image.height):
        raise InvalidDimension(vx.VX_ERROR_INVALID_DIMENSION, "a video frame", image, [
            f"the frame is {frame.width}x{frame.height}, the image {image.width}x{image.height}"])
    rect = image._settled()[3]
    for index, element in enumerate(FORMATS[fmt][1]):
        plane = frame.planes[index]
        addr = ffi.new(_ADDRESSING, {"dim_x": image.width, "dim_y": image.height, "stride_x": element,
                                     "stride_y": plane.line_size, "step_x": 1, "step_y": 1,
                                     "scale_x": vx.VX_SCALE_UNITY, "scale_y": vx.VX_SCALE_UNITY})
        check(lib.vxCopyImagePatch(image.handle, rect, index, addr, ffi.from_buffer(plane, require_writable=usage == vx.VX_READ_ONLY),
                                   usage, vx.VX_MEMORY_TYPE_HOST), "vxCopyImagePatch", image)


class Frame:
    """One decoded frame (`av`, PyAV's VideoFrame) as an image of `format` would take it."""

    def __init__(self, frame: Any, format: str) -> None:
        self.av, self.format = frame, format
        self.width, self.height = frame.width, frame.height

    @property
    def time(self) -> Optional[float]:
        """Its presentation time in seconds (None when the container does not say)."""
        return self.av.time

    def _as(self, fmt, image=None):
        """The frame in the layout of `fmt`: the decoder's own when it is (or fmt is U8 and the
        frame has a luma plane), else converted by FFmpeg."""
        frame = self.av
        if (fmt == "U8" and frame.format.name in _LUMA_FIRST) or _OURS.get(frame.format.name) == fmt:
            return frame
        if fmt not in FORMATS:
            raise InvalidFormat(vx.VX_ERROR_INVALID_FORMAT, "a video frame", image, [
                f"a {fmt} image takes no video frame (formats: {', '.join(FORMATS)})"])
        return frame.reformat(format=FORMATS[fmt][0])

    def copy_to(self, image: Image) -> None:
        """Copies the frame into `image` (of the frame's size): straight from the decoder's planes
        when the image takes its format (or is U8 and the frame has a luma plane), else converted."""
        fmt = image.format
        _planes(image, self._as(fmt, image), fmt, vx.VX_WRITE_ONLY)

    def to_numpy(self) -> np.ndarray:
        """A copy in the layout of Image.to_numpy for the frame's format (multi-plane ones stacked)."""
        fmt, width, height = self.format, self.width, self.height
        frame = self._as(fmt)
        rows = [np.frombuffer(p, np.uint8).reshape(p.height, p.line_size)[:, :p.width * element]
                for p, element in zip(frame.planes, FORMATS[fmt][1])]
        if fmt in _STACKED:
            num, den = _STACKED[fmt]
            out = np.empty((height * num // den, width), np.uint8)
            for view, plane in zip(_stacked_planes(fmt, out, width, height), rows):
                view[...] = plane.reshape(view.shape)
            return out
        element = FORMATS[fmt][1][0]
        return rows[0].reshape((height, width) if element == 1 else (height, width, element)).copy()


class VideoReader:
    """The frames of a video file, or of a camera (`camera()`), as Frames of `format` (default:
    the decoder's own, e.g. IYUV for most H.264/MPEG-4 files; "U8" takes the luma plane as it
    is). Iterate it, give it to `graph.stream` as the frames, or `read_into(image)`."""

    def __init__(self, source: Union[str, int], format: Optional[str] = None, container_format: Optional[str] = None,
                 options: Optional[Dict[str, str]] = None) -> None:
        _need_av()
        self.container: Any = av.open(str(source), format=container_format, options=options or {})
        self.stream: Any = self.container.streams.video[0]
        self.stream.thread_type = "AUTO"                 # the decoder's own threads
        context = self.stream.codec_context
        self.width, self.height = context.width, context.height
        natural = _OURS.get(context.pix_fmt or "", "RGB")
        if format is not None and format.upper() not in FORMATS:
            raise InvalidFormat(vx.VX_ERROR_INVALID_FORMAT, "VideoReader", None, [
                f"format {format!r}: not one of {', '.join(FORMATS)}"])
        self.format = format.upper() if format else natural
        rate = self.stream.average_rate or self.stream.guessed_rate
        self.fps: Fraction = Fraction(rate) if rate else Fraction(30)
        self._frames = self.container.decode(self.stream)

    def __iter__(self) -> Iterator[Frame]:
        for frame in self._frames:
            yield Frame(frame, self.format)

    def read_into(self, image: Image) -> bool:
        """The next frame into `image`; False (the image untouched) at the end of the video."""
        frame = next(self._frames, None)
        if frame is None:
            return False
        Frame(frame, self.format).copy_to(image)
        return True

    def image(self, context: Any) -> Image:
        """A new image of the frames' size and format."""
        return Image(context, self.width, self.height, self.format)

    def close(self) -> None:
        self.container.close()

    def __enter__(self) -> "VideoReader":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def camera(device: str = "/dev/video0", format: Optional[str] = None, **options: str) -> VideoReader:
    """The frames of a camera (Linux video4linux2; options as FFmpeg's: video_size="640x480",
    framerate="30", input_format="nv12", ...)."""
    return VideoReader(device, format, "v4l2", options)


class VideoWriter:
    """Writes images (or numpy arrays in their layout) as the frames of a video file, encoded by
    `codec` (FFmpeg's name: libx264, mpeg4, ffv1 (lossless), ...) at `fps`. An image's planes are
    copied into the encoder's frame straight; FFmpeg converts to the codec's pixel format."""

    def __init__(self, path: str, width: int, height: int, fps: Union[int, Fraction] = 30, codec: str = "mpeg4",
                 pixel_format: str = "yuv420p", options: Optional[Dict[str, str]] = None) -> None:
        _need_av()
        self.container: Any = av.open(str(path), "w")
        stream: Any = self.container.add_stream(codec, rate=Fraction(fps), options=options or {})
        stream.width, stream.height, stream.pix_fmt = width, height, pixel_format
        self.stream = stream
        self.width, self.height, self.frames = width, height, 0

    def write(self, frame: Union[Image, np.ndarray], format: Optional[str] = None) -> None:
        """Encodes one frame: an Image, or an array as Image.to_numpy gives it (its format from its
        shape and dtype as Image.from_numpy takes it, or `format` for multi-plane ones)."""
        if isinstance(frame, Image):
            fmt = frame.format
            if fmt not in FORMATS:
                raise InvalidFormat(vx.VX_ERROR_INVALID_FORMAT, "VideoWriter.write", frame, [
                    f"a {fmt} image cannot be a video frame (formats: {', '.join(FORMATS)})"])
            out = av.VideoFrame(frame.width, frame.height, FORMATS[fmt][0])
            _planes(frame, out, fmt, vx.VX_READ_ONLY)
        else:
            out = self._from_numpy(np.asarray(frame), format)
        out.pts = self.frames
        self.frames += 1
        for packet in self.stream.encode(out):
            self.container.mux(packet)

    def _from_numpy(self, array, format):
        if format and format.upper() in _STACKED:
            fmt = format.upper()
            height = array.shape[0] * _STACKED[fmt][1] // _STACKED[fmt][0]
            out = av.VideoFrame(array.shape[1], height, FORMATS[fmt][0])
            for plane, view in zip(out.planes, _stacked_planes(fmt, np.ascontiguousarray(array), array.shape[1], height)):
                rows = view.reshape(view.shape[0], -1)
                np.frombuffer(plane, np.uint8).reshape(plane.height, plane.line_size)[:, :rows.shape[1]] = rows
            return out
        names = {(2, 1): "gray", (3, 3): "rgb24", (3, 4): "rgba", (3, 2): "yuyv422"}
        name = names.get((array.ndim, array.shape[2] if array.ndim == 3 else 1))
        if array.dtype != np.uint8 or name is None:
            raise InvalidFormat(vx.VX_ERROR_INVALID_FORMAT, "VideoWriter.write", None, [
                f"a {array.ndim}-D {array.dtype} array is no video frame (uint8 (h, w), (h, w, 3), (h, w, 4); "
                f"format='NV12' or 'IYUV' for stacked planes)"])
        return av.VideoFrame.from_ndarray(np.ascontiguousarray(array), format=name)

    def close(self) -> None:
        """Flushes the encoder and closes the file."""
        if self.container is not None:
            for packet in self.stream.encode():
                self.container.mux(packet)
            self.container.close()
            self.container = None

    def __enter__(self) -> "VideoWriter":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
