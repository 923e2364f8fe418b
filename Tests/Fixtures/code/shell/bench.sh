#!/usr/bin/env bash
# Benchmarks (release build). Not timed tests: run them deliberately and quote medians and ratios.
#
#   scripts/bench raster --displaylists DIR --frames N --reps R --png-frame K --out OUTDIR
#       Draws the display lists of ../shared/bench/raster_bench.py --dump-displaylist DIR through our
#       canvas (one thread, 1920x1080); the last stdout line is the JSON side_by_side.py reads:
#       /tmp/peersvenv/bin/python ../shared/bench/side_by_side.py -- scripts/bench raster
#   scripts/bench text
#       45 lines of code and a paragraph at 1080p beside Cairo and Skia (../shared/bench/text_bench.py).
#   scripts/bench formulas
#       The quadratic formula laid out from scratch (median microseconds), and a 1080p frame of 20
#       formulas beside the same frame with their characters as text.
#   scripts/bench storyboard
#       A 500-beat storyboard's state at random times, and a morph of two 500-segment paths.
#   scripts/bench diagrams
#       A 1080p frame of axes with 40 numbered ticks, a grid and three plots; the plots' sampling.
#   scripts/bench code
#       Lexing a 2,000-line Swift file, and a 1080p frame of 50 highlighted lines beside the same
#       lines as plain text.
#   scripts/bench lessons
#       The storyboard lessons end to end at 1080p60 beside Manim rendering the same (needs Manim
#       in ../shared/bench's venv).
#   scripts/bench stills [--scenes a,b] [--size WxH] [--threads 1,2,4]
#       Single frames of the built-in scenes drawn by one thread and by several in bands.
#   scripts/bench filters [--radius 20]
#       A 1080p blur beside Skia's (../shared/bench/blur_bench.py): medians, ratio, PSNR vs the exact Gaussian.
#   scripts/bench codecs [--scenes a,b] [--size WxH] [--rows codec:quality[:pixfmt],...]
#       Each codec and quality level on three scenes: time (drawing included), size, RGB PSNR.
#   scripts/bench export
#       End-to-end fps at 1080p60 beside ffmpeg encoding the same frames from y4m, and peak memory.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mode="${1:-}"
case "$mode" in
  raster)
    shift
    swift build -c release --package-path "$root" --product animate-bench >&2
    exec "$root/.build/release/animate-bench" raster "$@"
    ;;
  text)
    # Text beside Cairo and Skia (../shared/bench/text_bench.py, needs its venv): 45 lines of code
    # and a paragraph at 1080p, medians and ratios: scripts/bench text
    shift
    swift build -c release --package-path "$root" --product animate-bench >&2
    exec /tmp/peersvenv/bin/python "$root/../shared/bench/text_bench.py" -- "$root/.build/release/animate-bench" text "$@"
    ;;
  lessons)
    swift build -c release --package-path "$root" --product animate >&2
    exec python3 "$root/scripts/bench-lessons.py"
    ;;
  storyboard|formulas|diagrams|code)
    shift
    swift build -c release --package-path "$root" --product animate-bench >&2
    exec "$root/.build/release/animate-bench" "$mode" "$@"
    ;;
  stills)
    # Single frames of the built-in scenes on one and more threads (bands), same bytes checked:
    # scripts/bench stills [--scenes a,b] [--size WxH] [--threads 1,2,4] [--reps R]
    shift
    swift build -c release --package-path "$root" --product animate-bench >&2
    exec "$root/.build/release/animate-bench" stills "$@"
    ;;
  export)
    # End-to-end fps of animate at 1080p60 beside ffmpeg encoding the same frames from y4m (the ceiling),
    # and peak memory: scripts/bench export [--scenes a,b] [--seconds S] [--preset P] [--crf Q] [--runs R]
    shift
    "$root/scripts/setup"
    swift build -c release --package-path "$root" --product animate >&2
    exec python3 "$root/scripts/bench-export.py" "$root/.build/release/animate" "$@"
    ;;
  preview)
    # Preview latency in headless Chromium: scrub -> frame on screen, median and p95:
    # scripts/bench preview [--scenes a,b] [--jumps N] [--drags N] [--size WxH]
    shift
    "$root/scripts/setup" --tests
    swift build -c release --package-path "$root" --product animate >&2
    exec python3 "$root/scripts/bench-preview.py" "$root/.build/release/animate" "$@"
    ;;
  filters)
    # Blur beside Skia's blur image filter at 1080p: time and PSNR against the exact Gaussian:
    # scripts/bench filters [--radius 20] [--reps 10]   (needs the peers' venv: bash ../shared/bench/setup.sh)
    shift
    swift build -c release --package-path "$root" --product animate-bench >&2
    exec python3 "$root/scripts/bench-filters.py" "$root/.build/release/animate-bench" "$@"
    ;;
  codecs)
    # Each codec and quality level: time, size and PSNR against our frames:
    # scripts/bench codecs [--scenes a,b] [--size WxH] [--fps N] [--seconds S] [--rows codec:quality[:pixfmt],...]
    shift
    "$root/scripts/setup"
    swift build -c release --package-path "$root" --product animate >&2
    exec python3 "$root/scripts/bench-codecs.py" "$root/.build/release/animate" "$@"
    ;;
  gif)
    # Our GIFs beside ffmpeg's palettegen+paletteuse on the same frames: time, PSNR, size.
    shift
    "$root/scripts/setup"
    swift build -c release --package-path "$root" --product animate >&2
    exec python3 "$root/scripts/bench-gif.py" "$root/.build/release/animate" "$@"
    ;;
  *)
    echo "usage: scripts/bench raster --displaylists DIR --frames N --reps R --png-frame K --out OUTDIR" >&2
    echo "       scripts/bench stills [--scenes a,b] [--size WxH] [--threads 1,2,4] [--reps R]" >&2
    echo "       scripts/bench export [--scenes a,b] [--seconds S] [--preset P] [--crf Q] [--runs R]" >&2
    echo "       scripts/bench gif [--scenes a,b] [--size WxH] [--fps N] [--seconds S]" >&2
    echo "       scripts/bench codecs [--scenes a,b] [--size WxH] [--fps N] [--seconds S] [--rows codec:quality[:pixfmt],...]" >&2
    echo "       scripts/bench preview [--scenes a,b] [--jumps N] [--drags N] [--size WxH]" >&2
    exit 64
    ;;
esac
