public import DataTables
public import LiveTables
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOCore

/// A live table in the browser, measured here: `textmeasure serve`'s server. The page only
/// draws: every row's height and offset, every column's width and every line of every cell
/// come from this server's layout, measured with the fonts the page draws with. See the
/// "Serving a live table" article for the protocol and the anchoring rules.
///
/// - `GET /` is the page (`index.html`, `table.css`, `table.js`, files of this module), `GET
///   /fonts/NAME` the font files its cells use, `GET /download.csv` (and `.pdf`, `.xlsx`, `.json`,
///   as `downloads` makes them) the table as it is now.
/// - `GET /live` is the WebSocket: the table, then every change, in version order.
/// - A request whose `Host` is not the served one, or whose `Origin` is another site's, gets
///   403 (DNS rebinding, cross-site WebSockets); a WebSocket message is at most 1 MiB.
public struct TableServer<Row: ServedRow>: Sendable {
    /// Where the server listens and what it saves.
    public struct Configuration: Sendable {
        /// The address to bind: 127.0.0.1 (this machine only) by default.
        public var host: String
        /// The port; 0 picks a free one (see `run(onListening:)`).
        public var port: Int
        /// The CSV file every accepted change is written to (`--save`), and its field separator; nil: none.
        public var saving: (path: String, delimiter: Unicode.Scalar)?
        /// The page's title.
        public var title: String

        /// Listening on `host`:`port`, saving to `saving`.
        public init(host: String = "127.0.0.1", port: Int = 8080, saving: (path: String, delimiter: Unicode.Scalar)? = nil,
                    title: String = "Table") {
            (self.host, self.port, self.saving, self.title) = (host, port, saving, title)
        }
    }

    /// Makes a download of the table as it is: its titles and rows' fields, to a file's bytes.
    public typealias Download = @Sendable (_ titles: [String], _ rows: [[String]]) async throws -> [UInt8]

    let table: LiveTable<Row>
    let configuration: Configuration
    let downloads: [String: Download]

    /// A server of `layout` (its rows' fields under `titles`), configured by `configuration`;
    /// `downloads` makes the files of `GET /download.EXTENSION` by extension ("pdf", "xlsx",
    /// "json"; "csv" is always there).
    ///
    /// - Precondition: every row has one field per title.
    public init(layout: sending DataTableLayout<Row>, titles: [String], configuration: Configuration = Configuration(),
                downloads: [String: Download] = [:]) {
        table = LiveTable(layout: layout, titles: titles, saving: configuration.saving)
        self.configuration = configuration
        self.downloads = downloads
    }

    /// Serves until cancelled, measuring every row in the background; `onListening` gets the
    /// port once the server listens.
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let origin = SameOrigin(host: configuration.host)
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.add(middleware: origin)
        addPage(to: router)
        addDownloads(to: router)
        router.ws("/live") { request, context in
            try origin.check(request)
            return .upgrade([:])
        } onUpgrade: { [table] inbound, outbound, _ in
            let (stream, continuation) = AsyncStream<PageMessage>.makeStream()
            await withTaskGroup(of: Void.self) { group in
                // The writer first: the table's first message goes out while the rest are made.
                group.addTask {
                    for await message in stream {
                        do {
                            switch message {
                            case .text(let text): try await outbound.write(.text(text))
                            case .binary(let bytes): try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                            }
                        } catch { return }  // the page went: its reader below ends too
                    }
                }
                let page = await table.connect(continuation)
                do {
                    for try await message in inbound.messages(maxSize: 1 << 20) {
                        guard case .text(let text) = message else { continue }
                        await table.handle(text, from: page)
                    }
                } catch {}
                await table.disconnect(page)
                group.cancelAll()
            }
        }
        let webSocketResponder = router.buildResponder()
        let app = Application(
            router: router,
            server: HTTPServerBuilder { [webSocketResponder] responder in
                OriginGate(inner: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder,
                                                               configuration: .init(ws: .init(maxFrameSize: 1 << 20))),
                           origin: origin)
            },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                origin.listening(on: port)
                await onListening(port)
            }
        )
        await table.startMeasuring()
        do { try await app.runService() } catch {
            await table.stopMeasuring()
            throw error
        }
        await table.stopMeasuring()
    }

    /// `GET /` and its files.
    private func addPage(to router: Router<BasicWebSocketRequestContext>) {
        let title = configuration.title
        for (path, name, type) in [("/", "index.html", "text/html; charset=utf-8"), ("/table.css", "table.css", "text/css; charset=utf-8"),
                                   ("/table.js", "table.js", "text/javascript; charset=utf-8")] {
            // Read once, when the server starts, not at every request.
            let text = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Client")
                .flatMap { try? String(contentsOf: $0, encoding: .utf8) }
                .map { name == "index.html" ? $0.replacing("{{title}}", with: Self.escaped(title)) : $0 }
            router.get(RouterPath(stringLiteral: path)) { [table] _, _ -> Response in
                // The page is coming: its first rows get the cores (until they are sent, or a second).
                if name == "index.html" { await table.holdMeasuring(for: .seconds(1)) }
                guard let text else {
                    throw HTTPError(.internalServerError, message: "the page's file \(name) is missing from the installation")
                }
                return Self.response(Array(text.utf8), type: type)
            }
        }
        router.get("/fonts/:name") { [table] _, context -> Response in
            let name = context.parameters.get("name") ?? ""
            guard let path = await table.fontPath(named: name), let data = FileManager.default.contents(atPath: path) else {
                throw HTTPError(.notFound, message: "no font file \(name) is served")
            }
            return Self.response(Array(data), type: name.hasSuffix(".otf") ? "font/otf" : "font/ttf", cache: true)
        }
    }

    /// `GET /download.csv`, and `GET /download.EXTENSION` for each of `downloads`.
    private func addDownloads(to router: Router<BasicWebSocketRequestContext>) {
        let downloads = self.downloads
        let types = ["csv": "text/csv; charset=utf-8", "pdf": "application/pdf", "json": "application/json",
                     "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]
        let delimiter = configuration.saving?.delimiter ?? ","
        for format in ["csv"] + downloads.keys.sorted() {
            router.get(RouterPath(stringLiteral: "/download.\(format)")) { [table] _, _ -> Response in
                let (titles, rows) = await table.snapshot()
                let bytes: [UInt8]
                if let make = downloads[format] {
                    let fields = rows.map(\.fields)
                    do { bytes = try await make(titles, fields) } catch {
                        throw HTTPError(.internalServerError, message: "the \(format) download failed: \(error)")
                    }
                } else {
                    bytes = CSVText.bytes(titles: titles, rows: rows.lazy.map(\.fields), delimiter: delimiter)
                }
                var response = Self.response(bytes, type: types[format] ?? "application/octet-stream")
                response.headers[.contentDisposition] = "attachment; filename=\"table.\(format)\""
                return response
            }
        }
    }

    static func response(_ bytes: [UInt8], type: String, cache: Bool = false) -> Response {
        var headers: HTTPFields = [.contentType: type, .xContentTypeOptions: "nosniff"]
        headers[.cacheControl] = cache ? "max-age=86400" : "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
    }
}
