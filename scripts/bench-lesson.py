#!/usr/bin/env python3
"""A single-file lesson's compile, cold and cached, with the release tool.

Usage: bench-lesson.py ANIMATE [--reps 5] [--keep DIR]

Makes one lesson file of the built-in Pythagoras, unit circle, linear map, Riemann sums and
tangent slope scenes (about 240 lines), then times `animate list Lesson.swift`: with an empty
lesson cache (a compile; the first run after the tool's build also warms the compiler's own
caches), and with the library already compiled (a load). Then the first scene rendered at
640x360, 30 fps, cached. Prints medians as JSON.
"""
import argparse, json, os, shutil, statistics, subprocess, tempfile, time

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("animate")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--keep")
    a = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    work = a.keep or tempfile.mkdtemp(prefix="animate-lesson-")
    lesson = os.path.join(work, "Lesson.swift")
    with open(lesson, "w") as out:
        for name in ["Pythagoras", "UnitCircle", "LinearMap", "RiemannSums", "TangentSlope"]:
            with open(os.path.join(root, "Scenes", name + ".swift")) as f:
                out.write(f.read())
    lines = sum(1 for _ in open(lesson))
    cache = os.path.join(work, "cache")
    env = dict(os.environ, XDG_CACHE_HOME=cache)

    def timed(args):
        start = time.perf_counter()
        subprocess.run([a.animate] + args, cwd=work, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return time.perf_counter() - start

    cold, cached = [], []
    for rep in range(a.reps):
        shutil.rmtree(cache, ignore_errors=True)
        cold.append(timed(["list", "Lesson.swift"]))
        cached.append(timed(["list", "Lesson.swift"]))
    render = statistics.median(timed(["Lesson.swift", "-o", os.path.join(work, "first.mp4"), "--fps", "30", "--size", "640x360"])
                               for _ in range(3))
    print(json.dumps({"lesson_lines": lines, "first_compile_s": round(cold[0], 3), "compile_median_s": round(statistics.median(cold), 3),
                      "cached_median_s": round(statistics.median(cached), 3), "render_first_scene_640x360_30fps_s": round(render, 3)}))
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)

if __name__ == "__main__":
    main()
