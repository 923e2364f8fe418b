import CEspeakNG
import Foundation

/// The espeak-ng functions animate calls, looked up in `libespeak-ng.so.1` when a process first
/// speaks. Linked at build time, the library (and the PulseAudio, ALSA and D-Bus libraries it
/// depends on) would be loaded and initialised by every run of every command.
struct EspeakLibrary: @unchecked Sendable {
    typealias Callback = @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32

    let initialize: @convention(c) (espeak_AUDIO_OUTPUT, Int32, UnsafePointer<CChar>?, Int32) -> Int32
    let setSynthCallback: @convention(c) (Callback?) -> Void
    let setVoiceByName: @convention(c) (UnsafePointer<CChar>?) -> espeak_ERROR
    let setParameter: @convention(c) (espeak_PARAMETER, Int32, Int32) -> espeak_ERROR
    let synth: @convention(c) (UnsafeRawPointer?, Int, UInt32, espeak_POSITION_TYPE, UInt32, UInt32,
                               UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?) -> espeak_ERROR
    let synchronize: @convention(c) () -> espeak_ERROR

    static func load() -> Result<EspeakLibrary, SpeechError> {
        guard let handle = dlopen("libespeak-ng.so.1", RTLD_NOW | RTLD_LOCAL) else {
            return .failure(SpeechError("espeak-ng is not installed (its library libespeak-ng.so.1 was not found; scripts/setup installs it)"))
        }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let initialize = symbol("espeak_Initialize", as: (@convention(c) (espeak_AUDIO_OUTPUT, Int32, UnsafePointer<CChar>?, Int32) -> Int32).self),
              let setSynthCallback = symbol("espeak_SetSynthCallback", as: (@convention(c) (Callback?) -> Void).self),
              let setVoiceByName = symbol("espeak_SetVoiceByName", as: (@convention(c) (UnsafePointer<CChar>?) -> espeak_ERROR).self),
              let setParameter = symbol("espeak_SetParameter", as: (@convention(c) (espeak_PARAMETER, Int32, Int32) -> espeak_ERROR).self),
              let synth = symbol("espeak_Synth", as: (@convention(c) (UnsafeRawPointer?, Int, UInt32, espeak_POSITION_TYPE, UInt32, UInt32,
                                                                      UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?) -> espeak_ERROR).self),
              let synchronize = symbol("espeak_Synchronize", as: (@convention(c) () -> espeak_ERROR).self) else {
            return .failure(SpeechError("espeak-ng's library lacks the functions animate uses (an unexpected version?)"))
        }
        return .success(EspeakLibrary(initialize: initialize, setSynthCallback: setSynthCallback, setVoiceByName: setVoiceByName,
                                      setParameter: setParameter, synth: synth, synchronize: synchronize))
    }
}
