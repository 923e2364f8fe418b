// The speech child (see CSpeechChild.h). espeak-ng keeps state from one utterance to the next and
// cannot be restarted in a process, so each utterance is spoken by a fresh process: a pure
// function of text, voice, rate and pitch. The child is this same executable, started with
// posix_spawn (exec, never a bare fork of a threaded process), and caught here before main.

#define _GNU_SOURCE
#include "CSpeechChild.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <espeak-ng/speak_lib.h>

static void put(const void *bytes, size_t count) {
    const char *p = bytes;
    while (count > 0) {
        ssize_t n = write(1, p, count);
        if (n > 0) { p += n; count -= (size_t)n; }
        else if (n < 0 && errno == EINTR) continue;
        else _exit(1);
    }
}

static void record(int32_t a, int32_t b, int32_t c, int32_t d, int values) {
    int32_t r[4] = {a, b, c, d};
    put(r, sizeof(int32_t) * (size_t)values);
}

static int synth_callback(short *wav, int count, espeak_EVENT *events) {
    if (wav && count > 0) {
        record(animate_speech_samples_record, count, 0, 0, 2);
        put(wav, (size_t)count * 2);
    }
    for (espeak_EVENT *e = events; e && e->type != espeakEVENT_LIST_TERMINATED; e++) {
        if (e->type == espeakEVENT_WORD && e->length > 0) {
            record(animate_speech_word_record, e->text_position, e->length, e->sample, 4);
        }
    }
    return 0;
}

/// The text from standard input, NUL-terminated; NULL when it cannot be read.
static char *read_text(void) {
    size_t size = 0, capacity = 4096;
    char *text = malloc(capacity);
    while (text) {
        if (size + 1 >= capacity) {
            char *grown = realloc(text, capacity * 2);
            if (!grown) { free(text); return NULL; }
            text = grown;
            capacity *= 2;
        }
        ssize_t n = read(0, text + size, capacity - size - 1);
        if (n > 0) size += (size_t)n;
        else if (n < 0 && errno == EINTR) continue;
        else if (n < 0) { free(text); return NULL; }
        else break;
    }
    if (text) text[size] = 0;
    return text;
}

static int speak(int argc, char **argv) {
    if (argc < 4) return animate_speech_bad_request;
    const char *voice = argv[1];
    int rate = atoi(argv[2]), pitch = atoi(argv[3]);
    char *text = read_text();
    if (!text) return animate_speech_bad_request;

    // Loaded here, not linked: linked, libespeak-ng (with PulseAudio, ALSA and D-Bus) would be
    // loaded by every run of every command.
    void *library = dlopen("libespeak-ng.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) return animate_speech_no_library;
    int (*initialize)(espeak_AUDIO_OUTPUT, int, const char *, int) = dlsym(library, "espeak_Initialize");
    void (*set_callback)(t_espeak_callback *) = dlsym(library, "espeak_SetSynthCallback");
    espeak_ERROR (*set_voice)(const char *) = dlsym(library, "espeak_SetVoiceByName");
    espeak_ERROR (*set_parameter)(espeak_PARAMETER, int, int) = dlsym(library, "espeak_SetParameter");
    espeak_ERROR (*synth)(const void *, size_t, unsigned int, espeak_POSITION_TYPE, unsigned int, unsigned int,
                          unsigned int *, void *) = dlsym(library, "espeak_Synth");
    espeak_ERROR (*synchronize)(void) = dlsym(library, "espeak_Synchronize");
    if (!initialize || !set_callback || !set_voice || !set_parameter || !synth || !synchronize) {
        return animate_speech_no_library;
    }

    // Synchronous output to our callback; 0x8000 (espeakINITIALIZE_DONT_EXIT) keeps a missing data
    // folder from ending the process.
    int sample_rate = initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, NULL, 0x8000);
    if (sample_rate <= 0) return animate_speech_no_data;
    record(animate_speech_samples_record, 0, sample_rate, 0, 3);
    set_callback(synth_callback);
    if (set_voice(voice) != EE_OK) return animate_speech_no_voice;
    set_parameter(espeakRATE, rate, 0);
    set_parameter(espeakPITCH, pitch, 0);
    if (synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, NULL, NULL) != EE_OK || synchronize() != EE_OK) {
        return animate_speech_failed;
    }
    return animate_speech_ok;
}

int animate_speech_pipe(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

struct speech_call { int argc; char **argv; int status; };

static void *speak_on_thread(void *argument) {
    struct speech_call *call = argument;
    call->status = speak(call->argc, call->argv);
    return NULL;
}

__attribute__((constructor)) static void animate_speech_child(int argc, char **argv, char **envp) {
    (void)envp;
    const char *flag = getenv(ANIMATE_SPEECH_CHILD_ENV);
    if (!flag || strcmp(flag, "1") != 0) return;
    // Spoken on a thread with a stack of its own size: the main thread's stack is whatever
    // `ulimit -s` left it (espeak-ng needs far more than a small limit gives).
    struct speech_call call = { argc, argv, animate_speech_failed };
    pthread_attr_t attributes;
    pthread_t thread;
    int started = pthread_attr_init(&attributes) == 0 && pthread_attr_setstacksize(&attributes, 16u << 20) == 0
        && pthread_create(&thread, &attributes, speak_on_thread, &call) == 0;
    if (started) pthread_join(thread, NULL); else call.status = speak(argc, argv);
    record(animate_speech_status_record, call.status, 0, 0, 2);
    _exit(0);
}
