#!/usr/bin/env python3
"""Blur beside Skia: scripts/bench filters [--radius 20] [--reps 10] [--peers ../shared/bench] [--python /tmp/peersvenv/bin/python]

Runs the peers' blur_bench.py (Skia's blur image filter over a 1920x1080 frame, its reference images), times
Skia again with a new image each repetition (its image-filter cache makes repeats of one image nearly free,
which is not what a video's changing frames get), times our `.blur(radius:)` on the same input through
animate-bench, and prints a Markdown table with medians, the ratio and PSNR against the exact Gaussian and
against Skia. Needs the peers' venv (bash ../shared/bench/setup.sh).
"""
import argparse, json, os, subprocess, sys, tempfile

ap = argparse.ArgumentParser()
ap.add_argument("bench")
ap.add_argument("--radius", type=float, default=20)
ap.add_argument("--reps", type=int, default=10)
ap.add_argument("--peers", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared", "bench"))
ap.add_argument("--python", default="/tmp/peersvenv/bin/python")
a = ap.parse_args()
if not os.path.exists(a.python):
    sys.exit(f"bench filters: no {a.python}; run bash {a.peers}/setup.sh first")
out = tempfile.mkdtemp(prefix="animate-blur-")

peer = json.loads(subprocess.run([a.python, os.path.join(a.peers, "blur_bench.py"), "--radius", str(a.radius), "--reps", str(a.reps),
                                  "--out", out], check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1])
fresh_script = r'''
import skia, statistics, sys, time
W, H, radius, reps = 1920, 1080, float(sys.argv[1]), int(sys.argv[2])
def frame(k):
    s = skia.Surface(W, H); c = s.getCanvas(); c.clear(skia.Color4f(0.06, 0.06, 0.12, 1))
    p = skia.Paint(AntiAlias=True); p.setColor(skia.ColorWHITE); c.drawRect(skia.Rect.MakeXYWH(300 + k, 300, 400, 300), p)
    p.setColor(skia.Color(255, 160, 0)); c.drawCircle(1200, 540, 220, p)
    return s.makeImageSnapshot()
images = [frame(k) for k in range(reps)]
dst = skia.Surface(W, H)
blur = skia.Paint(ImageFilter=skia.ImageFilters.Blur(radius, radius, skia.TileMode.kClamp))
times = []
for im in images:
    t = time.perf_counter(); c = dst.getCanvas(); c.clear(skia.ColorTRANSPARENT)
    c.drawImage(im, 0, 0, skia.SamplingOptions(), blur)
    dst.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType)
    times.append((time.perf_counter() - t) * 1000)
print(statistics.median(times))
'''
skia_fresh = float(subprocess.run([a.python, "-c", fresh_script, str(a.radius), str(a.reps)], check=True,
                                  capture_output=True, text=True).stdout.strip())
ours = json.loads(subprocess.run([a.bench, "blur", "--image", os.path.join(out, "input.png"), "--out", os.path.join(out, "ours.png"),
                                  "--radius", str(a.radius), "--reps", str(a.reps)], check=True, capture_output=True, text=True).stdout.strip())
psnr_script = r'''
import numpy as np, sys
from PIL import Image
def load(p): return np.asarray(Image.open(p).convert("RGB")).astype(np.float64)
ours, exact, skia = (load(p) for p in sys.argv[1:4])
def psnr(x, y):
    mse = np.mean((x - y) ** 2)
    return 99.0 if mse == 0 else 10 * np.log10(255 ** 2 / mse)
print(psnr(ours, exact), psnr(ours, skia))
'''
vs_exact, vs_skia = map(float, subprocess.run([a.python, "-c", psnr_script, os.path.join(out, "ours.png"), os.path.join(out, "exact.png"),
                                               os.path.join(out, "skia.png")], check=True, capture_output=True, text=True).stdout.split())
print(f"| 1920x1080 blur, radius {a.radius:g} | median ms | PSNR vs exact Gaussian |")
print("|---|---|---|")
print(f"| Skia, the same image every repetition (image-filter cache) | {peer['skia_ms_median']:.1f} | {peer['skia_vs_exact_psnr_db']:.1f} dB |")
print(f"| Skia, a new image each repetition | {skia_fresh:.1f} | |")
print(f"| animate `.blur(radius:)` (draw the picture, blur, read back) | {ours['ours_ms_median']:.1f} | {vs_exact:.1f} dB ({vs_skia:.1f} dB vs Skia) |")
print(f"\nours / Skia with a new image: {ours['ours_ms_median'] / skia_fresh:.2f}x   (images in {out})")
