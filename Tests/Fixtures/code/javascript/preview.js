
"use strict";
const $ = (id) => document.getElementById(id);
const client = Math.random().toString(36).slice(2) + Date.now().toString(36);
const state = { tool: "animate", scenes: [], scene: null, frame: 0, size: "", fps: "60", seed: "0", playing: false };
let instance = null;

// URL fragment keeps the view across reloads and restarts: #scene=...&frame=...&size=...&fps=...
function readHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  return { scene: h.get("scene"), frame: h.has("frame") ? parseInt(h.get("frame"), 10) : null, size: h.get("size"), fps: h.get("fps") };
}
function writeHash() {
  const h = new URLSearchParams({ scene: state.scene.name, frame: String(state.frame), size: state.size, fps: state.fps });
  history.replaceState(null, "", "#" + h.toString());
}

function rate() {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(state.fps);
  const v = m ? parseInt(m[1], 10) / parseInt(m[2], 10) : parseFloat(state.fps);
  return v > 0 && isFinite(v) ? v : 60;
}
function frameCount() { return Math.max(1, Math.round(state.scene.duration * rate())); }

// Frames: at most one request in flight; while it is out, only the newest wanted frame is kept,
// so scrubbing and playback drop frames instead of queueing stale ones. A change shows a quick
// JPEG first; once the view rests, the exact PNG replaces it.
let inflight = false, wanted = null, shownURL = null, settle = null;
const settleDelay = 150;
function want() {
  const w = { scene: state.scene.name, frame: state.frame, size: state.size, fps: state.fps };
  wanted = { ...w, format: "jpg" };
  pump();
  clearTimeout(settle);
  settle = setTimeout(() => {
    if (state.playing) return;
    const now = { scene: state.scene.name, frame: state.frame, size: state.size, fps: state.fps };
    if (JSON.stringify(now) === JSON.stringify(w)) { wanted = { ...w, format: "png" }; pump(); }
  }, settleDelay);
}
async function pump() {
  if (inflight || !wanted) return;
  const w = wanted; wanted = null; inflight = true;
  const q = new URLSearchParams({ fps: w.fps, seed: state.seed, client });
  if (w.size) q.set("size", w.size);
  const url = `/scenes/${encodeURIComponent(w.scene)}/frames/${w.frame}.${w.format}?${q}`;
  try {
    const response = await fetch(url, { cache: "no-store" });
    if (response.ok) {
      const blob = await response.blob();
      const objectURL = URL.createObjectURL(blob);
      const img = $("frame");
      img.src = objectURL;
      await img.decode().catch(() => {});
      if (shownURL) URL.revokeObjectURL(shownURL);
      shownURL = objectURL;
      img.dataset.scene = w.scene; img.dataset.frame = String(w.frame);
      img.dataset.format = w.format; img.dataset.shownAt = String(performance.now());
      if (!buildFailed) hideError();
    } else if (response.status === 503) {
      // The server is drawing for others: ask again shortly, unless a newer frame is wanted.
      if (!wanted) wanted = w;
      await new Promise(resolve => setTimeout(resolve, 250));
    } else if (response.status !== 409) {
      showError("This frame cannot be drawn", (await response.text()).trim());
      state.playing = false; updatePlay();
    }
  } catch (e) {
    // The server is away (restarting); the event stream brings the page back.
  } finally {
    inflight = false;
    pump();
  }
}

function setFrame(n, fromPlayback) {
  const count = frameCount();
  state.frame = Math.min(Math.max(0, n | 0), count - 1);
  if (!fromPlayback && state.playing) { state.playing = false; updatePlay(); }
  render();
  want();
}

function render() {
  const count = frameCount(), r = rate();
  $("scrubber").max = String(count - 1);
  $("scrubber").value = String(state.frame);
  const t = state.frame / r, total = count / r;
  $("position").textContent = `${t.toFixed(3)} s / ${total.toFixed(2)} s · frame ${state.frame} / ${count - 1}`;
  const size = state.size ? ` --size ${state.size}` : "";
  $("command").value = `${state.tool} ${state.scene.name}${size} --fps ${state.fps} --frames ${state.frame}..${state.frame} -o ${state.scene.name}-${state.frame}.png`;
  $("description").textContent = state.scene.description;
  writeHash();
}

