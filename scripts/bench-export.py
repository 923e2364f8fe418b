#!/usr/bin/env python3
"""End-to-end export benchmark (run through `scripts/bench export`).

For each scene, at 1920x1080 and 60 fps: time `animate SCENE -o out.mp4` (wall clock, peak RSS),
then write the same frames as Y4M and time ffmpeg encoding them with the same x264 settings
(the encoder's ceiling on this machine). Prints a Markdown table with fps and the ratio.
Usage: bench-export.py ANIMATE [--scenes a,b] [--seconds S] [--preset P] [--crf Q] [--runs R]
"""
import argparse, os, resource, statistics, subprocess, tempfile, time


def timed(cmd, **kw):
    """Wall seconds and the child's peak RSS in MB (ru_maxrss of the finished child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.monotonic()
    subprocess.run(cmd, check=True, **kw)
    wall = time.monotonic() - t0
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return wall, max(peak, before) / 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("animate")
    ap.add_argument("--scenes", default="hexagons,gradient,starfield")
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--preset", default="veryfast")
    ap.add_argument("--crf", type=int, default=18)
    ap.add_argument("--runs", type=int, default=2)
    a = ap.parse_args()
    frames = int(a.seconds * 60)
    work = tempfile.mkdtemp(prefix="animate-export-")
    print(f"1920x1080, 60 fps, {frames} frames, x264 preset {a.preset} crf {a.crf}, median of {a.runs} runs\n")
    print("| scene | animate fps | ffmpeg from y4m fps (ceiling) | ratio | animate peak RSS MB |")
    print("|---|---|---|---|---|")
    for scene in a.scenes.split(","):
        out = os.path.join(work, scene + ".mp4")
        ours, rss = [], 0.0
        for _ in range(a.runs):
            wall, peak = timed([a.animate, scene, "--fps", "60", "--size", "1920x1080", "--duration", str(a.seconds),
                                "--preset", a.preset, "--crf", str(a.crf), "--quiet", "-o", out])
            ours.append(frames / wall)
            rss = max(rss, peak)
        y4m = os.path.join(work, scene + ".y4m")
        subprocess.run([a.animate, scene, "--fps", "60", "--size", "1920x1080", "--duration", str(a.seconds),
                        "--format", "y4m", "--quiet", "-o", y4m], check=True)
        ceiling = []
        for _ in range(a.runs):
            wall, _ = timed(["ffmpeg", "-v", "error", "-y", "-i", y4m, "-c:v", "libx264", "-preset", a.preset, "-crf", str(a.crf),
                             "-pix_fmt", "yuv420p", os.path.join(work, scene + "-ffmpeg.mp4")])
            ceiling.append(frames / wall)
        os.remove(y4m)
        o, c = statistics.median(ours), statistics.median(ceiling)
        print(f"| {scene} | {o:.1f} | {c:.1f} | {o / c:.2f}x | {rss:.0f} |", flush=True)


if __name__ == "__main__":
    main()
