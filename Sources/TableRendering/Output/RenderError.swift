/// Why a table could not be drawn or written, naming the culprit.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The output path's extension names no format this package writes.
    case unknownFormat(path: String)
    /// The file could not be written (the reason from the system).
    case cannotWrite(path: String, reason: String)
    /// A page leaves no room for the header and a row's tallest line (below the cell's top
    /// padding) once its margins are taken, even with the table scaled down to 1/10: `needed`
    /// points of table, `available` points of page within the margins.
    case pageTooSmall(page: PageSize, needed: Double, available: Double)
    /// The title (`PageFurniture.title`) takes `height` points of the first page, its spacing
    /// included, leaving less than the `needed` points of the header (and the page number) in
    /// the `available` points within the margins.
    case titleTooTall(height: Double, needed: Double, available: Double)
    /// A PNG would be wider or taller than it can be: `Drawing.maximumImageSide` pixels
    /// (PNG's own limit, 2^31 − 1), or wider than `Drawing.maximumImageWidth` (a row's bytes
    /// past what Cairo addresses).
    case imageTooLarge(width: Double, height: Double)
    /// A page is wider or taller than `Drawing.maximumVectorSide` points, Cairo's largest
    /// coordinate.
    case pageTooLarge(page: PageSize)
    /// An SVG would be wider or taller than `Drawing.maximumVectorSide` points, Cairo's largest
    /// coordinate.
    case svgTooLarge(width: Double, height: Double)
    /// A table shrunk to fit the page's width would draw its text below `minimumTextSize`
    /// (4 pt): the table `tableWidth` points wide (its chrome included) on `pageWidth` points
    /// within the margins, scaled by `scale`, text of `fontSize` points.
    case textTooSmall(scale: Double, fontSize: Double, tableWidth: Double, pageWidth: Double)
    /// A column is wider than the page's width inside its margins (less the style's chrome), so
    /// no band of `PageFit.bands` holds it at full size: column `column` (0-based), `width`
    /// points, `available` points of room.
    case columnTooWide(column: Int, width: Double, available: Double)
    /// Cairo reported an error.
    case cairo(String)
    /// libpng reported an error.
    case png(String)
    /// A font of the table cannot go into an HTML page as asked (the reason says why and what to
    /// do instead).
    case fontNotServable(family: String, reason: String)

    public var description: String {
        switch self {
        case .unknownFormat(let path):
            "\(path): unknown format; the extension must be .png, .pdf, .svg, .html or .json"
        case .cannotWrite(let path, let reason):
            "\(path): cannot be written: \(reason)"
        case .pageTooSmall(let page, _, let available) where available <= 0:
            "the page (\(page)) is too small: its margins leave no room"
        case .pageTooSmall(let page, let needed, let available):
            "the page (\(page)) is too small: the header and a row's tallest line need \(needed.formatted3) pt; "
                + "its \(available.formatted3) pt within the margins hold \((max(0, available) * 10).formatted3) pt at the smallest scale, 1/10"
        case .titleTooTall(let height, let needed, let available):
            "the title is \(height.formatted3) pt tall on the first page, whose \(available.formatted3) pt within the margins "
                + "then leave less than the \(needed.formatted3) pt the table's header needs: shorten the title "
                + "(--title), or use a taller page"
        case .imageTooLarge(let width, let height) where height <= Double(Drawing.maximumImageSide) && width <= Double(Drawing.maximumImageSide):
            "the image would be \(width.formatted3) × \(height.formatted3) px; a row of it would be \((4 * width).formatted3) bytes, "
                + "and Cairo draws rows of at most 2147483647 bytes: \(Drawing.maximumImageWidth) px across"
        case .imageTooLarge(let width, let height):
            "the image would be \(width.formatted3) × \(height.formatted3) px; a PNG is at most \(Drawing.maximumImageSide) px a side"
        case .pageTooLarge(let page):
            "the page (\(page)) is past Cairo's limit of \(Drawing.maximumVectorSide.formatted3) pt a side"
        case .svgTooLarge(let width, let height):
            "the SVG would be \(width.formatted3) × \(height.formatted3) pt; SVG through Cairo is at most "
                + "\(Drawing.maximumVectorSide.formatted3) pt a side (PDF pages or a PNG hold any length)"
        case .textTooSmall(let scale, let fontSize, let tableWidth, let pageWidth):
            "the table is \(tableWidth.formatted3) pt wide and the page \(pageWidth.formatted3) pt within its margins: "
                + "shrunk to fit (scale \(scale.formattedSmall)), its \(fontSize.formatted3) pt text "
                + "would be \((scale * fontSize).formattedSmall) pt, "
                + "below the \(TablePages.minimumTextSize.formatted3) pt minimum; use a wider page (or --landscape), "
                + "narrower columns, or a PNG, SVG or HTML"
        case .columnTooWide(let column, let width, let available):
            "column \(column + 1) is \(width.formatted3) pt wide, wider than the page's \(available.formatted3) pt within its margins: "
                + "narrow it (--max, and --wrap to keep its text), use a wider page (or --landscape), "
                + "or scale the table down (--fit scale)"
        case .cairo(let message):
            "Cairo: \(message)"
        case .png(let message):
            "libpng: \(message)"
        case .fontNotServable(let family, let reason):
            "the font \(family) cannot go into the HTML page: \(reason)"
        }
    }
}

extension Double {
    /// The number with at most three decimals ("12.5", "595.276").
    var formatted3: String {
        let rounded = (self * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }

    /// `formatted3`, or for a number too small to show in three decimals, its shortest form ("2.5e-07").
    var formattedSmall: String {
        let formatted = formatted3
        return formatted == "0" && self != 0 ? String(self) : formatted
    }
}
