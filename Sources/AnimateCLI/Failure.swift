import Animate
import ArgumentParser
import Foundation

/// Runs `body`, turning failures into one `error: ...` line on stderr and exit code 1, and an
/// interruption (SIGINT, SIGTERM, SIGHUP) into removing pending temporary files and exit 128 + signal;
/// usage errors (`ValidationError`, an `AnimateError` that is one) and explicit exit codes pass
/// through to argument-parser.
package func reportingFailures<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ValidationError {
        throw error
    } catch let error as any AnimateError where error.isUsageError {
        throw ValidationError(Console.visible(error.description))
    } catch let error as ExitCode {
        throw error
    } catch is CancellationError where Interruption.received != 0 {
        OutputFile.discardAllPending()
        throw ExitCode(128 + Interruption.received)
    } catch where Interruption.received != 0 {
        // A failure the signal caused (an open or write on a blocked output cut short).
        Console.interrupted()
        OutputFile.discardAllPending()
        throw ExitCode(128 + Interruption.received)
    } catch {
        Console.error(error)
        throw ExitCode.failure
    }
}
