import Foundation
import CDispatch

/// Stacks big enough for the command whatever `ulimit -s` says. The limit sizes the main thread's
/// stack and, in glibc, every thread started without a size; Swift's runtime, the encoders and
/// FFmpeg's threads recurse further than a limit of 64 KB allows.
enum ThreadStack {
    /// What the command's threads get when the limit is smaller.
    static let bytes = 8 << 20

    /// `body`'s result, run on this thread when the stack limit allows `bytes`; otherwise threads
    /// started from now on get `bytes`, and `body` runs on one of them (a thread's stack is
    /// mapped at its size, not grown under the limit).
    static func run(_ body: @escaping @Sendable () -> Int32) -> Int32 {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_STACK.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(bytes) else {
            return body()
        }
        setDefaultSize()
        let result = Result()
        let thread = Thread {
            result.code = body()
            result.done.signal()
        }
        thread.stackSize = bytes
        thread.start()
        result.done.wait()
        return result.code
    }

    /// glibc's `pthread_setattr_default_np` (a GNU extension Swift's Glibc module leaves out).
    private static func setDefaultSize() {
        typealias SetDefault = @convention(c) (UnsafePointer<pthread_attr_t>) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_setattr_default_np") else { return }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, bytes)
        _ = unsafeBitCast(symbol, to: SetDefault.self)(&attributes)
        pthread_attr_destroy(&attributes)
    }

    private final class Result: @unchecked Sendable {
        var code: Int32 = 0
        let done = DispatchSemaphore(value: 0)
    }
}