// Playback follows the scene's sound when it has some (the sound is the clock, so picture and
// voice stay together), else the wall clock at the scene's rate: when drawing is slower than
// real time, frames are skipped, never slowed down.
const sound = $("sound");
let playStart = 0, playFrom = 0, soundOn = true;
function soundURL() {
  return `/scenes/${encodeURIComponent(state.scene.name)}/sound.wav?fps=${encodeURIComponent(state.fps)}&seed=${encodeURIComponent(state.seed)}`;
}
function loadSound() {
  const url = state.scene && state.scene.sound ? soundURL() : "";
  $("mute").style.display = url ? "" : "none";
  if (sound.dataset.url === url) return;
  sound.pause();
  sound.dataset.url = url;
  if (url) { sound.src = url; } else { sound.removeAttribute("src"); sound.load(); }
}
function soundPlays() { return state.playing && soundOn && !!sound.dataset.url; }
function startClock() {
  playStart = performance.now(); playFrom = state.frame;
  if (soundPlays()) {
    sound.currentTime = state.frame / rate();
    sound.play().catch((err) => setStatus("sound: " + err.message, true));
  } else {
    sound.pause();
  }
}
function updatePlay() {
  $("play").textContent = state.playing ? "❚❚" : "▶︎";
  $("mute").style.textDecoration = soundOn ? "none" : "line-through";
  if (!state.playing) sound.pause();
}
function togglePlay() {
  state.playing = !state.playing;
  if (state.playing) {
    if (state.frame >= frameCount() - 1) state.frame = 0;
    startClock();
    requestAnimationFrame(tick);
  }
  updatePlay();
}
function toggleSound() {
  soundOn = !soundOn;
  if (state.playing) startClock();
  updatePlay();
}
function tick(now) {
  if (!state.playing) return;
  const count = frameCount();
  const n = soundPlays() && !sound.paused ? Math.floor(sound.currentTime * rate() + 1e-6)
                                          : playFrom + Math.floor((now - playStart) / 1000 * rate());
  const frame = n % count;
  if (frame !== state.frame) setFrame(frame, true);
  requestAnimationFrame(tick);
}
sound.addEventListener("ended", () => { if (soundPlays()) { state.frame = 0; startClock(); } });

function selectScene(name, frame) {
  state.scene = state.scenes.find((s) => s.name === name) || state.scenes[0];
  $("scene").value = state.scene.name;
  loadSound();
  setFrame(frame ?? 0);
}

let buildFailed = false;
function showError(title, text) {
  $("error-title").textContent = title; $("error-text").textContent = text; $("error").style.display = "block";
}
function hideError() { $("error").style.display = "none"; }
function setStatus(text, bad) { $("status").textContent = text; $("status").classList.toggle("bad", !!bad); }

async function load() {
  const info = await (await fetch("/scenes", { cache: "no-store" })).json();
  state.tool = info.tool; state.scenes = info.scenes;
  const from = readHash();
  // The fragment holds the view once the page has drawn; before that, the preview's defaults.
  state.size = from.size ?? info.defaults.size ?? "";
  state.fps = from.fps || info.defaults.fps;
  state.seed = info.defaults.seed;
  $("size").value = state.size; $("fps").value = state.fps;
  const select = $("scene");
  select.innerHTML = "";
  for (const s of state.scenes) {
    const o = document.createElement("option");
    o.value = s.name; o.textContent = `${s.name} (${Number(s.duration.toFixed(2))} s)`;
    select.appendChild(o);
  }
  selectScene(from.scene || (state.scene && state.scene.name) || info.defaults.scene, from.frame ?? state.frame);
}

function connect() {
  const events = new EventSource("/events");
  events.addEventListener("hello", (e) => {
    const id = JSON.parse(e.data).instance;
    setStatus("live");
    if (instance !== null && id !== instance) {
      // A new build is serving: the same scene, frame, size and rate, drawn again.
      buildFailed = false; hideError();
      load().catch((err) => setStatus("cannot load scenes: " + err, true));
    }
    instance = id;
  });
  events.addEventListener("build", (e) => {
    const b = JSON.parse(e.data);
    if (b.state === "building") { setStatus("building…"); }
    else if (b.state === "failed") {
      buildFailed = true;
      setStatus("build failed", true);
      const where = b.file ? `${b.file}:${b.line}: ` : "";
      showError("Build failed: still showing the last good build", `${where}${b.message}\n\n${b.log || ""}`);
    } else if (b.state === "succeeded") { setStatus("restarting…"); }
  });
  events.onerror = () => setStatus("reconnecting…");
}

$("scene").addEventListener("change", (e) => selectScene(e.target.value, 0));
$("scrubber").addEventListener("input", (e) => setFrame(parseInt(e.target.value, 10)));
$("start").addEventListener("click", () => setFrame(0));
$("end").addEventListener("click", () => setFrame(frameCount() - 1));
$("back").addEventListener("click", () => setFrame(state.frame - 1));
$("forward").addEventListener("click", () => setFrame(state.frame + 1));
$("play").addEventListener("click", togglePlay);
$("mute").addEventListener("click", toggleSound);
$("size").addEventListener("change", (e) => { state.size = e.target.value.trim(); setFrame(state.frame); });
$("fps").addEventListener("change", (e) => {
  const t = state.frame / rate();
  state.fps = e.target.value.trim() || "60";
  loadSound();
  setFrame(Math.floor(t * rate() + 1e-9));      // the same moment at the new rate
});
$("copy").addEventListener("click", async () => {
  const field = $("command");
  try { await navigator.clipboard.writeText(field.value); } catch { field.select(); document.execCommand("copy"); }
  $("copy").textContent = "Copied"; setTimeout(() => ($("copy").textContent = "Copy"), 1200);
});
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" && e.target.type === "text") return;
  if (e.target.tagName === "SELECT") return;
  const keys = { ArrowLeft: () => setFrame(state.frame - 1), ArrowRight: () => setFrame(state.frame + 1),
                 Home: () => setFrame(0), End: () => setFrame(frameCount() - 1), " ": togglePlay, m: toggleSound };
  if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
});

load().then(connect).catch((err) => setStatus("cannot load scenes: " + err, true));
