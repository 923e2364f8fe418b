#!/usr/bin/env python3
"""Preview latency: from a scrub to the new frame on screen, in headless Chromium.

Usage: bench-preview.py ANIMATE [--scenes hexagons,starfield] [--jumps 40] [--size WxH]

For each scene, a preview (release build) serves the page at the scene's size (1920x1080 unless
--size). The page is driven over WebDriver (chromedriver's W3C JSON protocol, no client library):
  - jumps: the scrubber jumps to a random frame; the time until the quick JPEG is decoded on
    screen, and until the exact PNG replaces it;
  - drags: the scrubber moves one frame every 16 ms for a second (60 input events); how many
    frames reached the screen during the drag, and the time from the last move to its frame.
Prints a Markdown table of medians and 95th percentiles (ms).
"""
import argparse, json, os, random, re, socket, statistics, subprocess, sys, time, urllib.request

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

def call(base, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=300) as r:
            value = json.loads(r.read() or b"{}").get("value")
    except urllib.error.HTTPError as e:
        # WebDriver errors come as 4xx/5xx with the error in the body.
        value = json.loads(e.read() or b"{}").get("value")
    if isinstance(value, dict) and "error" in value:
        raise RuntimeError(f"{path}: {value['error']}: {value.get('message')}")
    return value

def percentile(values, p):
    v = sorted(values); k = (len(v) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)

JUMP = """
const [target, done] = arguments;
const img = document.getElementById('frame'), s = document.getElementById('scrubber');
const t0 = performance.now(); let quick = null;
s.value = target; s.dispatchEvent(new Event('input'));
(function poll() {
  const d = img.dataset;
  if (d.frame === String(target) && quick === null) quick = parseFloat(d.shownAt) - t0;
  if (d.frame === String(target) && d.format === 'png') return done([quick, parseFloat(d.shownAt) - t0]);
  setTimeout(poll, 1);
})();
"""

DRAG = """
const [start, done] = arguments;
const img = document.getElementById('frame'), s = document.getElementById('scrubber');
const seen = new Set(); let last = null, t1 = 0;
const watcher = setInterval(() => seen.add(img.dataset.frame), 2);
let i = 0;
const mover = setInterval(() => {
  s.value = start + i; s.dispatchEvent(new Event('input'));
  if (++i === 60) {
    clearInterval(mover); t1 = performance.now(); last = String(start + 59);
    (function poll() {
      if (img.dataset.frame === last) { clearInterval(watcher); seen.add(last);
        return done([parseFloat(img.dataset.shownAt) - t1, [...seen].filter(f => +f >= start && +f < start + 60).length]); }
      setTimeout(poll, 1);
    })();
  }
}, 16);
"""

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("animate")
    ap.add_argument("--scenes", default="hexagons,starfield")
    ap.add_argument("--jumps", type=int, default=40)
    ap.add_argument("--drags", type=int, default=5)
    ap.add_argument("--size", default=None)
    args = ap.parse_args()
    rng = random.Random(1)
    rows = []
    driver_port = free_port()
    driver = subprocess.Popen(["chromedriver", f"--port={driver_port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{driver_port}"
    for _ in range(200):
        try:
            if call(base, "GET", "/status").get("ready"): break
        except Exception: time.sleep(0.05)
    session = call(base, "POST", "/session", {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
        "binary": "/usr/bin/chromium", "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1920,1200"]}}}})["sessionId"]
    try:
        for scene in args.scenes.split(","):
            cmd = [args.animate, "preview", scene, "--port", "0"] + (["--size", args.size] if args.size else [])
            server = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            url = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
            try:
                call(base, "POST", f"/session/{session}/url", {"url": url})
                script = lambda body, a: call(base, "POST", f"/session/{session}/execute/async", {"script": body, "args": a})
                call(base, "POST", f"/session/{session}/timeouts", {"script": 120000})
                # The page is ready once it has the scene's frame count and shows its first frame.
                ready = "return document.getElementById('frame').dataset.frame !== undefined ? +document.getElementById('scrubber').max + 1 : 0"
                for _ in range(600):
                    count = int(call(base, "POST", f"/session/{session}/execute/sync", {"script": ready, "args": []}))
                    if count > 1: break
                    time.sleep(0.05)
                script(JUMP, [1])                                    # warm up
                quick, exact = [], []
                for _ in range(args.jumps):
                    q, e = script(JUMP, [rng.randrange(count)])
                    quick.append(q); exact.append(e)
                ends, shown = [], []
                for _ in range(args.drags):
                    start = rng.randrange(count - 60)
                    script(JUMP, [start])
                    end, n = script(DRAG, [start])
                    ends.append(end); shown.append(n)
                rows.append((scene, quick, exact, ends, shown))
            finally:
                server.terminate(); server.wait()
    finally:
        call(base, "DELETE", f"/session/{session}")
        driver.terminate(); driver.wait()
    size = args.size or "scene size (1920x1080)"
    print(f"Preview latency, {size}, {args.jumps} jumps and {args.drags} one-second drags per scene (ms; median / p95):\n")
    print("| scene | jump -> JPEG on screen | jump -> exact PNG on screen | drag: last move -> its frame | frames shown in a 60-frame drag |")
    print("|---|---|---|---|---|")
    for scene, quick, exact, ends, shown in rows:
        print(f"| {scene} | {statistics.median(quick):.0f} / {percentile(quick, 95):.0f} | {statistics.median(exact):.0f} / {percentile(exact, 95):.0f} "
              f"| {statistics.median(ends):.0f} / {percentile(ends, 95):.0f} | {statistics.median(shown):.0f} |")

if __name__ == "__main__":
    main()
