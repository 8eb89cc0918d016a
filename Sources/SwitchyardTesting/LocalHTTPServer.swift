import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1, for testing manifest downloads without the internet:
/// one thread per connection, each reply chosen by a handler.
///
/// ```swift
/// let server = try LocalHTTPServer { _ in .respond(status: 200, headers: ["ETag": "\"v2\""], body: signedManifest) }
/// defer { server.stop() }
/// await store.refresh(from: HTTPManifestSource(url: server.baseURL.appendingPathComponent("manifest")))
/// ```
public final class LocalHTTPServer: @unchecked Sendable {
    public struct Request: Sendable {
        public let path: String
        /// Header names lowercased.
        public let headers: [String: String]
    }

    public enum Reply: Sendable {
        case respond(status: Int, headers: [String: String], body: Data)
        /// Claims `claimed` bytes, sends `body`, and hangs up.
        case truncated(body: Data, claimed: Int)
        /// Says nothing for this long, then hangs up.
        case stall(seconds: Double)
    }

    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    public let port: UInt16
    private let socketFD: Int32
    private let handler: @Sendable (Request) -> Reply

    /// Starts listening on an ephemeral port of 127.0.0.1.
    public init(handler: @escaping @Sendable (Request) -> Reply) throws {
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
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.ends(with: Array("\r\n\r\n".utf8)), received.count < 65_536 {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            received += buffer[0..<count]
        }
        let lines = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n")
        let path = lines.first?.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        switch handler(Request(path: path, headers: headers)) {
        case .respond(let status, let extra, let body):
            send(client, status: status, headers: extra, length: body.count, body: body)
        case .truncated(let body, let claimed):
            send(client, status: 200, headers: [:], length: claimed, body: body)
        case .stall(let seconds):
            Thread.sleep(forTimeInterval: seconds)
        }
    }

    private func send(_ client: Int32, status: Int, headers: [String: String], length: Int, body: Data) {
        var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : status == 304 ? "Not Modified" : "Error")\r\n"
        head += "Content-Length: \(length)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let bytes = Array(head.utf8) + Array(body)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            sent += count
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
