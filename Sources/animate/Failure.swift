import ArgumentParser
import Foundation

/// Runs `body`, turning failures into one `error: ...` line on stderr and exit code 1, while
/// usage errors (`ValidationError`) and explicit exit codes pass through to argument-parser.
func reportingFailures<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ValidationError {
        throw error
    } catch let error as ExitCode {
        throw error
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        throw ExitCode.failure
    }
}
