#!/usr/bin/env python3
"""GIF benchmark (run through `scripts/bench gif`): our GIF encoder against ffmpeg's
palettegen + paletteuse on the very same frames. For each scene: time `animate SCENE -o x.gif`
(drawing included), time ffmpeg making a GIF from our raw RGBA frames (drawing excluded), and
compare PSNR against our frames and file size.
Usage: bench-gif.py ANIMATE [--scenes a,b] [--size WxH] [--fps N] [--seconds S]
"""
import argparse, math, os, subprocess, tempfile, time


def psnr(frames_a, frames_b):
    se, n = 0, 0
    for a, b in zip(frames_a, frames_b):
        # Compare RGB only (both are opaque); a is RGBA, b is RGB24.
        for i in range(0, len(b), 3):
            for c in range(3):
                d = a[i // 3 * 4 + c] - b[i + c]
                se += d * d
        n += len(b)
    mse = se / max(n, 1)
    return float("inf") if mse == 0 else 10 * math.log10(255 * 255 / mse)


def decode(path, w, h):
    raw = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         check=True, capture_output=True).stdout
    size = w * h * 3
    return [raw[i:i + size] for i in range(0, len(raw) - size + 1, size)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("animate")
    ap.add_argument("--scenes", default="gradient,hexagons,flower")
    ap.add_argument("--size", default="480x270")
    ap.add_argument("--fps", default="25")
    ap.add_argument("--seconds", default="4")
    a = ap.parse_args()
    w, h = map(int, a.size.split("x"))
    work = tempfile.mkdtemp(prefix="animate-gif-")
    common = ["--size", a.size, "--fps", a.fps, "--duration", a.seconds, "--quiet"]
    print(f"{a.size}, {a.fps} fps, {a.seconds} s; PSNR of the decoded GIF against our frames (RGB)\n")
    print("| scene | ours s (incl. drawing) | ffmpeg s (from raw frames) | ours PSNR dB | ffmpeg PSNR dB | ours KB | ffmpeg KB |")
    print("|---|---|---|---|---|---|---|")
    for scene in a.scenes.split(","):
        ours, raw, ff = (os.path.join(work, f"{scene}{x}") for x in (".gif", ".rgba", "-ffmpeg.gif"))
        t0 = time.monotonic()
        subprocess.run([a.animate, scene, "-o", ours] + common, check=True)
        t_ours = time.monotonic() - t0
        subprocess.run([a.animate, scene, "--format", "rgba", "-o", raw] + common, check=True)
        t0 = time.monotonic()
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", a.size, "-r", a.fps, "-i", raw,
                        "-vf", "split[a][b];[a]palettegen[p];[b][p]paletteuse", ff], check=True)
        t_ff = time.monotonic() - t0
        data = open(raw, "rb").read()
        frames = [data[i:i + w * h * 4] for i in range(0, len(data), w * h * 4)]
        print(f"| {scene} | {t_ours:.2f} | {t_ff:.2f} | {psnr(frames, decode(ours, w, h)):.1f} | {psnr(frames, decode(ff, w, h)):.1f} "
              f"| {os.path.getsize(ours) // 1024} | {os.path.getsize(ff) // 1024} |", flush=True)


if __name__ == "__main__":
    main()
