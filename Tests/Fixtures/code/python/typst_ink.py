#!/usr/bin/env python3
"""Typesets formulas with Typst (the PyPI package, offline) and compares them with our pictures.

Reads JSON lines from the file named by its argument (or stdin): {"typst": "<Typst math>", "ours": "<our PNG>", "size": 48, "font": "Latin Modern Math",
"fontdir": "<folder of the font file>", "inline": false}. Our PNG is the formula on a transparent background,
drawn at `size` pixels to the em. Typst draws the same math at the same size; both pictures' ink is found
(alpha or darkness over half), and for each formula one JSON line is written: both ink boxes in pixels and how
much of each ink lies within 2 pixels of the other's, once the boxes' top-left corners are aligned
("overlap": the smaller of the two fractions), plus Typst's own PNG beside ours ("typst_png").
"""
import json
import sys
import os

import typst
from PIL import Image, ImageFilter


def ink(image, from_alpha):
    image = image.convert("RGBA")
    w, h = image.size
    px = image.load()
    mask = Image.new("L", (w, h), 0)
    mp = mask.load()
    for y in range(h):
        for x in range(w):
            r, g, b, a = px[x, y]
            if from_alpha:
                on = a >= 128
            else:
                on = a >= 128 and (r + g + b) / 3 < 128
            if on:
                mp[x, y] = 255
    return mask


def near(a, b):
    """The fraction of a's ink within 2 px of b's ink (both from their top-left corners)."""
    w, h = max(a.size[0], b.size[0]) + 2, max(a.size[1], b.size[1]) + 2
    padded = Image.new("L", (w, h), 0)
    padded.paste(b, (0, 0))
    grown = padded.filter(ImageFilter.MaxFilter(5))
    total = hit = 0
    ap, gp = a.load(), grown.load()
    w, h = a.size
    for y in range(h):
        for x in range(w):
            if ap[x, y]:
                total += 1
                if x < grown.size[0] and y < grown.size[1] and gp[x, y]:
                    hit += 1
    return hit / total if total else 1.0


def main():
    source = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    for line in source:
        if not line.strip():
            continue
        job = json.loads(line)
        size = job["size"]
        body = job["typst"]
        math = f"${body}$" if job.get("inline") else f"$ {body} $"
        source = (
            "#set page(width: auto, height: auto, margin: 8pt, fill: none)\n"
            f"#set text(size: {size}pt)\n"
            f'#show math.equation: set text(font: "{job["font"]}")\n'
            + math + "\n"
        )
        out = job["ours"] + ".typst.png"
        try:
            png = typst.compile(source.encode(), format="png", ppi=72.0, font_paths=[job["fontdir"]])
        except Exception as e:  # a formula Typst cannot read
            print(json.dumps({"error": str(e).splitlines()[0] if str(e) else "typst failed"}), flush=True)
            continue
        with open(out, "wb") as f:
            f.write(png)
        theirs = ink(Image.open(out), from_alpha=False)
        ours = ink(Image.open(job["ours"]), from_alpha=True)
        tb, ob = theirs.getbbox(), ours.getbbox()
        if not tb or not ob:
            print(json.dumps({"error": "no ink"}), flush=True)
            continue
        t = theirs.crop(tb)
        o = ours.crop(ob)
        overlap = min(near(o, t), near(t, o))
        print(json.dumps({
            "ours": [ob[2] - ob[0], ob[3] - ob[1]],
            "typst": [tb[2] - tb[0], tb[3] - tb[1]],
            "overlap": round(overlap, 4),
            "typst_png": out,
        }), flush=True)


if __name__ == "__main__":
    main()
