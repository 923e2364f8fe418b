#!/usr/bin/env bash
# Installs the Debian packages that animate needs to build and run; with --tests, also what the
# tests need (headless Chromium and chromedriver for the preview's browser tests).
# Idempotent: packages already present are left alone, and the script exits 0.
set -euo pipefail

packages=(
  pkg-config
  libavcodec-dev libavformat-dev libavutil-dev libswscale-dev  # FFmpeg 5.1: encode, mux, convert, hash
  libswresample-dev                                           # FFmpeg 5.1: audio to 48 kHz stereo
  libespeak-ng-dev espeak-ng-data                             # text-to-speech for narration
  ffmpeg                                                      # ffprobe/ffmpeg: tests decode our output back
  libfreetype-dev libfontconfig-dev                           # glyph outlines and font lookup
  libharfbuzz-dev                                             # OpenType shaping
  libfribidi-dev                                              # the bidirectional algorithm
  libicu-dev                                                  # line breaks and scripts (ICU)
  fonts-dejavu-core fonts-wqy-microhei                        # Latin and CJK defaults
  fonts-noto-core                                             # the world's scripts (Arabic, Devanagari, Thai, ...)
  fonts-noto-color-emoji                                      # colour emoji (bitmaps)
  fonts-lmodern                                               # Latin Modern Math: formulas' default OpenType MATH font
  fonts-texgyre-math fonts-stix fonts-oflb-asana-math         # the other MATH fonts formulas may name
)
if [ "${1:-}" = "--tests" ]; then
  packages+=(chromium chromium-driver)                        # the preview's browser tests (headless, WebDriver)
  packages+=(python3-venv)                                     # the venv the Python references (typst) live in
  packages+=(libharfbuzz-bin unicode-data)                    # hb-shape and Unicode's conformance files, the text tests' references
  packages+=(libc6-dev libstdc++-12-dev libjs-jquery libjs-underscore libpython3.11-minimal)  # real source files the code lexers are checked on
fi

# The tests' Python references (PyPI, in a venv of their own): Typst, to compare formula layouts;
# Pygments, to compare the code lexers' tokens.
install_oracles() {
  local venv="${ANIMATE_ORACLES:-$HOME/.cache/animate/oracles}"
  if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import typst, PIL, pygments" 2>/dev/null; then return 0; fi
  echo "scripts/setup: installing the test references (typst, pillow, pygments) into $venv" >&2
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q --disable-pip-version-check "typst==0.15.2" "pillow>=10" "pygments==2.21.0" >&2
}

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  if [ "${1:-}" = "--tests" ]; then install_oracles; fi
  exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  as_root=(sudo)
fi

echo "scripts/setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq >&2
"${as_root[@]}" apt-get install -y --no-install-recommends -qq "${missing[@]}" >&2
if [ "${1:-}" = "--tests" ]; then install_oracles; fi
