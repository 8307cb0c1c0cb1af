"""Video in and out through PyAV (the `video` extra): frames of a file straight into images, images
out to a file, the streaming loop of docs/python.md on a real video. The videos are made here by
PyAV itself (raw video in NUT: lossless in every pixel format, so pixels compare exactly); skipped without PyAV."""
import numpy as np
import pytest

av = pytest.importorskip("av")

import pyopenvx.fn as vxfn  # noqa: E402
from pyopenvx.pythonic import Graph, Image, InvalidDimension  # noqa: E402
from pyopenvx.pythonic.video import Frame, VideoReader, VideoWriter  # noqa: E402

W, H, N = 64, 48, 6


def rgb_frames(n=N):
    rng = np.random.default_rng(5)
    return [rng.integers(0, 256, (H, W, 3), dtype=np.uint8) for _ in range(n)]


def make_video(path, pixel_format="yuv420p", frames=None):
    """A lossless video of `frames` (RGB arrays) in `pixel_format`; the frames as decoded back."""
    with av.open(str(path), "w") as container:
        stream = container.add_stream("rawvideo", rate=10)
        stream.width, stream.height, stream.pix_fmt = W, H, pixel_format
        for i, rgb in enumerate(frames or rgb_frames()):
            frame = av.VideoFrame.from_ndarray(rgb, format="rgb24").reformat(format=pixel_format)
            frame.pts = i
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    with av.open(str(path)) as container:
        return list(container.decode(video=0))


def luma(frame):
    plane = frame.planes[0]
    return np.frombuffer(plane, np.uint8).reshape(plane.height, plane.line_size)[:, :W].copy()


@pytest.mark.parametrize("pixel_format, ours", [("yuv420p", "IYUV"), ("nv12", "NV12"), ("yuv444p", "YUV4"),
                                                ("gray", "U8"), ("rgb24", "RGB")])
def test_frames_go_straight_into_images_of_the_decoders_format(ctx, tmp_path, pixel_format, ours):
    decoded = make_video(tmp_path / "in.nut", pixel_format)
    with VideoReader(tmp_path / "in.nut") as video:
        assert (video.width, video.height, video.format, video.fps) == (W, H, ours, 10)
        image = video.image(ctx)
        count = 0
        while video.read_into(image):
            expected = decoded[count].to_ndarray() if ours != "YUV4" else decoded[count].to_ndarray().reshape(3 * H, W)
            np.testing.assert_array_equal(image.to_numpy(), expected)
            count += 1
        assert count == N and not video.read_into(image)


def test_u8_takes_the_luma_plane_and_rgb_is_converted(ctx, tmp_path):
    decoded = make_video(tmp_path / "in.nut")
    with VideoReader(tmp_path / "in.nut", format="U8") as video:
        gray = Image(ctx, W, H, "U8")
        assert video.read_into(gray)
        np.testing.assert_array_equal(gray.to_numpy(), luma(decoded[0]))
    with VideoReader(tmp_path / "in.nut", format="rgb") as video:
        frames = list(video)
        assert [f.format for f in frames] == ["RGB"] * N and isinstance(frames[0], Frame)
        np.testing.assert_array_equal(frames[1].to_numpy(), decoded[1].to_ndarray(format="rgb24"))
        with pytest.raises(InvalidDimension, match="the frame is 64x48, the image 32x24"):
            frames[0].copy_to(Image(ctx, 32, 24, "RGB"))


def test_the_streaming_loop_on_a_real_video(ctx, tmp_path):
    """docs/python.md's pipelined loop, its frames from a video file, its results out to another."""
    decoded = make_video(tmp_path / "in.nut")
    graph = Graph(ctx)
    src, edges = Image(ctx, W, H), Image(ctx, W, H)
    graph.canny(graph.gaussian3x3(src), low=80, high=160, output=edges)
    with VideoReader(tmp_path / "in.nut", format="U8") as video, \
            VideoWriter(str(tmp_path / "out.nut"), W, H, fps=video.fps, codec="ffv1", pixel_format="gray") as out:
        results = []
        for result in graph.stream(video, src, edges, depth=3):
            results.append(result)
            out.write(result)
    expected = [vxfn.canny(vxfn.gaussian3x3(luma(f)), low=80, high=160) for f in decoded]
    assert len(results) == N
    for got, want in zip(results, expected):
        np.testing.assert_array_equal(got, want)
    with VideoReader(tmp_path / "out.nut", format="U8") as back:
        written = [f.to_numpy() for f in back]
    for got, want in zip(written, expected):
        np.testing.assert_array_equal(got, want)
    with VideoReader(tmp_path / "in.nut", format="U8") as video:      # fn.stream takes a video too
        for got, want in zip(vxfn.stream(lambda g, s: g.canny(g.gaussian3x3(s), low=80, high=160), video), expected):
            np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("fmt, pixel_format", [("IYUV", "yuv420p"), ("NV12", "nv12"), ("RGB", "rgb24"), ("U8", "gray")])
def test_images_and_arrays_out_to_a_file(ctx, tmp_path, fmt, pixel_format):
    """An image's planes go into the encoder's frame as they are; arrays in Image.to_numpy's layout too."""
    decoded = make_video(tmp_path / "in.nut", pixel_format)
    path = tmp_path / "out.nut"
    with VideoReader(tmp_path / "in.nut") as video, \
            VideoWriter(str(path), W, H, codec="rawvideo", pixel_format=pixel_format) as out:
        image = video.image(ctx)
        while video.read_into(image):
            out.write(image)
            out.write(image.to_numpy(), format=fmt)
    with VideoReader(path) as back:
        frames = [f.to_numpy() for f in back]
    assert len(frames) == 2 * N
    for i, frame in enumerate(frames):
        np.testing.assert_array_equal(frame, Frame(decoded[i // 2], fmt).to_numpy())
