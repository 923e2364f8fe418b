#!/usr/bin/env python3
"""End-to-end export benchmark (run through `scripts/bench export`).

For each scene, at 1920x1080 and 60 fps: time `animate SCENE -o out.mp4` (wall clock, peak RSS),
and the same with `--low-memory`; then write the same frames as Y4M and time ffmpeg encoding them
with the same x264 settings (the encoder's ceiling on this machine). Runs alternate between the
three commands so a noisy neighbour slows all of them alike. Prints a Markdown table with median
fps, the ratios and peak memory.
Usage: bench-export.py ANIMATE [--scenes a,b] [--seconds S] [--preset P] [--crf Q] [--runs R]
"""
import argparse, os, statistics, subprocess, tempfile, time


def timed(cmd):
    """Wall seconds and this child's own peak RSS in MB (from wait4, not the running maximum)."""
    t0 = time.monotonic()
    child = subprocess.Popen(cmd)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - t0
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited with {child.returncode}")
    return wall, usage.ru_maxrss / 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("animate")
    ap.add_argument("--scenes", default="hexagons,gradient,starfield")
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--preset", default="veryfast")
    ap.add_argument("--crf", type=int, default=18)
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    frames = int(a.seconds * 60)
    work = tempfile.mkdtemp(prefix="animate-export-")
    print(f"1920x1080, 60 fps, {frames} frames, x264 preset {a.preset} crf {a.crf}, median of {a.runs} runs\n")
    print("| scene | animate fps | ffmpeg from y4m fps (ceiling) | ratio | peak RSS MB | --low-memory fps | ratio | peak RSS MB |")
    print("|---|---|---|---|---|---|---|---|")
    for scene in a.scenes.split(","):
        y4m = os.path.join(work, scene + ".y4m")
        common = [scene, "--fps", "60", "--size", "1920x1080", "--duration", str(a.seconds), "--quiet"]
        subprocess.run([a.animate] + common + ["--format", "y4m", "-o", y4m], check=True)
        out = os.path.join(work, scene + ".mp4")
        runs = {"default": [], "low": [], "ceiling": []}
        rss = {"default": 0.0, "low": 0.0}
        for _ in range(a.runs):
            for kind, extra in (("default", []), ("low", ["--low-memory"])):
                wall, peak = timed([a.animate] + common + ["--preset", a.preset, "--crf", str(a.crf), "-o", out] + extra)
                runs[kind].append(frames / wall)
                rss[kind] = max(rss[kind], peak)
            wall, _ = timed(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", y4m, "-c:v", "libx264", "-preset", a.preset, "-crf", str(a.crf),
                             "-pix_fmt", "yuv420p", os.path.join(work, scene + "-ffmpeg.mp4")])
            runs["ceiling"].append(frames / wall)
        os.remove(y4m)
        o, l, c = (statistics.median(runs[k]) for k in ("default", "low", "ceiling"))
        print(f"| {scene} | {o:.1f} | {c:.1f} | {o / c:.2f}x | {rss['default']:.0f} | {l:.1f} | {l / c:.2f}x | {rss['low']:.0f} |", flush=True)


if __name__ == "__main__":
    main()
