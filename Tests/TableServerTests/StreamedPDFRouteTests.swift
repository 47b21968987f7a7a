import DataTables
import Foundation
import Hummingbird
import HummingbirdTesting
import TableRendering
import Testing
import TextMeasure
import TextMeasureTestSupport

/// The route of the "Streaming documents" article, served by Hummingbird on a local port and
/// fetched over a socket: the body is the table's PDF, as `Drawing.pdfData(pages:)` writes it
/// for the same pages.
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
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        let body = try await app.test(.live) { client in
            try await client.execute(uri: "/report.pdf", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/pdf")
                return Array(response.body.readableBytesView)
            }
        }
        let reference = try RenderingFixtures.packagesLayout(rows: count)
        try reference.narrowColumns(toPage: .a4, style: .striped)
        let expected = try Drawing.pdfData(pages: try reference.pages(style: .striped, furniture: Self.furniture))
        #expect(body.count > 100_000)
        #expect(RenderingFixtures.undatedPDF(body) == RenderingFixtures.undatedPDF(expected))
    }
}
