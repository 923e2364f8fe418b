import Foundation

/// Why a path cannot be read as an input file.
public enum InputFileProblem: String, Error, CustomStringConvertible, Sendable, Equatable {
    case missing = "no such file"
    case directory = "it is a directory"
    case notRegular = "not a regular file"
    case unreadable = "permission denied"

    public var description: String { rawValue }
}

/// The one check the sound, picture and segment readers make before handing a path to FFmpeg (a
/// pipe or device would block or never end).
package enum InputFile {
    /// The first reason `path` is not a readable regular file, or nil when it is one.
    package static func problem(at path: String) -> InputFileProblem? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        guard !isDirectory.boolValue else { return .directory }
        let type = (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) ?? nil
        guard type == .typeRegular else { return .notRegular }
        guard access(path, R_OK) == 0 else { return .unreadable }
        return nil
    }
}
