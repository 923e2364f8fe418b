import Foundation

extension SlideDeck {
    /// The presentation page: everything inside it, operated by keyboard, clicker or screen reader.
    ///
    /// Keys: → ↓ PageDown Space N next; ← ↑ PageUp P previous; Home, End; a slide's number then
    /// Enter jumps to it; T shows the transcript; C turns captions on and off; D the descriptions;
    /// F full screen. `#3` or `#name` in the address opens a slide.
    public func html() -> String {
        let esc = Transcript.escape
        var slideList = ""
        var videos = ""
        for (k, slide) in slides.enumerated() {
            slideList += "<li><button type=\"button\" data-slide=\"\(k)\">\(k + 1). \(esc(slide.name))</button></li>\n"
            videos += "<video id=\"slide-\(k)\" class=\"slide\" preload=\"auto\" playsinline hidden\(slide.loops ? " loop" : "")"
                + " aria-label=\"Slide \(k + 1): \(esc(slide.name))\" data-name=\"\(esc(slide.name))\""
                + " src=\"data:video/mp4;base64,\(slide.video.base64EncodedString())\">\n"
            if let captions = slide.captions {
                videos += "<track kind=\"captions\" label=\"Captions\" srclang=\"\(esc(language))\" src=\"\(Self.dataURL(captions))\" default>\n"
            }
            if let descriptions = slide.descriptions {
                videos += "<track kind=\"descriptions\" label=\"Descriptions\" srclang=\"\(esc(language))\" src=\"\(Self.dataURL(descriptions))\">\n"
            }
            videos += "</video>\n"
        }
        let transcriptBody = transcript.body(level: 2, ids: "transcript-part")
        return """
        <!doctype html>
        <html lang="\(esc(language))">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; media-src data:; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(esc(title))</title>
        <style>
        html, body { margin: 0; height: 100%; background: #111; color: #f2f2f2; font: 16px/1.5 system-ui, sans-serif; }
        #deck { display: grid; grid-template-columns: 1fr auto; height: 100%; }
        #stage { position: relative; display: flex; flex-direction: column; min-width: 0; }
        #screen { flex: 1; display: flex; align-items: center; justify-content: center; min-height: 0; }
        video.slide { max-width: 100%; max-height: 100%; background: #000; }
        #bar { display: flex; gap: .5rem; align-items: center; padding: .4rem .8rem; background: #1d1d1d; flex-wrap: wrap; }
        #bar button, #slides button { background: #2c2c2c; color: #f2f2f2; border: 1px solid #555; border-radius: 4px; padding: .3rem .7rem; font: inherit; cursor: pointer; }
        #bar button:focus-visible, #slides button:focus-visible { outline: 3px solid #ffbf47; outline-offset: 1px; }
        #status { margin-left: auto; }
        #slides { list-style: none; margin: 0; padding: .4rem; display: flex; gap: .4rem; flex-wrap: wrap; background: #1d1d1d; }
        #slides button[aria-current="true"] { background: #00607a; border-color: #7fd3e8; }
        #description { min-height: 1.5em; padding: .3rem .8rem; background: #0b3440; color: #fff; }
        #description[hidden] { display: none; }
        #transcript { width: min(34rem, 40vw); overflow-y: auto; background: #fff; color: #1a1a1a; padding: 0 1rem; border-left: 1px solid #444; }
        #transcript[hidden] { display: none; }
        #transcript .time { color: #4d4d4d; margin-right: .5rem; }
        #transcript .description { border-left: 4px solid #00607a; background: #eef6f8; padding: .3rem .6rem; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        </style>
        </head>
        <body>
        <div id="deck">
        <main id="stage" aria-label="Slides">
        <h1 class="visually-hidden">\(esc(title))</h1>
        <div id="screen">
        \(videos)</div>
        <p id="description" aria-live="polite"></p>
        <div id="bar" role="toolbar" aria-label="Presentation">
        <button type="button" id="previous" aria-keyshortcuts="ArrowLeft PageUp">Previous</button>
        <button type="button" id="next" aria-keyshortcuts="ArrowRight PageDown Space">Next</button>
        <button type="button" id="captions" aria-pressed="true" aria-keyshortcuts="C">Captions</button>
        <button type="button" id="descriptions" aria-pressed="true" aria-keyshortcuts="D">Descriptions</button>
        <button type="button" id="toggle-transcript" aria-pressed="false" aria-controls="transcript" aria-keyshortcuts="T">Transcript</button>
        <span id="status" role="status" aria-live="polite"></span>
        </div>
        <nav aria-label="Chapters"><ol id="slides">
        \(slideList)</ol></nav>
        </main>
        <aside id="transcript" aria-label="Transcript" tabindex="0" hidden>
        \(transcriptBody)
        </aside>
        </div>
        <script>
        \(Self.script)
        </script>
        </body>
        </html>

        """
    }

    /// A data URL of `text` as WebVTT.
    static func dataURL(_ text: String) -> String {
        "data:text/vtt;base64," + Data(text.utf8).base64EncodedString()
    }

