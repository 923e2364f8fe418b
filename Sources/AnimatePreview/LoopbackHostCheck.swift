import Hummingbird

/// Refuses requests whose Host is not this machine's loopback name (403): a page on another site
/// cannot reach the preview by pointing its own domain at 127.0.0.1 (DNS rebinding).
struct LoopbackHostCheck<Context: RequestContext>: RouterMiddleware {
    static var allowedHosts: Set<String> { ["localhost", "127.0.0.1", "[::1]"] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority, Self.allows(authority) else {   // HTTP/1's Host
            return Response(status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "The preview answers only to localhost, 127.0.0.1 and [::1].\n")))
        }
        return try await next(request, context)
    }

    /// Whether `authority` (`host` or `host:port`) names loopback.
    static func allows(_ authority: String) -> Bool {
        let host: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            guard rest.isEmpty || (rest.first == ":" && rest.dropFirst().allSatisfy(\.isNumber)) else { return false }
        } else {
            let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2, parts.count == 1 || parts[1].allSatisfy(\.isNumber) else { return false }
            host = parts[0]
        }
        return allowedHosts.contains(host.lowercased())
    }
}
