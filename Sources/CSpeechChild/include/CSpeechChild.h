#ifndef ANIMATE_CSPEECHCHILD_H
#define ANIMATE_CSPEECHCHILD_H

// The speech child: a process started from the running executable (/proc/self/exe) with
// ANIMATE_SPEECH_CHILD=1 in its environment speaks one utterance with espeak-ng and exits before
// main. Its arguments are the voice, the rate and the pitch; the text comes on standard input,
// and records go to standard output, each a run of native-endian int32 values:
//   SAMPLES count, then count int16 samples (count 0: SAMPLES 0 rate, the sample rate)
//   WORD position length sample
//   STATUS status (the last record)

#define ANIMATE_SPEECH_CHILD_ENV "ANIMATE_SPEECH_CHILD"

enum {
    animate_speech_samples_record = 1,
    animate_speech_word_record = 2,
    animate_speech_status_record = 3,
};

enum {
    animate_speech_ok = 0,
    animate_speech_no_data = 1,
    animate_speech_no_voice = 2,
    animate_speech_failed = 3,
    animate_speech_no_library = 4,
    animate_speech_bad_request = 5,
};

/// pipe2(fds, O_CLOEXEC): a pipe no other child started meanwhile inherits (Swift's Glibc module
/// does not declare pipe2).
int animate_speech_pipe(int fds[2]);

#endif
