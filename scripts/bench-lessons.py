#!/usr/bin/env python3
"""The storyboard lessons beside Manim: each rendered end to end at 1080p60 to H.264 MP4 by
`animate` (release build) and by Manim Community (Cairo renderer, -qh --fps 60, cache off),
one after the other in one run; prints a Markdown table of seconds and ratios.

Needs Manim in ../shared/bench's venv (bash ../shared/bench/setup.sh): scripts/bench lessons.
The Manim scenes below do what our built-in scenes do, written with Manim's own API.
"""
import os, subprocess, sys, tempfile, time

MANIM_SCENES = r'''
from manim import *
import numpy as np

class SquareToCircle(Scene):
    def construct(self):
        circle = Circle(); circle.set_fill(PINK, opacity=0.5)
        square = Square(); square.rotate(PI / 4)
        self.play(Create(square)); self.play(Transform(square, circle)); self.play(FadeOut(square)); self.wait(1)

class AnimatedSquareToCircle(Scene):
    def construct(self):
        circle = Circle(); square = Square()
        self.play(Create(square)); self.play(square.animate.rotate(PI / 4))
        self.play(Transform(square, circle)); self.play(square.animate.set_fill(PINK, opacity=0.5)); self.wait(0.5)

class MovingAround(Scene):
    def construct(self):
        square = Square(color=BLUE, fill_opacity=1)
        self.play(square.animate.shift(LEFT)); self.play(square.animate.set_fill(ORANGE))
        self.play(square.animate.scale(0.3)); self.play(square.animate.rotate(0.4)); self.wait(0.5)

class MovingFrameBox(Scene):
    def construct(self):
        text = MathTex("\\frac{d}{dx}f(x)g(x)=", "f(x)\\frac{d}{dx}g(x)", "+", "g(x)\\frac{d}{dx}f(x)")
        self.play(Write(text))
        box1 = SurroundingRectangle(text[1], buff=.1); box2 = SurroundingRectangle(text[3], buff=.1)
        self.play(Create(box1)); self.wait(); self.play(ReplacementTransform(box1, box2)); self.wait(); self.wait(1)

class PointMovingOnShapes(Scene):
    def construct(self):
        circle = Circle(radius=1, color=BLUE); dot = Dot(); dot2 = dot.copy().shift(RIGHT)
        self.add(dot); self.add(Line([3, 0, 0], [5, 0, 0]))
        self.play(GrowFromCenter(circle)); self.play(Transform(dot, dot2))
        self.play(MoveAlongPath(dot, circle), run_time=2, rate_func=linear)
        self.play(Rotating(dot, about_point=[2, 0, 0]), run_time=1.5); self.wait(); self.wait(0.5)

class RiemannSums(Scene):
    """riemann-sums as Manim writes it; without LaTeX (Manim does not bring it), the sums and the
    integral are Text and the axes carry no numbers, so Manim draws less than animate does here."""
    def construct(self):
        self.camera.background_color = "#FAF7F0"
        ink = "#262626"
        axes = Axes(x_range=[0, 4.2, 0.5], y_range=[0, 3.2, 0.5], x_length=8.5, y_length=5.6, tips=True,
                    axis_config={"color": ink}).to_edge(LEFT)
        f = lambda x: 1.6 + np.sin(1.5 * x)
        graph = axes.plot(f, x_range=[0, 4.2], color="#D1495B")
        name = Text("f(x) = 1.6 + sin 1.5x", color="#D1495B", font_size=30).to_corner(UR)
        counts = [4, 8, 16, 64]
        rects = [axes.get_riemann_rectangles(graph, x_range=[0.5, 3.5], dx=3 / n, input_sample_type="center", color="#00798C",
                                             fill_opacity=0.45, stroke_width=2 if n <= 16 else 1, stroke_color="#00798C") for n in counts]
        sums = []
        for n in counts:
            dx = 3 / n
            total = sum(f(0.5 + (k + 0.5) * dx) * dx for k in range(n))
            sums.append(Text(f"sum of {n} = {total:.4f}", color=ink, font_size=28).next_to(name, DOWN, buff=0.8))
        self.play(Create(axes), Create(graph), run_time=1.2)
        self.play(Write(name), run_time=1.2)
        self.play(LaggedStart(*[GrowFromCenter(r) for r in rects[0]], lag_ratio=0.15), run_time=1.05)
        self.play(Write(sums[0]))
        self.wait(0.4)
        for k in range(1, 4):
            self.play(ReplacementTransform(rects[k - 1], rects[k]), ReplacementTransform(sums[k - 1], sums[k]), run_time=0.8)
            self.wait(0.4)
        area = axes.get_area(graph, x_range=[0.5, 3.5], color="#00798C", opacity=0.55)
        brace = BraceBetweenPoints(axes.c2p(0.5, 0) + DOWN * 0.5, axes.c2p(3.5, 0) + DOWN * 0.5, direction=DOWN, color=ink)
        integral = Text("integral = 4.9464", color=ink, font_size=30).next_to(brace, DOWN)
        self.play(FadeOut(rects[3]), FadeIn(area), Create(brace), run_time=0.8)
        self.play(Write(integral))
        self.play(Circumscribe(integral, color="#D1495B"))
        self.wait(0.5)

class ThreeDSurfacePlot(ThreeDScene):
    """Manim's gallery scene as published, held for the 4 seconds surface-plot lasts."""
    def construct(self):
        resolution_fa = 24
        self.set_camera_orientation(phi=75 * DEGREES, theta=-30 * DEGREES)
        def param_gauss(u, v):
            x = u
            y = v
            sigma, mu = 0.4, [0.0, 0.0]
            d = np.linalg.norm(np.array([x - mu[0], y - mu[1]]))
            z = np.exp(-(d ** 2 / (2.0 * sigma ** 2)))
            return np.array([x, y, z])
        gauss_plane = Surface(param_gauss, resolution=(resolution_fa, resolution_fa), v_range=[-2, +2], u_range=[-2, +2])
        gauss_plane.scale(2, about_point=ORIGIN)
        gauss_plane.set_style(fill_opacity=1, stroke_color=GREEN)
        gauss_plane.set_fill_by_checkerboard(ORANGE, BLUE, opacity=0.5)
        axes = ThreeDAxes()
        self.add(axes, gauss_plane)
        self.wait(4)

class LineThroughSurface(ThreeDScene):
    """The scene of ManimCommunity/manim#3213 (Manim draws the line whole in front)."""
    def construct(self):
        self.set_camera_orientation(phi=70 * DEGREES, theta=-60 * DEGREES)
        surface = Surface(lambda u, v: np.array([u, v, 0.6 * np.sin(u) * np.cos(v)]), u_range=[-3, 3], v_range=[-3, 3], resolution=(48, 48))
        line = Line3D(start=[0, 0, -2.5], end=[0, 0, 2.5], color=YELLOW)
        self.add(surface, line)
        self.begin_ambient_camera_rotation(rate=24 * DEGREES)
        self.wait(5)
'''

