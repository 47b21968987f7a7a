import DataTables
import Foundation
import TextMeasure

/// Tables the rendering tests draw, and readers for what the backends write.
package enum RenderingFixtures {
    package struct Product: Identifiable, Sendable {
        package let id: Int
        package let fields: [String]
        package init(id: Int, fields: [String]) { self.id = id; self.fields = fields }
    }

    /// The bundled sample, Samples/products.csv, read with RFC 4180 quoting.
    package static let products: (titles: [String], rows: [Product]) = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/products.csv").path
        let records = csvRecords(try! String(contentsOfFile: path, encoding: .utf8))
        return (records[0], records.dropFirst().enumerated().map { Product(id: $0, fields: $1) })
    }()

    package static let samplePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/products.csv").path

    /// The 64-bit FNV-1a hash of `bytes` as 16 lower-case hex digits, written from its definition
    /// (offset basis 14695981039346656037, prime 1099511628211) and checked against the published
    /// test vectors in `HTMLTests`.
    package static func fnv1a64(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return String(format: "%016llx", hash)
    }

    /// Fields split at commas outside quotes; "" inside quotes is a quote; records end at LF.
    package static func csvRecords(_ text: String) -> [[String]] {
        var records: [[String]] = [], fields: [String] = [], field = ""
        var quoted = false, previousQuote = false
        for character in text {
            if quoted {
                if character == "\"" { quoted = false; previousQuote = true } else { field.append(character) }
                continue
            }
            switch character {
            case "\"":
                if previousQuote { field.append("\"") }
                quoted = true
            case ",": fields.append(field); field = ""
            case "\n", "\r\n": fields.append(field); records.append(fields); fields = []; field = ""
            default: field.append(character)
            }
            previousQuote = false
        }
        if !field.isEmpty || !fields.isEmpty { fields.append(field); records.append(fields) }
        return records
    }

    /// The sample in the bundled fonts at 14 px, columns fitted to their content but at most
    /// `maxColumnWidth`, text wrapped: rows of several lines where a column is capped.
    package static func productsLayout(maxColumnWidth: Double? = 150, textLayout: DataTableTextLayout = .wrap) throws -> DataTableLayout<Product> {
        var configuration = DataTableConfiguration(font: try FontStack.bundled(size: 14))
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        configuration.maxColumnWidth = maxColumnWidth
        configuration.textLayout = textLayout
        configuration.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 0)
        let columns = products.titles.indices.map { index in DataTableColumn<Product>(products.titles[index]) { $0.fields[index] } }
        return try DataTableLayout(rows: products.rows, columns: columns, configuration: configuration)
    }

    /// `count` generated package rows (name, version, a description of 1 to 7 words that
    /// wraps) in Noto Sans Mono 9, columns fitted to their content but at most 220 pt: a long
    /// table of many pages, for streaming it.
    package static func packagesLayout(rows count: Int) throws -> DataTableLayout<Product> {
        var configuration = DataTableConfiguration(font: try FontStack([Font.bundled(.notoSansMono, size: 9)]))
        configuration.textLayout = .wrap
        configuration.maxColumnWidth = 220
        let rows = (0..<count).map { index in
            Product(id: index, fields: ["package-\(index)", "1.\(index % 17).\(index % 5)",
                                        String(repeating: "tool\(index % 11) ", count: 1 + index % 7)])
        }
        let titles = ["Name", "Version", "Description"]
        let columns = titles.indices.map { column in DataTableColumn<Product>(titles[column]) { $0.fields[column] } }
        return try DataTableLayout(rows: rows, columns: columns, configuration: configuration)
    }

    /// A PDF's text with its creation date (the second it was written) blanked, to compare two
    /// writings of one document.
    package static func undatedPDF(_ bytes: some Sequence<UInt8>) -> String {
        String(decoding: Array(bytes), as: UTF8.self).replacing(/\/CreationDate \(D:[0-9Z+'-]*\)/, with: "/CreationDate ()")
    }

    /// A command-line tool's standard output (nil when it cannot run or fails), run with
    /// `environment` added to this process's.
    package static func output(of tool: String, _ arguments: [String], environment: [String: String] = [:]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// A new empty folder under the temporary directory.
    package static func temporaryFolder() throws -> String { try TemporaryFolder.make("render") }

    /// The words of a page of `pdftotext -bbox` output, with their boxes.
    package static func words(in page: String) -> [(text: String, yMin: Double, yMax: Double)] {
        let pattern = try! NSRegularExpression(pattern: #"<word xMin="[^"]+" yMin="([^"]+)" xMax="[^"]+" yMax="([^"]+)">([^<]*)</word>"#)
        let range = NSRange(page.startIndex..., in: page)
        return pattern.matches(in: page, range: range).map { match in
            func group(_ index: Int) -> String { String(page[Range(match.range(at: index), in: page)!]) }
            return (group(3), Double(group(1))!, Double(group(2))!)
        }
    }
}
