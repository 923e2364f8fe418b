#!/usr/bin/env python3
"""Save-to-frame under `preview --watch`, in a package made by `animate new`.

Usage: bench-watch.py ANIMATE [--edits 8] [--configuration debug|release] [--keep DIR]

Makes a package with `animate new` (a path dependency on this checkout), builds it as a user
would (`swift build`, debug unless told), starts `<package> preview intro --watch`, then edits the
intro scene's gradient again and again. Each edit's time runs from the file's save to the moment
the preview serves the changed frame (polled over HTTP every 10 ms). The preview's own report
splits each reload into compile and link, and load; drawing is the frame request's time. Prints
the first edit, the median and the slowest of the rest, as JSON lines and a Markdown table.
"""
import argparse, json, os, re, statistics, subprocess, sys, tempfile, time, urllib.request

def get(url):
    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=30) as r:
        body = r.read()
    return body, time.perf_counter() - start

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("animate")
    ap.add_argument("--edits", type=int, default=8)
    ap.add_argument("--configuration", default="debug", choices=["debug", "release"])
    ap.add_argument("--keep")
    a = ap.parse_args()

    root = a.keep or tempfile.mkdtemp(prefix="animate-watch-")
    package = os.path.join(root, "watched")
    if not os.path.exists(package):
        subprocess.run([a.animate, "new", package], check=True, stdout=subprocess.DEVNULL)
    t = time.perf_counter()
    subprocess.run(["swift", "build", "-c", a.configuration, "--product", "watched"], cwd=package, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    build_seconds = time.perf_counter() - t
    tool = os.path.join(package, ".build", a.configuration, "watched")
    errors = open(os.path.join(root, "preview-errors.txt"), "w+")
    preview = subprocess.Popen([tool, "preview", "intro", "--watch", "--port", "0", "--size", "640x360"], cwd=package,
                               stdout=subprocess.PIPE, stderr=errors, text=True)
    try:
        line = preview.stdout.readline()
        port = re.search(r"127\.0\.0\.1:(\d+)", line).group(1)
        frame = f"http://127.0.0.1:{port}/scenes/intro/frames/60.png?size=640x360"
        # Wait until the watcher has warmed its compiler (its first compile, before any edit).
        time.sleep(3)
        intro = os.path.join(package, "Sources", "WatchedScenes", "Intro.swift")
        colours = [".indigo", ".teal", ".red", ".green", ".orange", ".blue", ".pink", ".mint", ".cyan", ".brown"]
        # The gradient's first colour as the file has it now (a kept package may have been edited).
        current = re.search(r"\[(\.[a-z]+), \.purple\]", open(intro).read()).group(1)
        rows = []
        for i in range(a.edits):
            before, _ = get(frame)
            new = colours[(i + 1) % len(colours)]
            if new == current: new = colours[(i + 2) % len(colours)]
            source = open(intro).read().replace(f"[{current}, .purple]", f"[{new}, .purple]")
            with open(intro, "w") as f:
                f.write(source)
            saved = time.perf_counter()
            while True:
                body, draw = get(frame)
                if body != before: break
                if time.perf_counter() - saved > 120: raise SystemExit("no new frame after 120 s")
                time.sleep(0.01)
            shown = time.perf_counter() - saved
            current = new
            time.sleep(0.5)
            errors.seek(0)
            reports = re.findall(r"compiled and linked in ([\d.]+) s, loaded in ([\d.]+) s", errors.read())
            compile_s, load_s = (float(reports[-1][0]), float(reports[-1][1])) if reports else (None, None)
            rows.append({"edit": i + 1, "save_to_frame_s": round(shown, 3), "compile_link_s": compile_s, "load_s": load_s,
                         "draw_s": round(draw, 3)})
            print(json.dumps(rows[-1]), flush=True)
    finally:
        preview.terminate(); preview.wait()
    first, rest = rows[0], rows[1:]
    med = lambda k: statistics.median(r[k] for r in rest if r[k] is not None)
    print(json.dumps({"workload": "watch-save-to-frame", "configuration": a.configuration, "initial_build_s": round(build_seconds, 1),
                      "first_s": first["save_to_frame_s"], "median_s": med("save_to_frame_s"),
                      "max_s": max(r["save_to_frame_s"] for r in rest), "median_compile_link_s": med("compile_link_s"),
                      "median_load_s": med("load_s"), "median_draw_s": med("draw_s")}))
    print()
    print("| edit | save to frame | compile and link | load | draw (frame request) |")
    print("|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['edit']} | {r['save_to_frame_s']:.2f} s | {r['compile_link_s']} s | {r['load_s']} s | {r['draw_s']} s |")

if __name__ == "__main__":
    main()
