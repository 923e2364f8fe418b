#!/usr/bin/env python3
"""From a fresh clone to a first video, as a newcomer meets it, one step at a time.

Usage: bench-start.py CHECKOUT [--keep DIR] [--modules]

Clones CHECKOUT's HEAD into an empty folder and times, in order: `scripts/setup` (what the
machine lacks is installed; on a machine that has it all, this is the check alone), the first
release build of the tool (`swift build -c release --product animate`, as scripts/install runs it,
into an empty .build; packages from the machine's cache), the first video (`animate starfield
--fps 60 -o out.mp4`), a single-file lesson compiled cold (an empty lesson cache) and loaded
cached, and a package made by `animate new` built for the first time (`swift build -c release`,
as its README's `swift run -c release` does). With --modules, each Swift module's compile is
timed too (start, end and CPU seconds, through a wrapper of swift-frontend). Prints JSON.
"""
import argparse, json, os, shutil, subprocess, sys, tempfile, time

WRAPPER = """#!/bin/bash
mod=unknown; prev=
for a in "$@"; do [ "$prev" = "-module-name" ] && mod=$a; prev=$a; done
start=$(date +%s.%N)
/usr/bin/time -f "%U %S" -o "$FE_LOG.$$" "$FE_REAL" "$@"; rc=$?
echo "$mod $start $(date +%s.%N) $(cat "$FE_LOG.$$")" >> "$FE_LOG"
rm -f "$FE_LOG.$$"
exit $rc
"""


def timed(args, cwd, env=None, quiet=True):
    start = time.perf_counter()
    result = subprocess.run(args, cwd=cwd, env=env, stdout=subprocess.DEVNULL if quiet else None,
                            stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"bench start: {' '.join(args)} failed:\n{result.stderr[-3000:]}")
    return round(time.perf_counter() - start, 2)


def modules(log, start):
    """Per module: first start and last end (seconds from the build's start), CPU seconds."""
    table = {}
    for line in open(log):
        parts = line.split()
        if len(parts) < 5 or parts[0] == "unknown":
            continue
        name, begin, end, cpu = parts[0], float(parts[1]) - start, float(parts[2]) - start, float(parts[3]) + float(parts[4])
        row = table.setdefault(name, {"from_s": begin, "to_s": end, "cpu_s": 0.0})
        row["from_s"], row["to_s"] = min(row["from_s"], begin), max(row["to_s"], end)
        row["cpu_s"] += cpu
    return {n: {k: round(v, 1) for k, v in r.items()} for n, r in sorted(table.items(), key=lambda kv: kv[1]["from_s"])}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("checkout")
    ap.add_argument("--keep")
    ap.add_argument("--modules", action="store_true")
    a = ap.parse_args()
    work = a.keep or tempfile.mkdtemp(prefix="animate-start-")
    clone = os.path.join(work, "animate")
    subprocess.run(["git", "clone", "-q", a.checkout, clone], check=True)
    result = {"commit": subprocess.run(["git", "-C", clone, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip(),
              "cores": os.cpu_count()}

    result["setup_s"] = timed([os.path.join(clone, "scripts", "setup")], clone)

    env = dict(os.environ)
    if a.modules:
        wrapper = os.path.join(work, "frontend.sh")
        with open(wrapper, "w") as f:
            f.write(WRAPPER)
        os.chmod(wrapper, 0o755)
        real = shutil.which("swift-frontend") or os.path.join(os.path.dirname(os.path.realpath(shutil.which("swiftc"))), "swift-frontend")
        env.update(SWIFT_DRIVER_SWIFT_FRONTEND_EXEC=wrapper, FE_REAL=real, FE_LOG=os.path.join(work, "frontend.log"))
    build_start = time.time()
    result["first_build_s"] = timed(["swift", "build", "-c", "release", "--product", "animate"], clone, env)
    if a.modules:
        result["modules"] = modules(env["FE_LOG"], build_start)

    animate = os.path.join(clone, ".build", "release", "animate")
    result["first_render_s"] = timed([animate, "starfield", "--fps", "60", "-o", os.path.join(work, "out.mp4")], work)
    result["first_video_s"] = round(result["setup_s"] + result["first_build_s"] + result["first_render_s"], 2)

    lesson = os.path.join(work, "Lesson.swift")
    with open(lesson, "w") as out:
        for name in ["Pythagoras", "UnitCircle", "LinearMap", "RiemannSums", "TangentSlope"]:
            with open(os.path.join(clone, "Scenes", name + ".swift")) as f:
                out.write(f.read())
    lesson_env = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"))
    result["lesson_lines"] = sum(1 for _ in open(lesson))
    result["lesson_first_compile_s"] = timed([animate, "list", "Lesson.swift"], work, lesson_env)
    result["lesson_cached_s"] = timed([animate, "list", "Lesson.swift"], work, lesson_env)

    timed([animate, "new", "Demo"], work)
    result["new_package_first_build_s"] = timed(["swift", "build", "-c", "release"], os.path.join(work, "Demo"))

    print(json.dumps(result, indent=1))
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