    /// The player: one slide shown at a time, played to its end and held (or looped).
    static let script = #"""
    (() => {
      const videos = Array.from(document.querySelectorAll('video.slide'));
      const buttons = Array.from(document.querySelectorAll('#slides button'));
      const status = document.getElementById('status');
      const board = document.getElementById('description');
      const transcript = document.getElementById('transcript');
      let current = -1, typed = '', showCaptions = true, showDescriptions = true, waiting = false;
      // What the page is doing, for tests and tools: the slide shown, whether it has stopped,
      // and any load the content security policy refused (there should be none).
      const state = { slide: -1, stopped: false, refused: [] };
      document.addEventListener('securitypolicyviolation', (e) => state.refused.push(e.blockedURI || e.violatedDirective));
      window.animateDeck = state;

      function tracks(video, kind) { return Array.from(video.textTracks).filter(t => t.kind === kind); }

      function show(k, play = true) {
        k = Math.max(0, Math.min(videos.length - 1, k));
        if (current >= 0 && current !== k) { const old = videos[current]; old.pause(); old.hidden = true; }
        current = k;
        const video = videos[k];
        video.hidden = false;
        for (const t of tracks(video, 'captions')) t.mode = showCaptions ? 'showing' : 'hidden';
        for (const t of tracks(video, 'descriptions')) t.mode = 'hidden';
        buttons.forEach((b, i) => b.setAttribute('aria-current', i === k ? 'true' : 'false'));
        status.textContent = 'Slide ' + (k + 1) + ' of ' + videos.length + ': ' + video.dataset.name;
        board.textContent = '';
        state.slide = k; state.stopped = false; waiting = false;
        if (location.hash !== '#' + (k + 1)) history.replaceState(null, '', '#' + (k + 1));
        video.currentTime = 0;
        if (play) video.play().catch(() => { waiting = true; status.textContent += ' (press Space or Next to play)'; });
      }

      videos.forEach((video, k) => {
        video.addEventListener('ended', () => { if (k === current) state.stopped = true; });
        for (const t of tracks(video, 'descriptions')) {
          t.mode = 'hidden';
          t.addEventListener('cuechange', () => {
            if (k !== current || !showDescriptions) return;
            const cue = t.activeCues && t.activeCues[0];
            if (cue) board.textContent = cue.text;
          });
        }
      });

      // A browser may refuse to play sound before the first key or click: that one plays the slide.
      function next() {
        if (waiting) { waiting = false; show(current); return; }
        if (current < videos.length - 1) show(current + 1);
      }
      function previous() { show(current - 1); }
      function toggle(button, on) { button.setAttribute('aria-pressed', on ? 'true' : 'false'); }

      document.getElementById('next').addEventListener('click', next);
      document.getElementById('previous').addEventListener('click', previous);
      buttons.forEach((b, i) => b.addEventListener('click', () => show(i)));
      const captionsButton = document.getElementById('captions');
      captionsButton.addEventListener('click', () => {
        showCaptions = !showCaptions; toggle(captionsButton, showCaptions);
        for (const t of tracks(videos[current], 'captions')) t.mode = showCaptions ? 'showing' : 'hidden';
      });
      const descriptionsButton = document.getElementById('descriptions');
      descriptionsButton.addEventListener('click', () => {
        showDescriptions = !showDescriptions; toggle(descriptionsButton, showDescriptions);
        board.hidden = !showDescriptions; board.textContent = '';
      });
      const transcriptButton = document.getElementById('toggle-transcript');
      transcriptButton.addEventListener('click', () => {
        transcript.hidden = !transcript.hidden; toggle(transcriptButton, !transcript.hidden);
      });

      document.addEventListener('keydown', (e) => {
        if (e.altKey || e.ctrlKey || e.metaKey) return;
        const onButton = e.target instanceof HTMLButtonElement;
        switch (e.key) {
          case 'ArrowRight': case 'ArrowDown': case 'PageDown': case 'n': case 'N': next(); break;
          case ' ': if (onButton) return; next(); break;
          case 'ArrowLeft': case 'ArrowUp': case 'PageUp': case 'p': case 'P': case 'Backspace': previous(); break;
          case 'Home': show(0); break;
          case 'End': show(videos.length - 1); break;
          case 'Enter':
            if (typed) { show(parseInt(typed, 10) - 1); typed = ''; break; }
            if (onButton) return; next(); break;
          case 't': case 'T': transcriptButton.click(); break;
          case 'c': case 'C': captionsButton.click(); break;
          case 'd': case 'D': descriptionsButton.click(); break;
          case 'f': case 'F':
            if (document.fullscreenElement) document.exitFullscreen(); else document.documentElement.requestFullscreen().catch(() => {});
            break;
          default:
            if (/^[0-9]$/.test(e.key)) { typed += e.key; break; }
            return;
        }
        e.preventDefault();
      });

      function fromHash() {
        const h = decodeURIComponent(location.hash.slice(1));
        if (!h) return 0;
        if (/^[0-9]+$/.test(h)) return parseInt(h, 10) - 1;
        const named = videos.findIndex(v => v.dataset.name === h);
        return named >= 0 ? named : 0;
      }
      window.addEventListener('hashchange', () => { const k = fromHash(); if (k !== current) show(k); });
      show(fromHash());
    })();
    """#
}
