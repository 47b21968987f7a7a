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
    /// An image would exceed Cairo's limit of 32,767 pixels a side.
    case imageTooLarge(width: Double, height: Double)
    /// Cairo reported an error.
    case cairo(String)
    /// A font of the table cannot go into an HTML page as asked (the reason says why and what to
    /// do instead).
    case fontNotServable(family: String, reason: String)

    public var description: String {
        switch self {
        case .unknownFormat(let path):
            "\(path): unknown format; the extension must be .png, .pdf, .svg or .html"
        case .cannotWrite(let path, let reason):
            "\(path): cannot be written: \(reason)"
        case .pageTooSmall(let page, _, let available) where available <= 0:
            "the page (\(page)) is too small: its margins leave no room"
        case .pageTooSmall(let page, let needed, let available):
            "the page (\(page)) is too small: the header and a row's tallest line need \(needed.formatted3) pt; "
                + "its \(available.formatted3) pt within the margins hold \((max(0, available) * 10).formatted3) pt at the smallest scale, 1/10"
        case .imageTooLarge(let width, let height):
            "the image would be \(width.formatted3) × \(height.formatted3) px; Cairo draws at most 32767 px a side"
        case .cairo(let message):
            "Cairo: \(message)"
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
}
