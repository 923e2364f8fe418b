public import AnimateScene
import Foundation

/// An output that cannot be written. `description` is the one line a user reads, naming the path
/// and the reason; the user's previous file at that path is left as it was.
public enum OutputError: Error, CustomStringConvertible, Sendable, Equatable {
    case cannotWrite(path: String, Reason)
    /// The previous output could not be moved aside to be replaced.
    case cannotReplace(path: String, Reason)

    /// Why.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        case directoryMissing(String)
        case directoryNotWritable(String)
        case isADirectory
        case isAFileNotAFolder
        /// The file name is longer than the file system's 255 bytes.
        case nameTooLong(Int)
        /// A system call failed with this `errno`.
        case system(Int32)
        /// Foundation's description of what failed.
        case other(String)

        public var description: String {
            switch self {
            case .directoryMissing(let dir): "directory \(dir) does not exist"
            case .directoryNotWritable(let dir): "directory \(dir) is not writable"
            case .isADirectory: "it is a directory"
            case .isAFileNotAFolder: "it is a file, not a folder"
            case .nameTooLong(let bytes): "its name is \(bytes) bytes long, more than the 255 a file name may have"
            case .system(let code): String(cString: strerror(code))
            case .other(let text): text
            }
        }
    }

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason): "cannot write \(path): \(reason)"
        case let .cannotReplace(path, reason): "cannot replace \(path): \(reason)"
        }
    }
}

extension OutputError: AnimateError {}
