import Foundation
import Testing
import TextMeasureTestSupport

/// Every output written into a full file system: the command run in a child process with a
/// file-size limit (RLIMIT_FSIZE by `prlimit`, SIGXFSZ ignored, so a write past it fails with
/// EFBIG as one on a full disk fails with ENOSPC). Each format must fail, say why, and leave the
/// old file as it was and no temporary file behind.
@Suite struct FullDiskCommandTests {
    let folder: String
    let csv: String

    init() throws {
        folder = try RenderingFixtures.temporaryFolder()
        csv = folder + "/table.csv"
        let rows = (0..<3_000).map { "row \($0),\($0 * 37),some words in row \($0)" }
        try (["Name,Count,Text"] + rows).joined(separator: "\n").write(toFile: csv, atomically: false, encoding: .utf8)
    }

    /// `textmeasure render table.csv -o output` with files at most `limit` bytes.
    func render(to output: String, limit: Int? = nil) throws -> Command.Result {
        let arguments = ["render", csv, "-o", output]
        guard let limit else { return try Command().run(arguments, input: []) }
        let quoted = ([Command.executable] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try Command().run(["-c", "trap '' XFSZ; exec prlimit --fsize=\(limit) \(quoted)"], input: [], executable: "/bin/sh")
    }

    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".textmeasure-") }
    }

    /// Each format's whole file, then the same file under a limit of half its size over an old file.
    @Test(arguments: ["png", "pdf", "svg", "html", "json", "xlsx"])
    func everyFormatKeepsTheOldFile(_ format: String) throws {
        let whole = folder + "/whole." + format, output = folder + "/out." + format
        let written = try render(to: whole)
        #expect(written.status == 0, "\(written.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: whole)[.size] as? Int)
        let old = Data("the old file".utf8)
        #expect(FileManager.default.createFile(atPath: output, contents: old))
        let result = try render(to: output, limit: size / 2)
        #expect(result.status != 0)
        #expect(result.stderr.contains("File too large"), "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: output) == old)
        #expect(try leftovers().isEmpty)
    }

    /// libxlsxwriter copies the rows into the worksheet's part through a temporary file whose
    /// writes it does not check: a limit just under that part's size cuts only its last bytes,
    /// while the rows' own temporary file and the compressed workbook fit. The part's size is
    /// the unlimited workbook's, as unzip lists it.
    @Test func aWorkbookWhosePartIsCutShortIsRefused() throws {
        let whole = folder + "/whole.xlsx", output = folder + "/out.xlsx"
        #expect(try render(to: whole).status == 0)
        let listing = try Workbook.listing(of: whole)
        let part = try #require(listing.first { $0.name == "xl/worksheets/sheet1.xml" }?.size)
        let old = Data("the old file".utf8)
        #expect(FileManager.default.createFile(atPath: output, contents: old))
        let result = try render(to: output, limit: part - 5)
        #expect(result.status != 0)
        #expect(result.stderr.contains("xl/worksheets/sheet1.xml was cut short"), "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: output) == old)
        #expect(try leftovers().isEmpty)
    }
}
