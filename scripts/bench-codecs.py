#!/usr/bin/env python3
"""Codec benchmark (run through `scripts/bench codecs`): each codec and quality level on the same
scenes. For each row: time `animate SCENE -o out --codec C --quality Q` (drawing included), the
file size, and the PSNR of the decoded video against our own frames in RGB (what a viewer sees,
chroma subsampling included).
Usage: bench-codecs.py ANIMATE [--scenes a,b] [--size WxH] [--fps N] [--seconds S] [--rows codec:quality[:pixfmt],...]
"""
import argparse, os, re, subprocess, tempfile, time

ROWS = ("h264:draft,h264:normal,h264:high,hevc:draft,hevc:normal,hevc:high,vp9:draft,vp9:normal,vp9:high,"
        "av1:draft,av1:normal,av1:high,prores:normal,prores:high,h264:normal:yuv420p10le,hevc:normal:yuv420p10le,"
        "av1:normal:yuv420p10le,webp:normal,webp:high")
CONTAINER = {"h264": "mp4", "hevc": "mp4", "vp9": "webm", "av1": "mp4", "prores": "mov", "webp": "webp"}


def psnr(decoded, reference, size, fps, luma):
    """PSNR (average over frames) of a decoded file against our frames, matched by index: luma
    against our 8-bit 4:2:0 frames (y4m), or RGB against our straight RGBA frames (opaque scenes)."""
    number = f"settb=AVTB,setpts=N/({fps}*TB)"
    if luma:
        inputs = ["-i", reference]
        graph = f"[0:v]{number},format=yuv420p[a];[1:v]{number}[b];[a][b]psnr"
    else:
        inputs = ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", size, "-r", fps, "-i", reference]
        graph = (f"[0:v]{number},scale=in_color_matrix=bt709:in_range=tv:flags=accurate_rnd+full_chroma_int,format=rgb24[a];"
                 f"[1:v]{number},format=rgb24[b];[a][b]psnr")
    out = subprocess.run(["ffmpeg", "-nostdin", "-v", "info", "-i", decoded] + inputs + ["-lavfi", graph, "-f", "null", "-"],
                         capture_output=True, text=True).stderr
    m = re.search(r"PSNR y:([0-9.inf]+)" if luma else r"PSNR r:.* average:([0-9.inf]+)", out)
    return f"{float(m.group(1)):.1f}" if m else "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("animate")
    ap.add_argument("--scenes", default="hexagons,gradient,starfield")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--fps", default="30")
    ap.add_argument("--seconds", default="4")
    ap.add_argument("--rows", default=ROWS)
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="animate-codecs-")
    common = ["--size", a.size, "--fps", a.fps, "--duration", a.seconds, "--quiet"]
    print(f"{a.size}, {a.fps} fps, {a.seconds} s; time includes drawing; PSNR of the decoded file against our frames: "
          "Y against our 8-bit 4:2:0 frames, RGB against our RGBA frames\n")
    print("| scene | codec | quality | pix_fmt | s | KB | Y PSNR dB | RGB PSNR dB |")
    print("|---|---|---|---|---|---|---|---|")
    for scene in a.scenes.split(","):
        reference = os.path.join(work, f"{scene}.rgba")
        subprocess.run([a.animate, scene, "--format", "rgba", "-o", reference] + common, check=True)
        y4m = os.path.join(work, f"{scene}.y4m")
        subprocess.run([a.animate, scene, "-o", y4m] + common, check=True)
        for row in a.rows.split(","):
            codec, quality, *pix = row.split(":")
            out = os.path.join(work, f"{scene}-{codec}-{quality}{'-' + pix[0] if pix else ''}.{CONTAINER[codec]}")
            cmd = [a.animate, scene, "-o", out, "--quality", quality] + common
            if codec != "webp":
                cmd += ["--codec", codec]
            if pix:
                cmd += ["--pix-fmt", pix[0]]
            t0 = time.monotonic()
            subprocess.run(cmd, check=True)
            seconds = time.monotonic() - t0
            # FFmpeg 5.1 cannot read animated WebP: no PSNR for it.
            y, rgb = ("-", "-") if codec == "webp" else (psnr(out, y4m, a.size, a.fps, True), psnr(out, reference, a.size, a.fps, False))
            print(f"| {scene} | {codec} | {quality} | {pix[0] if pix else 'default'} | {seconds:.2f} | {os.path.getsize(out) // 1024} | {y} | {rgb} |",
                  flush=True)
        os.remove(reference)
        os.remove(y4m)


if __name__ == "__main__":
    main()
