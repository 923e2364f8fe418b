import FlyingFox
import Foundation

/// Refuses (403) every request that does not come from the preview's own page or from a person
/// typing its address: a Host that is not this machine's loopback name (a page on another site
/// pointing its own domain at 127.0.0.1, DNS rebinding), an `Origin` other than the preview's own,
/// and a `Sec-Fetch-Site` other than `same-origin` or `none` (an `<img>`, `<audio>` or `fetch` on
/// any other page, even one on another port of localhost). Clients that send neither header
/// (curl, scripts) pass on the Host alone, which must also name the port the server listens on.
/// A request for an absolute URL (`GET http://host/path`, a proxy's form) is refused too: the
/// server is no proxy, and such a target would bypass the Host it checks.
enum SameOriginCheck {
    static var allowedHosts: Set<String> { ["localhost", "127.0.0.1", "[::1]"] }

    /// The 400 or 403 for `request` to a server on `port` (nil: any port), or nil when it may be answered.
    static func refusal(of request: HTTPRequest, port: Int?) -> HTTPResponse? {
        guard request.target.path().hasPrefix("/") else {
            return HTTPResponse(statusCode: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                                body: Data("The preview answers requests for its own paths (/...), not for absolute URLs.\n".utf8))
        }
        guard let authority = request.headers[.host], allows(authority, port: port) else {
            let at = port.map { " on port \($0)" } ?? ""
            return refusal("The preview answers only to localhost, 127.0.0.1 and [::1]\(at).")
        }
        if let origin = request.headers[HTTPHeader("Origin")], !isSameOrigin(origin, authority: authority) {
            return refusal("The preview answers only its own page, not \(origin.prefix(80)).")
        }
        if let site = request.headers[HTTPHeader("Sec-Fetch-Site")], site != "same-origin" && site != "none" {
            return refusal("The preview answers only its own page, not a request from another site.")
        }
        return nil
    }

    /// Whether `authority` (`host` or `host:port`) names loopback, at `port` when given (a Host
    /// without a port means 80, as browsers send it).
    static func allows(_ authority: String, port: Int? = nil) -> Bool {
        let host: Substring
        var named: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            guard rest.isEmpty || (rest.first == ":" && rest.dropFirst().allSatisfy(\.isNumber)) else { return false }
            if !rest.isEmpty { named = rest.dropFirst() }
        } else {
            let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2, parts.count == 1 || parts[1].allSatisfy(\.isNumber) else { return false }
            host = parts[0]
            if parts.count == 2 { named = parts[1] }
        }
        if let port {
            // Digits only (checked above); a huge number is no port.
            guard (named.map { $0.count <= 5 ? Int($0) : nil } ?? 80) == port else { return false }
        }
        return allowedHosts.contains(host.lowercased())
    }

    /// Whether `origin` (`scheme://host[:port]`, or `null`) is the page the preview serves at `authority`.
    static func isSameOrigin(_ origin: String, authority: String) -> Bool {
        origin.lowercased() == "http://" + authority.lowercased()
    }

    private static func refusal(_ message: String) -> HTTPResponse {
        HTTPResponse(statusCode: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"], body: Data((message + "\n").utf8))
    }
}
