import Hummingbird

/// Refuses (403) every request that does not come from the preview's own page or from a person
/// typing its address: a Host that is not this machine's loopback name (a page on another site
/// pointing its own domain at 127.0.0.1, DNS rebinding), an `Origin` other than the preview's own,
/// and a `Sec-Fetch-Site` other than `same-origin` or `none` (an `<img>`, `<audio>` or `fetch` on
/// any other page, even one on another port of localhost). Clients that send neither header
/// (curl, scripts) pass on the Host alone.
struct SameOriginCheck<Context: RequestContext>: RouterMiddleware {
    static var allowedHosts: Set<String> { ["localhost", "127.0.0.1", "[::1]"] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority, Self.allows(authority) else {   // HTTP/1's Host
            return Self.refusal("The preview answers only to localhost, 127.0.0.1 and [::1].")
        }
        if let origin = request.headers[.origin], !Self.isSameOrigin(origin, authority: authority) {
            return Self.refusal("The preview answers only its own page, not \(origin.prefix(80)).")
        }
        if let site = request.headers.first(where: { $0.name.canonicalName == "sec-fetch-site" })?.value, site != "same-origin" && site != "none" {
            return Self.refusal("The preview answers only its own page, not a request from another site.")
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

    /// Whether `origin` (`scheme://host[:port]`, or `null`) is the page the preview serves at `authority`.
    static func isSameOrigin(_ origin: String, authority: String) -> Bool {
        origin.lowercased() == "http://" + authority.lowercased()
    }

    private static func refusal(_ message: String) -> Response {
        Response(status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}
