import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1, for testing manifest downloads and web pages without
/// the internet: one thread per connection, each reply chosen by a handler.
///
/// ```swift
/// let server = try LocalHTTPServer { _ in .respond(status: 200, headers: ["ETag": "\"v2\""], body: signedManifest) }
/// defer { server.stop() }
/// await store.refresh(from: HTTPManifestSource(url: server.baseURL.appendingPathComponent("manifest")))
/// ```
public final class LocalHTTPServer: @unchecked Sendable {
    /// One request as the handler sees it.
    public struct Request: Sendable {
        /// `GET`, `POST`…
        public let method: String
        /// The request target as sent: the path and its query (`/manifest?v=2`).
        public let path: String
        /// Header names lowercased.
        public let headers: [String: String]
        /// The body, as long as `Content-Length` says (at most ``LocalHTTPServer/maximumBody``).
        public let body: Data
    }

    /// The longest body read; a request claiming more gets 413.
    public static let maximumBody = 1 << 20

    /// What the server does with a request.
    public enum Reply: Sendable {
        /// Answers with `status`, `headers` (a `Content-Length` is added) and `body`.
        case respond(status: Int, headers: [String: String], body: Data)
        /// Claims `claimed` bytes, sends `body`, and hangs up.
        case truncated(body: Data, claimed: Int)
        /// Says nothing for this long, then hangs up.
        case stall(seconds: Double)
    }

    /// Why the server could not start: the socket call that failed and its error.
    public struct StartFailure: Error, CustomStringConvertible {
        /// The call and the system's reason.
        public let description: String
    }

    /// The port the system gave the server on 127.0.0.1.
    public let port: UInt16
    private let socketFD: Int32
    private enum Handler {
        /// Runs on the connection's thread.
        case direct(@Sendable (Request) -> Reply)
        /// Runs as a task the connection's thread waits for: it needs a free thread of the
        /// cooperative pool, which a direct handler does not.
        case suspending(@Sendable (Request) async -> Reply)
    }

    private let handler: Handler

    /// Starts listening on an ephemeral port of 127.0.0.1.
    public convenience init(handler: @escaping @Sendable (Request) -> Reply) throws {
        try self.init(handler: .direct(handler))
    }

    /// Starts listening on an ephemeral port of 127.0.0.1, with a handler that may suspend
    /// (a web bridge's reply); each connection's thread waits for it.
    public convenience init(asyncHandler handler: @escaping @Sendable (Request) async -> Reply) throws {
        try self.init(handler: .suspending(handler))
    }

    private init(handler: Handler) throws {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw StartFailure(description: "socket() failed: \(errno)") }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw StartFailure(description: "bind/listen failed: \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = UInt16(bigEndian: address.sin_port)
        self.socketFD = fd
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// `http://127.0.0.1:<port>`: append a path for the handler to answer.
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// Stops accepting connections.
    public func stop() {
        shutdown(socketFD, Int32(SHUT_RDWR))
        close(socketFD)
    }

    private func acceptLoop() {
        while true {
            let client = accept(socketFD, nil, nil)
            guard client >= 0 else { return }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        #if canImport(Darwin)
        var noSignal: Int32 = 1
        setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Array("\r\n\r\n".utf8)
        while received.firstRange(of: end) == nil, received.count < 65_536 {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            received += buffer[0..<count]
        }
        guard let headEnd = received.firstRange(of: end) else { return }
        let lines = String(decoding: received[..<headEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ") ?? []
        let method = requestLine.first.map(String.init) ?? "GET"
        let path = requestLine.dropFirst().first.map(String.init) ?? "/"
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        guard length <= Self.maximumBody else {
            send(client, status: 413, headers: [:], length: 0, body: Data())
            return
        }
        var body = Array(received[headEnd.upperBound...])
        while body.count < length {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            body += buffer[0..<count]
        }
        let request = Request(method: method, path: path, headers: headers, body: Data(body.prefix(length)))
        switch reply(to: request) {
        case .respond(let status, let extra, let body):
            send(client, status: status, headers: extra, length: body.count, body: body)
        case .truncated(let body, let claimed):
            send(client, status: 200, headers: [:], length: claimed, body: body)
        case .stall(let seconds):
            Thread.sleep(forTimeInterval: seconds)
        }
    }

    /// The handler's reply, waited for on this connection's thread.
    private func reply(to request: Request) -> Reply {
        guard case .suspending(let handler) = handler else {
            if case .direct(let handler) = handler { return handler(request) }
            return .respond(status: 500, headers: [:], body: Data())
        }
        let done = DispatchSemaphore(value: 0)
        let reply = ReplySlot()
        Task {
            reply.value = await handler(request)
            done.signal()
        }
        done.wait()
        return reply.value ?? .respond(status: 500, headers: [:], body: Data())
    }

    private func send(_ client: Int32, status: Int, headers: [String: String], length: Int, body: Data) {
        var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : status == 204 ? "No Content" : status == 304 ? "Not Modified" : "Error")\r\n"
        head += "Content-Length: \(length)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let bytes = Array(head.utf8) + Array(body)
        var sent = 0
        while sent < bytes.count {
            // A client that hung up (a page that navigated away) must not end the process with SIGPIPE.
            #if canImport(Glibc)
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #else
            let count = bytes[sent...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            #endif
            guard count > 0 else { return }
            sent += count
        }
    }
}

/// Where a connection's thread finds the reply its handler's task made.
private final class ReplySlot: @unchecked Sendable {
    // Written by the task before it signals, read by the thread after it waited: the semaphore orders them.
    var value: LocalHTTPServer.Reply?
}
