"""queens.animate and Run: frames, events, formats, the notebook's MIME bundle, the CLI's bytes."""

import html.parser
import io
import subprocess
import threading
import time
import _thread

import pytest
from PIL import Image

import queens


class Iframes(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.frames = []

    def handle_starttag(self, tag, attrs):
        if tag == "iframe":
            self.frames.append(dict(attrs))


def iframes(markup):
    parser = Iframes()
    parser.feed(markup)
    return parser.frames


def test_a_run_has_the_cli_frame_count_and_events():
    run = queens.animate(6)
    assert len(run) == 58  # 57 events of the blog's 6x6 run, plus the empty board
    assert (run.n, run.algorithm) == (6, "backtrack")
    kinds = {event["event"] for event in run.events}
    assert kinds == {"place", "remove", "solution"}
    assert run.events[-1] == {"event": "solution", "queens": [1, 3, 5, 0, 2, 4]}
    assert queens.animate(5).events[-1]["event"] == "solution"
    assert not any(e["event"] == "remove" for e in queens.animate(5).events)  # 5x5 needs no backtracking


def test_frames_are_pngs_of_the_run():
    run = queens.animate(6)
    first = Image.open(io.BytesIO(run.frame(0)))
    last = Image.open(io.BytesIO(run.frame(-1)))
    assert first.size == last.size and first.size[0] > 300
    assert run.frame(len(run) - 1) == run.frame(-1)
    assert run._repr_png_() == run.frame(-1)
    assert first.tobytes() != last.tobytes()
    with pytest.raises(IndexError, match="outside the run's 58 frames"):
        run.frame(58)


def test_the_notebook_player_is_an_isolated_page():
    a, b = queens.animate(6)._repr_html_(), queens.animate(5, theme="dark")._repr_html_()
    for markup in (a, b):
        (frame,) = iframes(markup)
        assert frame["sandbox"] == "allow-scripts"  # scripts run in an origin of their own
        page = frame["srcdoc"]
        assert page.lower().startswith("<!doctype html>")
        assert "<script" in page and "http://" not in page.replace("http://www.w3.org", "")
        assert int(frame["width"]) > 300 and int(frame["height"]) > int(frame["width"])
    assert iframes(a)[0]["srcdoc"] != iframes(b)[0]["srcdoc"]


def test_save_writes_every_format_by_extension(tmp_path):
    run = queens.animate(5)
    for ext in ("gif", "webp", "apng", "svg", "html", "pdf"):
        path = tmp_path / f"run.{ext}"
        assert run.save(path) == path.stat().st_size > 0
    gif = Image.open(tmp_path / "run.gif")
    assert gif.n_frames == len(run)
    webp = Image.open(tmp_path / "run.webp")
    assert webp.n_frames == len(run)
    assert (tmp_path / "run.svg").read_text().lstrip().startswith("<svg")
    assert (tmp_path / "run.pdf").read_bytes().startswith(b"%PDF-")
    assert run.to_bytes("gif") == (tmp_path / "run.gif").read_bytes()


def test_the_gif_is_the_command_lines_byte_for_byte(cli, tmp_path):
    out = tmp_path / "cli.gif"
    subprocess.run([cli, "animate", "6", "--why", "-o", str(out), "--quiet"], check=True)
    assert queens.animate(6, why=True).to_bytes("gif") == out.read_bytes()
    trace = subprocess.run([cli, "trace", "6"], check=True, capture_output=True, text=True).stdout
    assert queens.animate(6).to_json() == trace


def test_bad_arguments_raise_value_errors_with_the_cli_messages(tmp_path):
    with pytest.raises(queens.QueensError, match="unknown algorithm 'nope'"):
        queens.animate(6, algorithm="nope")
    with pytest.raises(ValueError, match="not first, all or a number"):
        queens.animate(6, until="most")
    with pytest.raises(ValueError, match="unknown theme 'neon'"):
        queens.animate(6, theme="neon")
    with pytest.raises(ValueError, match="motion must be"):
        queens.animate(6, motion="bouncy")
    with pytest.raises(ValueError):
        queens.animate(0)
    run = queens.animate(5)
    with pytest.raises(queens.QueensError):
        run.save(tmp_path / "run.bmp")
    with pytest.raises(queens.QueensOSError) as missing:
        run.save(tmp_path / "no" / "such" / "run.gif")
    assert isinstance(missing.value, OSError) and "no" in str(missing.value)
    assert list(tmp_path.iterdir()) == []  # nothing half-written


def test_until_takes_all_and_counts():
    assert sum(e["event"] == "solution" for e in queens.animate(6, until="all").events) == 4
    assert sum(e["event"] == "solution" for e in queens.animate(6, until=2).events) == 2


def test_drawing_releases_the_gil():
    run = queens.animate(8, until="all")
    done, ticks = threading.Event(), 0
    worker = threading.Thread(target=lambda: (run.to_bytes("html"), done.set()))
    started = time.perf_counter()
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    elapsed = time.perf_counter() - started
    # With the GIL held for the render, this thread would tick a handful of times at most.
    assert ticks > 20 and elapsed > 0.05, (ticks, elapsed)


def test_ctrl_c_stops_a_render_and_leaves_no_file(tmp_path):
    run = queens.animate(8, until="all")
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    path = tmp_path / "all.apng"
    started = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        run.save(path)
    timer.cancel()
    assert time.perf_counter() - started < 5
    assert list(tmp_path.iterdir()) == []


def sum_durations(image):
    total = 0
    for k in range(image.n_frames):
        image.seek(k)
        total += image.info["duration"]
    return total


def test_smooth_motion_moves_the_player_and_gifs_take_it_at_30_fps(tmp_path):
    run = queens.animate(5, motion="smooth")  # fps=60
    (frame,) = iframes(run._repr_html_())
    assert "@media (prefers-reduced-motion" in frame["srcdoc"]  # the player fades, unless the reader opts out
    assert "@media (prefers-reduced-motion" not in iframes(queens.animate(5)._repr_html_())[0]["srcdoc"]
    run.save(tmp_path / "run.gif")  # a GIF's delays are hundredths: it moves at 30 a second
    queens.animate(5, motion="smooth", fps=30).save(tmp_path / "run30.gif")
    queens.animate(5).save(tmp_path / "discrete.gif")
    assert (tmp_path / "run.gif").read_bytes() == (tmp_path / "run30.gif").read_bytes()
    with Image.open(tmp_path / "run.gif") as moving, Image.open(tmp_path / "discrete.gif") as still:
        assert moving.n_frames > 2 * still.n_frames  # the in-betweens are frames
        durations = []
        for k in range(moving.n_frames):
            moving.seek(k)
            durations.append(moving.info["duration"])
        assert min(durations) >= 20 and sum(durations) == sum_durations(still)
