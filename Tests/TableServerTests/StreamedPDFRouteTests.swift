import DataTables
import DocumentStreams
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import TableRendering
import Testing
import TextMeasure
import TextMeasureTestSupport

/// The route of the "Streaming documents" article, served by Hummingbird on a local port and
/// fetched over a socket by Foundation's URLSession (not HummingbirdTesting, whose HTTP client
/// brings AsyncHTTPClient and BoringSSL into every test build): the body is the table's PDF, as
/// `Drawing.pdfData(pages:)` writes it for the same pages.
@Suite struct StreamedPDFRouteTests {
    static let furniture = PageFurniture(title: "Packages", pageNumbers: true)

    @Test func theRouteStreamsTheTablesPDF() async throws {
        let count = 3_000
        let router = Router()
        router.get("report.pdf") { _, _ -> Response in
            let layout = try RenderingFixtures.packagesLayout(rows: count)
            let pdf = DocumentStream.pdf(of: layout, style: .striped, furniture: Self.furniture)
            return Response(status: .ok, headers: [.contentType: "application/pdf"],
                            body: ResponseBody(asyncSequence: pdf.map { ByteBuffer(bytes: $0) }))
        }
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { listening.yield($0.localAddress?.port ?? 0) })
        let (body, response) = try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { listening.finish() }  // a server that cannot start fails the test below, not hangs it
                try await app.runService()
            }
            defer { group.cancelAll() }  // the server stops with its task
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            let url = try #require(URL(string: "http://127.0.0.1:\(port)/report.pdf"))
            let (data, response) = try await URLSession.shared.data(from: url)
            return ([UInt8](data), try #require(response as? HTTPURLResponse))
        }
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/pdf")
        let reference = try RenderingFixtures.packagesLayout(rows: count)
        try reference.narrowColumns(toPage: .a4, style: .striped)
        let expected = try Drawing.pdfData(pages: try reference.pages(style: .striped, furniture: Self.furniture))
        #expect(body.count > 100_000)
        #expect(RenderingFixtures.undatedPDF(body) == RenderingFixtures.undatedPDF(expected))
    }
}
