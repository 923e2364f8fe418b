#!/usr/bin/env python3
"""scripts/bench farm: how a farm render scales on this machine.

A scene rendered once on one thread, then as a farm on this machine in 1 and 2 shards (one
drawing and one encoder thread each, as one core of a cluster node would run it), beside a single
render on 2 threads; then what the model for N machines needs: a shard's fixed cost (a one-frame
shard: process start, scene, encoder, the segment hashed) and the join's (segments checked, stream
copy, the joined file checked). Wall times, one run each; prints a JSON line last.
"""
import json, os, shutil, subprocess, sys, tempfile, time

root, args = sys.argv[1], sys.argv[2:]
scene, size, seconds, fps, keyint = "line-through-surface", "1920x1080", 5, 30, 15
i = 0
while i < len(args):
    if args[i] == "--scene": scene = args[i + 1]; i += 2
    elif args[i] == "--size": size = args[i + 1]; i += 2
    elif args[i] == "--seconds": seconds = float(args[i + 1]); i += 2
    elif args[i] == "--keyint": keyint = int(args[i + 1]); i += 2
    else: sys.exit(f"unknown option {args[i]}")
tool = os.path.join(root, ".build/release/animate")
work = tempfile.mkdtemp(prefix="animate-farm-bench.")
common = [scene, "--size", size, "--fps", str(fps), "--duration", str(seconds), "--encoder-threads", "1", "--keyint", str(keyint)]

def timed(words):
    start = time.monotonic()
    done = subprocess.run([tool] + words, cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0: sys.exit(f"{' '.join(words)}: {done.stderr}")
    return time.monotonic() - start

try:
    frames = int(seconds * fps)
    r = {}
    r["single_1_thread"] = timed(common + ["--threads", "1", "-o", "single1.mp4", "--quiet"])
    r["single_2_threads"] = timed(common + ["--threads", "2", "-o", "single2.mp4", "--quiet"])
    for n in (1, 2):
        r[f"farm_{n}_shards"] = timed(["farm"] + common + ["-o", f"farm{n}.mp4", "--shards", str(n), "--max-running", str(n),
                                                           "--threads-per-shard", "1", "--min-shard", "0", "--quiet"])
    # Again, the shards sized by the first run's frame times (kept in the same work directory).
    r["farm_2_shards_again"] = timed(["farm"] + common + ["-o", "farm2.mp4", "--shards", "2", "--max-running", "2",
                                                         "--threads-per-shard", "1", "--min-shard", "0", "--quiet"])
    # A shard's fixed cost: one frame rendered, encoded, hashed and recorded.
    r["one_frame_shard"] = timed(["farm"] + [scene, "--size", size, "--fps", str(fps), "--frames", "0..0", "--encoder-threads", "1"]
                                 + ["-o", "one.mp4", "--shards", "1", "--threads-per-shard", "1", "--quiet"])
    # The join alone, again over the two-shard render's segments.
    r["join_2_shards"] = timed(["farm", "join", ".animate-farm/farm2"])
    r["frames"] = frames
    for k, v in r.items():
        if k != "frames": print(f"{k}: {v:.2f} s", file=sys.stderr)
    print(f"speed-up, 2 shards over 1: {r['farm_1_shards'] / r['farm_2_shards']:.2f}x, sized by frame times {r['farm_1_shards'] / r['farm_2_shards_again']:.2f}x", file=sys.stderr)
    print(json.dumps({k: round(v, 3) for k, v in r.items()}))
finally:
    shutil.rmtree(work, ignore_errors=True)