PAIRS = [("square-to-circle", "SquareToCircle"), ("animated-square", "AnimatedSquareToCircle"),
         ("moving-around", "MovingAround"), ("moving-frame-box", "MovingFrameBox"),
         ("point-on-shapes", "PointMovingOnShapes"), ("riemann-sums", "RiemannSums"),
         ("surface-plot", "ThreeDSurfacePlot"), ("line-through-surface", "LineThroughSurface")]


def timed(cmd, **kw):
    start = time.monotonic()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)
    return time.monotonic() - start


def main():
    only = set(sys.argv[1:])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    manim = os.environ.get("MANIM", "/tmp/peersvenv/bin/manim")
    animate = os.path.join(root, ".build/release/animate")
    work = tempfile.mkdtemp(prefix="bench-lessons-")
    source = os.path.join(work, "lessons.py")
    with open(source, "w") as f:
        f.write(MANIM_SCENES)
    print("| lesson | animate s | Manim s | Manim / animate |")
    print("|---|---|---|---|")
    for ours, theirs in PAIRS:
        if only and ours not in only:
            continue
        a = timed([animate, ours, "--fps", "60", "-o", os.path.join(work, ours + ".mp4"), "--quiet"])
        try:
            m = timed([manim, "render", "-qh", "--fps", "60", "--disable_caching", "--media_dir", os.path.join(work, "media"),
                       source, theirs], cwd=work)
            print(f"| {ours} | {a:.2f} | {m:.2f} | {m / a:.1f}x |", flush=True)
        except subprocess.CalledProcessError:
            # MathTex needs a LaTeX installation, which Manim does not bring.
            print(f"| {ours} | {a:.2f} | failed | - |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
