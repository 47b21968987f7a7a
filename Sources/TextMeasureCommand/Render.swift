import ArgumentParser
import CellLayout
import DataTables
import DocumentStreams
import Foundation
import TableRendering

extension TextMeasureCommand {
    struct Render: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw a CSV table to a PNG, PDF, SVG or HTML file, or write it as an xlsx workbook.",
            discussion: """
                The table is laid out as 'textmeasure rows' lays it out (the same options) and \
                drawn in --style with the glyphs that measured it: a text measured to fit is \
                drawn inside its cell. The format follows the extension of --output.

                Defaults follow the medium. Paper (PDF, and JSON with --page): 10 pt text, the \
                automatic table layout at the page's width inside the margins (the columns share \
                the page as a browser prints a table, their text wrapping), no room for a sort \
                arrow. A screen (PNG, SVG, HTML, JSON without --page): 14 px text, SwiftDataTables' \
                fitted widths, 20 px of sort arrow room. --size, --table-layout and \
                --sort-indicator override them. Nothing is cut: every character of every cell is \
                drawn, wrapped at its break opportunities, a word wider than its column broken \
                between characters; only --single-line (or a --widths narrower than a header's \
                title) ends a text in a drawn "…".

                PNG: the table at --scale pixels a point, transparent outside the style's chrome, \
                drawn and written a band of rows at a time (any length in bounded memory; at most \
                2147483647 px a side, PNG's limit). SVG: the table in points, at most 8388607 pt a \
                side (Cairo's limit). PDF: pages of --page (a4, letter or WxH in points, at most \
                8388607 pt a side; --landscape to turn them), --margin points inside each edge, the \
                header at the top of every page; a row that fits on a page is never split, a taller \
                one is split between its lines. A table whose columns do not fit the page even at \
                their min-content widths (their longest words) is split into column bands (--fit \
                bands, the default): each band as many columns as fit, every band showing the first \
                --repeat-columns columns and the --group-by column again beside columns of its own, \
                a header group's columns kept in one band when they fit in one, pages going down, \
                then across; a column wider than the page is first narrowed to its width (its text \
                wraps there). Each band is laid out on its own: its rows are as tall as its own cells \
                need, and under the automatic layout its columns share the page's width again. \
                --title TEXT sets a \
                title above the table on the first page (1.5 times the header's size), and every page \
                of a table that takes more than one says "Page N of M" at its bottom (--page-numbers \
                off: not); both take their room from the table. With --fit scale the table is scaled down to \
                fit instead, and stays vector, unless its text would be under 4 pt (an error). The \
                text can be copied. Sizes are checked before anything is drawn. Under the automatic \
                layout the columns share --frame-width, by default the page's width inside the \
                margins.

                HTML: a page whose browser only draws: a fixed table layout with the measured \
                column widths and row heights, each line of text at the library's breaks, in the \
                fonts that measured it (--fonts: embedded as subsets, or url:PREFIX to load each \
                font file from PREFIX followed by its name, percent-encoded). Past \
                --virtualize-after rows (default 10000, so a long table does not take gigabytes \
                of a browser's memory), the page keeps only the rows near the viewport in the \
                DOM, and their markup goes to OUT.rows-HASH.json beside it (HASH: 16 hex digits \
                of the rows' hash): written before the page, and the rows file the old page named \
                removed after it, so a page always finds its own rows.

                The file is written whole or not at all (a temporary file, flushed to the disk, \
                renamed over it; removed on failure, SIGINT or SIGTERM), with the permissions of \
                the file it replaces (a new one: 0666 less the umask); a symbolic link is kept and \
                the file it points to written.

                JSON: the layout as data, for a program that draws without measuring: the \
                columns' widths (with min- and max-content widths under --table-layout auto), the \
                header's and each row's height and offset, each cell's lines with their glyph runs \
                where the drawing puts them, and the fonts the runs name; with --page, each \
                page's rows, columns, column widths and row heights as a PDF would have them (and, with \
                --table-layout auto, the frame defaults to the page's width inside the margins). \
                Lengths in points, to 1/1000. See the "Layout as data" article for the schema (version 2: a line's x, y \
                and runs are left out where the usual case gives them).

                XLSX: a workbook whose columns fit in a spreadsheet (see the "Spreadsheets" \
                article): cells in Calibri 11 pt, measured with Carlito (--font or --family pick \
                another, written by its family name; --size in points), the header bold, frozen \
                and under an autofilter. --strategy finds each column's widest cell as for a \
                drawn table (maxMeasured, the default, reads every cell; a sampled or estimated \
                width may cut a cell it did not read; C and W in points; maxNominal and a --mode \
                other than text are errors; --min, --padding, --sort-indicator, the row options but \
                --sort, --style and the page options do not apply; --group-by and --header-weight \
                regular are errors, not yet written into a workbook): --sort sorts the rows as for \
                a drawing, --title is a bold first row and each --header-group a bold, centred row \
                above the header, merged across their columns, and --total a bold row of SUBTOTAL \
                formulas, their exact results cached; a column is as wide as a spreadsheet \
                needs to show that cell, at \
                most --max points, past which its cells wrap and their rows get their heights. \
                A column whose non-empty cells are all numbers, or all ISO 8601 dates (with \
                "-", "N/A" and the like among them), holds values shown exactly as written; every \
                other column is text, every cell of it, never a formula. --align sets a column's alignment (else the \
                spreadsheet's: text leading, numbers trailing). --header-font measures the header in \
                that file, written by its family name and bold: give the bold face.
                """)

        /// Set while `serve` renders a download: the process goes on after a PDF.
        @TaskLocal static var isDownload = false

        @OptionGroup var options: TableOptions
        @OptionGroup var rowOptions: RowOptions

        @Option(name: .shortAndLong, help: ArgumentHelp("The file to write: .png, .pdf, .svg, .html, .json or .xlsx.", valueName: "path"))
        var output: String

        @Option(help: "The table style: plain, bordered, striped or grid.")
        var style = StyleName.bordered

        @Option(help: ArgumentHelp("PNG pixels per point (2 for a 2× screen).", valueName: "n"))
        var scale = 1.0

        @Option(help: ArgumentHelp("The PDF page: a4 (the default), letter, or WxH in points; for JSON, lists the pages.",
                                   valueName: "size"))
        var page: String?

        @Flag(help: "Turn PDF pages sideways.")
        var landscape = false

        @Option(help: ArgumentHelp("PDF margins in points on every side.", valueName: "pt"))
        var margin = 36.0

        @Option(help: ArgumentHelp("PDF: a table wider than the page is split into column bands at full size (bands) "
                                   + "or shrunk to the page's width (scale).", valueName: "bands|scale"))
        var fit = FitName.bands

        @Option(help: ArgumentHelp("How many leading (key) columns every PDF column band after the first repeats, "
                                   + "and an HTML page keeps in view when it scrolls sideways.",
                                   valueName: "n"))
        var repeatColumns = 1

        enum FitName: String, ExpressibleByArgument, CaseIterable {
            case bands, scale
        }

        @Option(help: ArgumentHelp("PDF: a title above the table on the first page.", valueName: "text"))
        var title: String?

        @Option(help: ArgumentHelp("PDF: \"Page N of M\" at the bottom of every page of a table that takes more than one.",
                                   valueName: "on|off"))
        var pageNumbers = Switch.on

        enum Switch: String, ExpressibleByArgument, CaseIterable {
            case on, off
        }

        /// `--title` and `--page-numbers`.
        var furniture: PageFurniture { PageFurniture(title: title, pageNumbers: pageNumbers == .on) }

        @Option(help: ArgumentHelp("HTML fonts: embed (subsets in the page) or url:PREFIX (PREFIX + each font file's name).",
                                   valueName: "embed|url:PREFIX"))
        var fonts = "embed"

        @Option(help: ArgumentHelp("HTML: past this many rows (default 10000), keep only the rows near the viewport in the page.",
                                   valueName: "rows"))
        var virtualizeAfter: Int?

        /// Rows past which an HTML page is virtualised unless --virtualize-after says otherwise:
        /// a page holding every row of a million took 4.9 GB in Chromium.
        static let virtualizedByDefault = 10_000

        @Option(help: ArgumentHelp("HTML: rows kept in the page above and below the viewport when virtualised.", valueName: "rows"))
        var prefetch = 10

        enum StyleName: String, ExpressibleByArgument, CaseIterable {
            case plain, bordered, striped, grid

            var style: any TableStyle {
                switch self {
                case .plain: .plain
                case .bordered: .bordered
                case .striped: .striped
                case .grid: .grid
                }
            }
        }

        func validate() throws {
            if writesSpreadsheet { return try validateSpreadsheet() }
            try rowOptions.validate(with: options)
            let format = try format()
            _ = try pageSize()
            guard scale > 0, scale <= 64 else { throw ValidationError("--scale must be above 0 and at most 64, not \(scale)") }
            try LengthOption.check(margin, "--margin")
            // FreeType sizes a face in pixels per em rounded to a whole number, at most 65,535 (16 bits): past it, Cairo
            // fails to draw the glyphs. A PDF's pages only ever scale the table down; a PNG draws it at --scale.
            let size = options.font.size(on: medium)
            let drawnSize = size * (format == .png ? scale : 1)
            if format != .html, drawnSize.rounded() > 65535 {
                throw ValidationError("--size \(size)\(format == .png ? " at --scale \(scale)" : "") draws glyphs "
                    + "\(drawnSize) px per em; Cairo and FreeType draw at most 65535")
            }
            _ = try fontSource()
            if let virtualizeAfter, virtualizeAfter < 0 { throw ValidationError("--virtualize-after must be 0 or more, not \(virtualizeAfter)") }
            guard repeatColumns >= 0 else { throw ValidationError("--repeat-columns must be 0 or more, not \(repeatColumns)") }
            guard prefetch >= 0 else { throw ValidationError("--prefetch must be 0 or more, not \(prefetch)") }
        }

        /// `--fonts`.
        func fontSource() throws -> HTMLOptions.Fonts {
            if fonts == "embed" { return .embedded }
            if fonts.hasPrefix("url:") { return .url(prefix: String(fonts.dropFirst(4))) }
            throw ValidationError("--fonts must be embed or url:PREFIX, not '\(fonts)'")
        }

        /// The HTML options: the row data beside the page, named after it and its rows' hash.
        func htmlOptions() throws -> HTMLOptions {
            HTMLOptions(fonts: try fontSource(), title: output.split(separator: "/").last.map(String.init) ?? output,
                        virtualizedRowCount: virtualizeAfter ?? Self.virtualizedByDefault, prefetchRows: prefetch, rowDataURL: HTMLOptions.rowDataURL(forPage: output),
                        stickyColumns: repeatColumns)
        }

        func format() throws -> DrawingFormat {
            do { return try DrawingFormat(path: output) } catch {
                throw ValidationError("--output \(output): unknown format; the extension must be .png, .pdf, .svg, .html, .json or .xlsx")
            }
        }

        /// `--page`, turned by `--landscape`.
        func pageSize() throws -> PageSize {
            let size: PageSize
            switch (page ?? "a4").lowercased() {
            case "a4": size = .a4
            case "letter": size = .letter
            default:
                let parts = (page ?? "a4").lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
                      width > 0, height > 0, LengthOption.isValid(width), LengthOption.isValid(height) else {
                    throw ValidationError("--page must be a4, letter or WxH in points (such as 500x700), not '\(page ?? "")'")
                }
                size = PageSize(width: width, height: height)
            }
            for (side, length) in [("width", size.width), ("height", size.height)] where length > Drawing.maximumVectorSide {
                let given = length == length.rounded() ? String(Int(length)) : String(length)
                throw ValidationError("--page \(side) \(given) pt is past Cairo's limit of \(Int(Drawing.maximumVectorSide)) pt")
            }
            return landscape ? size.landscape : size
        }

        /// Paper for a PDF and for the layout JSON with --page (which lists a PDF's pages), else a
        /// screen: the defaults of --size, --table-layout and --sort-indicator follow.
        var medium: Medium {
            let format = try? format()
            return format == .pdf || format == .json && page != nil ? .paper : .screen
        }

        /// With automatic table layout, the frame when --frame-width gives none: on paper, the
        /// page's width inside its margins; else none (every column at its max-content width).
        func defaultFrameWidth() throws -> Double? {
            guard medium == .paper, options.tableLayout(on: medium) == .auto else { return nil }
            return max(0, try pageSize().width - 2 * margin)
        }

        func run() async throws {
            try checkOutput()
            if writesSpreadsheet { return try writeSpreadsheet() }
            let format = try format()
            // PDF pages measure the rows of each column band themselves.
            let layout = try rowOptions.layout(options, on: medium, defaultFrameWidth: try defaultFrameWidth(),
                                               measuringRows: format != .pdf)
            let style = style.style
            let bytes: [UInt8]
            switch format {
            case .png:
                // The size is checked before anything is drawn; the rows are drawn and written a band at a time.
                return try layout.writePNG(to: output, style: style, scale: scale)
            case .svg:
                let bounds = layout.drawingBounds(style: style)
                try Drawing.checkSVG(width: bounds.width, height: bounds.height)
                bytes = try layout.drawing(style: style).svgData()
            case .pdf:
                let fit = fit == .scale ? PageFit.scale : .bands(repeating: repeatColumns)
                var bar = ProgressBar(rows: layout.rowCount)
                let stream = DocumentStream.pdf(of: layout, style: style, page: try pageSize(), margins: EdgeInsets(margin),
                                                fit: fit, furniture: furniture)
                // The bar shows the stream's progress: the rows measured (column bands measure theirs), then the pages drawn.
                let shown = Task {
                    for await step in stream.progress {
                        switch step {
                        case .rowsMeasured(let measured, of: let total): bar.update("heights  ", Double(measured) / Double(max(1, total)))
                        case .pagesDrawn(let drawn, of: let total): bar.update("pages    ", Double(drawn) / Double(max(1, total)))
                        case .paginated, .finished: break
                        }
                    }
                    bar.clear()
                }
                do { try await stream.write(toFile: output) } catch {
                    await shown.value
                    throw error
                }
                await shown.value
                // The process ends here: the table's rows and their measurements (every
                // band's) go with it, not freed one by one first (some 20 ms of CPU for 10,000 rows);
                // unless a server is making a download, and goes on.
                if !Self.isDownload { Self.exit() }
                return
            case .json:
                let pages = try page.map { _ in
                    let page = try pageSize(), margins = EdgeInsets(margin)
                    let fit = fit == .scale ? PageFit.scale : .bands(repeating: repeatColumns)
                    if fit != .scale { try layout.narrowColumns(toPage: page, margins: margins, style: style) }
                    return try layout.pages(style: style, page: page, margins: margins, alignments: [], fit: fit, furniture: furniture)
                }
                return try layout.writeLayoutDocument(to: output, alignments: [], pages: pages)
            case .html:
                try layout.writeHTML(toPage: output, style: style, options: try htmlOptions())
                return
            }
            try writeAtomically(bytes, to: output)
        }
    }
}
