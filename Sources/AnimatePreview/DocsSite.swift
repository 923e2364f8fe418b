import FlyingFox
import Foundation

/// The reference as a static site (DocC's `--transform-for-static-hosting` output), served
/// read-only from one folder: a path names a file inside it, a folder its `index.html`; `/` goes
/// to the reference's first page. Nothing outside the folder is reached (no `..`, no hidden
/// files, no link leading out), and only loopback hosts are answered.
struct DocsSite: HTTPHandler {
    let root: URL
    /// The first page (`/documentation/animate`).
    var home = "/documentation/animate"
    /// The port it is served on, once known: the one a request's Host must name.
    var listening = ListeningPort()

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        respond(to: request)
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        if let refusal = SameOriginCheck.refusal(of: request, port: listening.port) { return refusal }
        guard request.method == .GET || request.method == .HEAD else {
            return HTTPResponse(statusCode: .methodNotAllowed, headers: HTTPHeaders([HTTPHeader("Allow"): "GET, HEAD"]))
        }
        if request.path == "/" || request.path.isEmpty {
            return HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: home]))
        }
        guard let file = file(for: request.path), let data = FileManager.default.contents(atPath: file.path) else {
            return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                                body: Data("Not found in the reference: \(request.path.prefix(200))\n".utf8))
        }
        let headers: HTTPHeaders = [.contentType: Self.contentType(of: file.pathExtension), .cacheControl: "no-cache"]
        if request.method == .HEAD {
            var response = HTTPResponse(statusCode: .ok, headers: headers)
            response.headers[.contentLength] = String(data.count)
            return response
        }
        return HTTPResponse(statusCode: .ok, headers: headers, body: data)
    }

    /// The file `path` names inside the site, or nil.
    func file(for path: String) -> URL? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.allSatisfy({ !$0.hasPrefix(".") && !$0.contains("\0") }) else { return nil }
        var url = parts.reduce(root) { $0.appendingPathComponent(String($1)) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue { url.appendPathComponent("index.html") }
        // A link inside the site must not lead out of it.
        let real = url.resolvingSymlinksInPath().path, base = root.resolvingSymlinksInPath().path
        guard real.hasPrefix(base + "/"), FileManager.default.isReadableFile(atPath: real) else { return nil }
        return URL(fileURLWithPath: real)
    }

    static func contentType(of pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        case "woff": "font/woff"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
