import AnimateDrawing
import AnimateVideo
import AnimateViews
public import Foundation

/// Loading URLs in lesson code, as Foundation's `URLSession`, without the network: a render
/// reads only local files, so its frames are the same on every machine and every run.
///
/// `file:` URLs are read as they are. A web address is served from the files given for it with
/// `serve(_:with:)`: its n-th request in a run of the scene gets the n-th file (then the first
/// again), so a lesson that asks a random-picture address for five pictures gets five pictures
/// of yours, in order. Any other address fails with ``URLSessionError``.
public final class URLSession: @unchecked Sendable {
    /// The session lesson code uses.
    public static let shared = URLSession()

    private let lock = NSLock()
    private var served: [String: [URL]] = [:]
    private var counts: [String: Int] = [:]

    public init() {}

    /// Serves the local `files` for `address` (a web address as the lesson writes it), in turn.
    public func serve(_ address: String, with files: [URL]) {
        lock.withLock {
            served[address] = files
            counts[address] = 0
        }
    }

    /// The contents of `url` and a response describing them.
    public func data(from url: URL) async throws -> (Data, URLResponse) {
        try load(url)
    }

    /// The contents `request`'s URL names.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try load(request.url)
    }

    func load(_ url: URL) throws -> (Data, URLResponse) {
        let address = url.absoluteString
        let file: URL
        if url.isFileURL {
            file = url
        } else {
            guard let files = lock.withLock({ served[address] }), !files.isEmpty else { throw URLSessionError.notServed(address) }
            file = files[nextIndex(for: address, count: files.count)]
        }
        if let problem = InputFile.problem(at: file.path) { throw URLSessionError.unreadable(address, file.path, problem.description) }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        do { try MemoryBudget.check(size) } catch {
            throw URLSessionError.unreadable(address, file.path, "\(size >> 20) MB is more than the memory left for the render")
        }
        let data: Data
        do { data = try Data(contentsOf: file) } catch { throw URLSessionError.unreadable(address, file.path, error.localizedDescription) }
        return (data, URLResponse(url: url, expectedContentLength: Int64(data.count)))
    }

    /// Which of `count` files the next request for `address` gets. Requests are counted in the
    /// scene's view state while a scene updates, so every frame sees the count its time gives;
    /// outside a scene the `URLSession` object counts them.
    private func nextIndex(for address: String, count: Int) -> Int {
        if let store = ViewStateStore.current {
            let n = store.requestCounts[address, default: 0]
            store.requestCounts[address] = n + 1
            return n % count
        }
        return lock.withLock {
            let n = counts[address, default: 0]
            counts[address] = n + 1
            return n % count
        }
    }
}

/// A request for a URL, as Foundation's `URLRequest` (its URL is what is loaded).
public struct URLRequest: Sendable, Equatable {
    public var url: URL
    public var httpMethod: String? = "GET"
    public init(url: URL) { self.url = url }
}

/// What a load answered, as Foundation's `URLResponse`.
public class URLResponse: @unchecked Sendable {
    public let url: URL?
    public let expectedContentLength: Int64
    public var mimeType: String? {
        switch url?.pathExtension.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "json": "application/json"
        case "txt": "text/plain"
        default: nil
        }
    }

    init(url: URL?, expectedContentLength: Int64) {
        self.url = url
        self.expectedContentLength = expectedContentLength
    }
}

/// Why a URL could not be loaded.
public enum URLSessionError: AnimateError, Equatable {
    /// A web address no file was given for.
    case notServed(String)
    /// The file standing for an address could not be read.
    case unreadable(String, String, String)

    public var description: String {
        switch self {
        case .notServed(let address):
            "\(address): a render reads no network; give it local files with URLSession.shared.serve(\"\(address)\", with: [...])"
        case .unreadable(let address, let path, let why):
            "\(address): cannot read \(path): \(why)"
        }
    }
}
