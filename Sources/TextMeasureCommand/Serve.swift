import ArgumentParser
import DataTables
import Foundation
import TextMeasure
import LiveTables
import TableServer

extension TextMeasureCommand.Rows.Row: ServedRow {
    init(id: Int, fields: [String]) { self.init(id: id, cells: CSVRow(fields)) }

    var fields: [String] {
        get { cells.fields }
        set { cells = CSVRow(newValue) }
    }
}

extension TextMeasureCommand {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve a CSV table as a live page: the server measures every row, the browser only draws.",
            discussion: """
                The table is laid out as 'textmeasure render' lays out a screen table (the same \
                table options: fonts, widths, padding, wrapping) and served at http://HOST:PORT/. \
                The rows in view are measured first, the rest in the background on every core; \
                until a row is measured it takes the estimate, and when it becomes exact the row \
                at the top of the view does not move. Edits in the page (double-click a cell) go \
                to the server, which measures the row again and sends its new height to every \
                open page. The table as it is can be downloaded at /download.csv, .pdf, .xlsx \
                and .json (as 'render' writes them, with the same options).

                The server binds 127.0.0.1 unless --host says otherwise, and answers 403 to a \
                request for another host or from another site's page. With --save, every \
                accepted edit rewrites FILE whole (a temporary file renamed over it); a file \
                that cannot be written is reported in the page and the edits kept in memory. \
                See the "Serving a live table" article.
                """)

        @OptionGroup var options: TableOptions
        @OptionGroup var rowOptions: RowOptions

        @Option(help: ArgumentHelp("The port to listen on (0: any free one, printed).", valueName: "port"))
        var port = 8080

        @Option(help: ArgumentHelp("The address to bind (127.0.0.1: this machine only).", valueName: "address"))
        var host = "127.0.0.1"

        @Flag(help: "Write every accepted edit back to the CSV file.")
        var save = false

        func validate() throws {
            try rowOptions.validate(with: options)
            guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535, not \(port)") }
            if save, options.file == "-" { throw ValidationError("--save needs a file, not standard input") }
            if rowOptions.groupBy != nil { throw ValidationError("--group-by is not served live yet: render the table instead") }
            if !options.headerGroups.isEmpty { throw ValidationError("--header-group is not served live yet: render the table instead") }
        }

        func run() async throws {
            // A cache of 10,000 texts, not the shared 100,000: a server's table stays in memory, and a
            // big one's texts are mostly distinct (a million rows: 60 MB less at the peak).
            let layout = try rowOptions.layout(options, on: .screen, measuringRows: false, editable: true,
                                               cache: WidthCache(capacity: 10_000))
            let titles = layout.columns.map(\.title)
            let name = options.file == "-" ? "standard input" : String(options.file.split(separator: "/").last ?? "")
            let configuration = TableServer<Rows.Row>.Configuration(
                host: host, port: port, saving: save ? (options.file, try options.separator()) : nil, title: name)
            let server = TableServer(layout: layout, titles: titles, configuration: configuration, downloads: downloads())
            try await server.run { port in
                let line = "Serving \(name) at http://\(host.contains(":") ? "[\(host)]" : host):\(port)/ (Ctrl-C stops)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
        }

        /// The downloads other than CSV: the table as it is, rendered as `render` renders it
        /// with this command's table options.
        func downloads() -> [String: TableServer<Rows.Row>.Download] {
            let arguments = Array(CommandLine.arguments.dropFirst())
            let file = options.file, delimiter = (try? options.separator()) ?? ","
            var formats: [String: TableServer<Rows.Row>.Download] = [:]
            for format in ["pdf", "xlsx", "json"] {
                formats[format] = { titles, rows in
                    try await Self.render(titles: titles, rows: rows, as: format, arguments: arguments, file: file, delimiter: delimiter)
                }
            }
            return formats
        }

        /// `rows` under `titles` rendered to `format` by `render` with `arguments` (this
        /// command's, its own options dropped, `file` replaced by the current table, written with
        /// `delimiter`).
        static func render(titles: [String], rows: [[String]], as format: String, arguments: [String], file: String,
                           delimiter: Unicode.Scalar) async throws -> [UInt8] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textmeasure-serve-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let input = folder.appendingPathComponent("table.csv").path, output = folder.appendingPathComponent("table.\(format)").path
            var given: [String] = []
            var index = arguments.first == "serve" ? 1 : 0
            var replaced = false
            while index < arguments.count {
                let argument = arguments[index]
                if ["--port", "--host"].contains(argument) { index += 2; continue }
                if argument == "--save" || argument.hasPrefix("--port=") || argument.hasPrefix("--host=") { index += 1; continue }
                if !replaced, argument == file { given.append(input); replaced = true } else { given.append(argument) }
                index += 1
            }
            try Data(CSVText.bytes(titles: titles, rows: rows, delimiter: delimiter)).write(to: URL(fileURLWithPath: input))
            let render = try Render.parseAsRoot(given + ["-o", output]) as? Render
            try render?.validate()
            try await Render.$isDownload.withValue(true) { try await render?.run() }
            return Array(try Data(contentsOf: URL(fileURLWithPath: output)))
        }
    }
}
