import CellLayout
import DataTables
import Foundation
import TableRendering
import TextMeasure

/// Tables the rendering tests draw, and readers for what the backends write.
enum RenderingFixtures {
    struct Product: Identifiable, Sendable {
        let id: Int
        let fields: [String]
    }

    /// The bundled sample, Samples/products.csv, read with RFC 4180 quoting.
    static let products: (titles: [String], rows: [Product]) = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/products.csv").path
        let records = csvRecords(try! String(contentsOfFile: path, encoding: .utf8))
        return (records[0], records.dropFirst().enumerated().map { Product(id: $0, fields: $1) })
    }()

    static let samplePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/products.csv").path

    /// The 64-bit FNV-1a hash of `bytes` as 16 lower-case hex digits, written from its definition
    /// (offset basis 14695981039346656037, prime 1099511628211) and checked against the published
    /// test vectors in `HTMLTests`.
    static func fnv1a64(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return String(format: "%016llx", hash)
    }

    /// Fields split at commas outside quotes; "" inside quotes is a quote; records end at LF.
    static func csvRecords(_ text: String) -> [[String]] {
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
    static func productsLayout(maxColumnWidth: Double? = 150, textLayout: DataTableTextLayout = .wrap) throws -> DataTableLayout<Product> {
        var configuration = DataTableConfiguration(font: try FontStack.bundled(size: 14))
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        configuration.maxColumnWidth = maxColumnWidth
        configuration.textLayout = textLayout
        configuration.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 0)
        let columns = products.titles.indices.map { index in DataTableColumn<Product>(products.titles[index]) { $0.fields[index] } }
        return try DataTableLayout(rows: products.rows, columns: columns, configuration: configuration)
    }

    /// A command-line tool's standard output (nil when it cannot run or fails), run with
    /// `environment` added to this process's.
    static func output(of tool: String, _ arguments: [String], environment: [String: String] = [:]) -> String? {
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
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "/textmeasure-render-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// Draws the cells and nothing else.
struct NoChromeStyle: TableStyle {
    func makeBody(configuration: Configuration) -> TableBody {
        TableBody(columns: configuration.columns, rows: configuration.rows)
    }
}

/// The reference's bordered style with another stroke.
struct RedBorderStyle: TableStyle {
    func makeBody(configuration: Configuration) -> TableBody {
        TableBody(columns: configuration.columns, rows: configuration.rows)
            .background(Color(white: 0.97))
            .overlay(RoundedRectangle(cornerRadius: 8), stroke: .red, lineWidth: 6)
            .clipShape(RoundedRectangle(cornerRadius: 8))
    }
}
