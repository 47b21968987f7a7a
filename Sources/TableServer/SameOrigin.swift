import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Synchronization

/// Lets in only requests for the served address: the `Host` header must name it (with the
/// port), and an `Origin` header, when there is one, must be the page's own. Anything else is
/// 403: a DNS rebinding attack names another host, and a cross-site WebSocket another origin.
/// `localhost`, `127.0.0.1` and `[::1]` all name a loopback server.
final class SameOrigin: RouterMiddleware, Sendable {
    typealias Context = BasicWebSocketRequestContext

    private let host: String
    private let port = Mutex(0)

    init(host: String) { self.host = host }

    /// The port the server listens on, once it does.
    func listening(on port: Int) { self.port.withLock { $0 = port } }

    /// The hosts (with the port) a request may name.
    private var allowed: Set<String> {
        let port = self.port.withLock { $0 }
        let loopback = ["127.0.0.1", "localhost", "[::1]"]
        var names = host == "127.0.0.1" || host == "localhost" || host == "::1" ? loopback : [host.contains(":") ? "[\(host)]" : host]
        if host == "0.0.0.0" || host == "::" { names = [] }  // any address: the Host header names the one used
        return Set(names.map { "\($0):\(port)" })
    }

    /// Throws 403 unless `request` names the served host and comes from its origin.
    func check(_ request: Request) throws {
        if let refusal = refusal(host: request.head.authority ?? "", origin: request.headers[.origin]) {
            throw HTTPError(.forbidden, message: refusal)
        }
    }

    /// Why a request with these `Host` and `Origin` headers is refused; nil when it is not.
    func refusal(host: String, origin: String?) -> String? {
        let allowed = self.allowed
        if !allowed.isEmpty, !allowed.contains(host.lowercased()) { return "Host \(host.isEmpty ? "(none)" : host) is not this server's" }
        if let origin, origin.lowercased() != "http://" + host.lowercased() { return "Origin \(origin) is not this page's" }
        return nil
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try check(request)
        return try await next(request, context)
    }
}
