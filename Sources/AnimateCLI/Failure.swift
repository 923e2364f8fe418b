import Animate
import ArgumentParser
import Foundation

/// Runs `body`, turning failures into one `error: ...` line on stderr and exit code 1, and an
/// interruption (SIGINT/SIGTERM) into removing pending temporary files and exit 128 + signal;
/// usage errors (`ValidationError`, a broken `RenderError` rule) and explicit exit codes pass
/// through to argument-parser.
package func reportingFailures<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ValidationError {
        throw error
    } catch let error as RenderError {
        throw ValidationError(error.description)
    } catch let error as ExitCode {
        throw error
    } catch is CancellationError where Interruption.received != 0 {
        OutputFile.discardAllPending()
        throw ExitCode(128 + Interruption.received)
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        throw ExitCode.failure
    }
}
