import AnimateTestSupport
import Foundation

/// A small W3C WebDriver client driving Debian's headless Chromium through chromedriver, for the
/// preview's browser tests.
final class WebDriver {
    struct Failure: Error, CustomStringConvertible { let description: String }

    private let driver: Process
    private let base: URL
    private var session = ""

    /// Starts chromedriver on a free port and a headless Chromium session.
    init(windowWidth: Int = 1280, windowHeight: Int = 800) throws {
        guard let chromedriver = which("chromedriver"), let chromium = which("chromium") else {
            throw Failure(description: "chromium and chromium-driver are not installed (scripts/setup installs them)")
        }
        let port = try freePort()
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: chromedriver)
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        base = URL(string: "http://127.0.0.1:\(port)")!
        try waitUntil(seconds: 20) { (try? self.call("GET", "/status"))?["value"].flatMap { ($0 as? [String: Any])?["ready"] as? Bool } == true }
        let options: [String: Any] = ["binary": chromium,
                                      "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--autoplay-policy=no-user-gesture-required",
                                               "--window-size=\(windowWidth),\(windowHeight)"]]
        let created = try call("POST", "/session", ["capabilities": ["alwaysMatch": ["browserName": "chrome", "goog:chromeOptions": options]]])
        guard let value = created["value"] as? [String: Any], let id = value["sessionId"] as? String else {
            throw Failure(description: "no WebDriver session: \(created)")
        }
        session = id
    }

    deinit {
        // Ending the session quits Chromium; then chromedriver goes. (Waiting for it with
        // Process.waitUntilExit can hang on Linux; Foundation reaps it.)
        if !session.isEmpty { _ = try? call("DELETE", "/session/\(session)") }
        kill(driver.processIdentifier, SIGKILL)
    }

    func open(_ url: String) throws { _ = try call("POST", "/session/\(session)/url", ["url": url]) }

    /// Runs `script` (a function body; `arguments` holds `args`) in the page and returns its value.
    @discardableResult
    func run(_ script: String, _ args: [Any] = []) throws -> Any? {
        try call("POST", "/session/\(session)/execute/sync", ["script": script, "args": args])["value"]
    }

    /// Runs `script` (a function body whose last argument is the callback it calls with its
    /// result) in the page, waiting for the callback.
    @discardableResult
    func runAsync(_ script: String, _ args: [Any] = []) throws -> Any? {
        _ = try call("POST", "/session/\(session)/timeouts", ["script": 60000])
        return try call("POST", "/session/\(session)/execute/async", ["script": script, "args": args])["value"]
    }

    /// Presses and releases a key (WebDriver key codes, e.g. "\u{E014}" for the right arrow).
    func press(_ key: String) throws {
        let actions: [[String: Any]] = [["type": "key", "id": "keyboard",
                                         "actions": [["type": "keyDown", "value": key], ["type": "keyUp", "value": key]]]]
        _ = try call("POST", "/session/\(session)/actions", ["actions": actions])
    }

    /// A PNG screenshot of the window.
    func screenshot() throws -> Data {
        guard let encoded = try call("GET", "/session/\(session)/screenshot")["value"] as? String, let data = Data(base64Encoded: encoded) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }

    /// Polls `condition` until it holds.
    func waitUntil(seconds: Double, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure(description: "timed out after \(seconds) s")
    }

    private func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) throws -> [String: Any] {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let (data, _) = try HTTP.request(method, port: base.port!, path: path, body: payload)
        let object = try JSONSerialization.jsonObject(with: data.isEmpty ? Data("{}".utf8) : data) as? [String: Any] ?? [:]
        if let value = object["value"] as? [String: Any], let error = value["error"] as? String {
            throw Failure(description: "WebDriver \(method) \(path): \(error): \(value["message"] ?? "")")
        }
        return object
    }
}

/// A port nothing listens on now.
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    guard bound else { throw WebDriver.Failure(description: "no free port") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// HTTP/1.1 over a loopback socket, one request per connection. (Foundation's URLSession on Linux
/// wedges after a refused connection, which is how a starting server answers.)
enum HTTP {
    /// Sends a request to 127.0.0.1:`port` and returns the body and status.
    static func request(_ method: String, port: Int, path: String, host: String? = nil, body: Data? = nil) throws -> (Data, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw WebDriver.Failure(description: "no socket") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { throw WebDriver.Failure(description: "cannot connect to port \(port)") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        let out = Data((head + "\r\n").utf8) + (body ?? Data())
        try out.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let n = send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                guard n > 0 else { throw WebDriver.Failure(description: "send failed") }
                sent += n
            }
        }
        // Read the head, then exactly the body it announces (a server may keep the connection open).
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        func receive() -> Bool {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { response.append(contentsOf: buffer[0..<n]) }
            return n > 0
        }
        var split = response.range(of: Data("\r\n\r\n".utf8))
        while split == nil {
            guard receive() else { throw WebDriver.Failure(description: "no HTTP response") }
            split = response.range(of: Data("\r\n\r\n".utf8))
        }
        let header = String(decoding: response[..<split!.lowerBound], as: UTF8.self)
        let fields = header.lowercased().split(separator: "\r\n")
        let length = fields.first { $0.hasPrefix("content-length:") }.flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) }
        let chunked = fields.contains { $0.hasPrefix("transfer-encoding:") && $0.contains("chunked") }
        let bodyStart = split!.upperBound
        while true {
            let have = response.count - bodyStart
            if let length, have >= length { break }
            if chunked, response[bodyStart...].range(of: Data("0\r\n\r\n".utf8)) != nil { break }
            guard receive() else { break }
        }
        var content = Data(response[bodyStart...])
        if let length, content.count > length { content = content.prefix(length) }
        let status = Int(header.split(separator: " ").dropFirst().first ?? "") ?? 0
        if chunked { content = dechunk(content) }
        return (content, status)
    }

    private static func dechunk(_ data: Data) -> Data {
        var result = Data()
        var rest = data[...]
        while let line = rest.range(of: Data("\r\n".utf8)) {
            guard let size = Int(String(decoding: rest[..<line.lowerBound], as: UTF8.self), radix: 16), size > 0 else { break }
            let start = line.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size else { break }
            let end = rest.index(start, offsetBy: size)
            result.append(rest[start..<end])
            rest = rest[min(rest.index(end, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex, rest.endIndex)...]
        }
        return result
    }
}

/// A blocking GET of a loopback URL, optionally with another Host header.
func fetch(_ url: String, host: String? = nil) throws -> (Data, Int) {
    let parsed = URL(string: url)!
    var path = parsed.path.isEmpty ? "/" : parsed.path
    // Keep what URL would decode (an encoded slash stays encoded), and the query.
    if let range = url.range(of: "\(parsed.host!):\(parsed.port!)") { path = String(url[range.upperBound...]) }
    if path.isEmpty { path = "/" }
    return try HTTP.request("GET", port: parsed.port!, path: path, host: host)
}
