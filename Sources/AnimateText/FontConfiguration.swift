import CFreeType
import Foundation

/// fontconfig's configuration, loaded so that nothing in it can hang or flood a command. Before
/// fontconfig scans its font folders they are walked (a bounded count of entries, not a time, so a
/// busy machine says the same); a folder holding an entry fontconfig would open and wait on (a
/// FIFO, a socket, a device, or a link to one), a link back to a folder already walked (fontconfig
/// follows such loops down every path they make, exponentially), or a folder on a kernel file system
/// (`/proc`, `/sys`, `/dev`), is kept from it and its other fonts are added one by one. The problems fontconfig
/// reports while it reads are counted and said once, not printed one by one.
enum FontConfiguration {
    /// Entries looked at in the font folders, at most.
    static let maximumEntries = 200_000

    /// Loads the configuration and its fonts and makes it fontconfig's current one; returns what
    /// the user should know (each a sentence), empty when all was well.
    static func load() -> [String] {
        var notes: [String] = []
        let (config, reported) = capturingStandardError { () -> OpaquePointer? in
            guard let config = FcInitLoadConfig() else { return nil }
            let folders = fontFolders(of: config)
            let (unsafe, walkNote) = unsafeEntries(in: folders)
            if let walkNote { notes.append(walkNote) }
            var loose: [String] = []
            if !unsafe.isEmpty {
                // fontconfig opens every file of a folder it scans: the folders that hold an unsafe
                // entry are not given to it; their other fonts are added one by one.
                let plan = safeFolders(folders, unsafe: unsafe)
                loose = plan.files
                let dirs = plan.folders.map { "<dir>\(xmlEscaped($0))</dir>" }.joined()
                _ = FcConfigParseAndLoadFromMemory(config, "<fontconfig><reset-dirs/>\(dirs)</fontconfig>", FcTrue)
                let shown = unsafe.prefix(3).joined(separator: ", ") + (unsafe.count > 3 ? " and \(unsafe.count - 3) more" : "")
                notes.append("skipped \(unsafe.count) font folder entr\(unsafe.count == 1 ? "y" : "ies") that fontconfig would wait on or walk forever: \(shown)")
            }
            _ = FcConfigBuildFonts(config)
            for file in loose { _ = FcConfigAppFontAddFile(config, file) }
            return config
        }
        if let config {
            _ = FcConfigSetCurrent(config)
            FcConfigDestroy(config)                      // the current configuration keeps its own reference
        } else {
            _ = FcInit()
        }
        let problems = reported.split(separator: "\n").filter { $0.hasPrefix("Fontconfig") }
        if let first = problems.first {
            notes.append("fontconfig reported \(problems.count) problem\(problems.count == 1 ? "" : "s") reading its configuration; the first: \(first.prefix(160))")
        }
        // What others wrote meanwhile is passed on.
        let others = reported.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("Fontconfig") }
        let passed = others.joined(separator: "\n")
        if !passed.isEmpty { _ = passed.withCString { write(2, $0, strlen($0)) } }
        return notes
    }

    /// The folders the configuration names.
    private static func fontFolders(of config: OpaquePointer) -> [String] {
        guard let list = FcConfigGetFontDirs(config) else { return [] }
        defer { FcStrListDone(list) }
        var folders: [String] = []
        while let next = FcStrListNext(list) { folders.append(String(cString: next)) }
        return folders
    }

    /// Entries of `folders` (and their subfolders) fontconfig must not open or walk (paths), and a
    /// note when the walk stopped before the end.
    static func unsafeEntries(in folders: [String]) -> (rejected: [String], note: String?) {
        var rejected: [String] = []
        var stack = folders
        var visited = Set<[UInt64]>()
        var entries = 0
        while let folder = stack.popLast() {
            var info = stat()
            guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            guard visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { continue }
            if isKernelFileSystem(folder) {
                rejected.append(folder)
                continue
            }
            let full = forEachEntry(of: folder) { path, type in
                entries += 1
                guard entries <= maximumEntries else { return false }
                switch type {
                case S_IFREG: break
                case S_IFDIR:
                    // A folder met again (a link to an ancestor, or to one walked already) is a loop to fontconfig.
                    var target = stat()
                    if stat(path, &target) == 0, visited.contains([UInt64(target.st_dev), UInt64(target.st_ino)]) {
                        rejected.append(path)
                    } else {
                        stack.append(path)
                    }
                default: rejected.append(path)
                }
                return true
            }
            if !full {
                return (rejected, "the font folders hold more than fontconfig should be asked to read (\(entries) entries checked); fonts beyond them may be slow to find")
            }
        }
        return (rejected, nil)
    }

    /// Calls `body` with each entry of `folder` (its path, and what it is once links are followed:
    /// `S_IFREG`, `S_IFDIR`, `S_IFIFO`...), dangling links left out, until `body` returns false;
    /// returns false when it stopped there. Only links and entries of an unknown type cost a `stat`.
    private static func forEachEntry(of folder: String, _ body: (String, mode_t) -> Bool) -> Bool {
        guard let dir = opendir(folder) else { return true }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let type: mode_t
            switch Int(entry.pointee.d_type) {
            case DT_REG: type = S_IFREG
            case DT_DIR: type = S_IFDIR
            case DT_LNK, DT_UNKNOWN:
                var target = stat()
                guard stat(path, &target) == 0 else { continue }     // a dangling link: fontconfig skips it
                type = target.st_mode & S_IFMT
            default: type = S_IFIFO                                 // a FIFO, socket or device
            }
            guard body(path, type) else { return false }
        }
        return true
    }

    /// The folders fontconfig may scan whole (none of them holds an unsafe entry, at any depth),
    /// and the regular files of the others, to add one by one; folders of the kernel are left out.
    static func safeFolders(_ folders: [String], unsafe: [String]) -> (folders: [String], files: [String]) {
        let unsafeSet = Set(unsafe)
        func holdsUnsafe(_ folder: String) -> Bool {
            unsafeSet.contains(folder) || unsafe.contains { $0.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") }
        }
        var safe: [String] = [], files: [String] = []
        var stack = folders
        var visited = 0
        while let folder = stack.popLast(), visited < maximumEntries {
            visited += 1
            if unsafeSet.contains(folder) { continue }
            guard holdsUnsafe(folder) else { safe.append(folder); continue }
            _ = forEachEntry(of: folder) { path, type in
                guard !unsafeSet.contains(path) else { return true }
                if type == S_IFREG { files.append(path) } else if type == S_IFDIR { stack.append(path) }
                return true
            }
        }
        return (safe, files)
    }

    /// Whether `folder` is in a file system the kernel makes up (`/proc`, `/sys`, `/dev`), once links are followed.
    private static func isKernelFileSystem(_ folder: String) -> Bool {
        guard let resolved = realpath(folder, nil) else { return false }
        defer { free(resolved) }
        let path = String(cString: resolved)
        return ["/proc", "/sys", "/dev"].contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    private static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Runs `body` with standard error going to a temporary file, and returns its result and what
    /// was written there (at most 4 MB is kept).
    private static func capturingStandardError<T>(_ body: () -> T) -> (T, String) {
        fflush(nil)
        let file = tmpfile()
        let memory = file.map { fileno($0) } ?? -1
        let saved = dup(2)
        guard memory >= 0, saved >= 0 else {
            if let file { fclose(file) }
            if saved >= 0 { close(saved) }
            return (body(), "")
        }
        dup2(memory, 2)
        let result = body()
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        var text = [UInt8]()
        let size = min(Int(lseek(memory, 0, SEEK_END)), 4 << 20)
        if size > 0 {
            text = [UInt8](repeating: 0, count: size)
            _ = text.withUnsafeMutableBytes { pread(memory, $0.baseAddress, size, 0) }
        }
        fclose(file)
        return (result, String(decoding: text, as: UTF8.self))
    }
}
