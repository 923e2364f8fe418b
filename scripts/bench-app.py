#!/usr/bin/env python3
"""A SwiftUI app used on camera beside the same app at rest, with the release tool.

Usage: bench-app.py ANIMATE [--reps 3] [--seconds 10] [--size 1920x1080] [--keep DIR]

Writes a TabView app (three tabs, a counter, a list with a navigation push) twice: with a touch
track that taps, drags and changes tabs for the whole run, and without one (the view at rest).
Each is compiled once (cached), then its frames are drawn and hashed (`animate hash`, no
encoding) at 60 fps; prints the median milliseconds a frame of each and their ratio as JSON.
"""
import argparse, json, os, shutil, statistics, subprocess, tempfile, time

APP = r'''
import SwiftUI

struct Demo: View {
    @State private var tab = 0
    @State private var likes = 0
    @State private var offset: CGFloat = 0
    @GestureState private var dragging: CGFloat = 0
    var body: some View {
        TabView(selection: $tab) {
            VStack(spacing: 24) {
                Text("Home").font(.largeTitle)
                Button("Like") { likes += 1 }.buttonStyle(.borderedProminent)
                Text("\(likes) likes")
                Circle().fill(.orange).frame(width: 120, height: 120).offset(x: offset + dragging)
                    .accessibilityLabel("Ball")
                    .gesture(DragGesture().updating($dragging) { v, s, _ in s = v.translation.width }.onEnded { offset += $0.translation.width })
            }
            .tabItem { Label("Home", systemImage: "house") }.tag(0)
            NavigationStack {
                VStack(alignment: .leading) {
                    ForEach(["Apple", "Banana", "Cherry", "Date", "Elderberry"], id: \.self) { fruit in
                        NavigationLink(fruit) { Text(fruit).font(.largeTitle).navigationTitle(fruit) }.padding()
                    }
                    Spacer()
                }
                .navigationTitle("Fruit")
            }
            .tabItem { Label("List", systemImage: "list.bullet") }.tag(1)
            Text("Settings").font(.largeTitle).tabItem { Label("Settings", systemImage: "gear") }.tag(2)
        }
        TOUCHES
    }
}
'''

TRACK = '''.touches {
            Wait(0.5); Tap("Like"); Wait(0.3); Tap("Like")
            Wait(0.4); Drag(from: "Ball", by: CGSize(width: 200, height: 0), duration: 0.8)
            Wait(0.5); Tap("List"); Wait(0.6); Tap("Banana"); Wait(1.2); Tap("Back")
            Wait(0.8); Tap("Settings"); Wait(0.8); Tap("Home")
            Wait(0.5); Drag(from: "Ball", by: CGSize(width: -300, height: 0), duration: 1.5)
            Wait(0.5); Tap("Like"); Tap("Like"); Tap("Like")
        }'''

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("animate")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--keep")
    a = ap.parse_args()
    work = a.keep or tempfile.mkdtemp(prefix="animate-app-")
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"))
    results = {}
    for name, touches in [("used", TRACK), ("at_rest", "")]:
        folder = os.path.join(work, name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "Demo.swift"), "w") as f:
            f.write(APP.replace("TOUCHES", touches))
        args = [a.animate, "hash", "Demo.swift", "--size", a.size, "--fps", "60", "--duration", str(a.seconds)]
        subprocess.run(args + ["--frames", "0..0"], cwd=folder, env=env, check=True, stdout=subprocess.DEVNULL)   # compile once
        times = []
        for _ in range(a.reps):
            start = time.perf_counter()
            subprocess.run(args, cwd=folder, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
        frames = int(a.seconds * 60)
        results[name] = round(statistics.median(times) / frames * 1000, 3)
    print(json.dumps({"size": a.size, "seconds": a.seconds, "frames": int(a.seconds * 60), "ms_per_frame_used": results["used"],
                      "ms_per_frame_at_rest": results["at_rest"], "ratio_used_over_rest": round(results["used"] / results["at_rest"], 3)}))
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)

if __name__ == "__main__":
    main()
