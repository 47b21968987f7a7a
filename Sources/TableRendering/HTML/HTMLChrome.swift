#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif
import CellLayout
import DataTables

/// A style's chrome as HTML and CSS: the whole-body modifiers (background, overlay stroke,
/// clip) as positioned boxes around the table, the content modifiers (header fill, stripes,
/// separator, grid) as rules on its cells, so virtualised rows carry them too.
struct HTMLChrome {
    let body: TableBody
    /// The selector scoping every rule: the table's `<div>`.
    let scope: String

    /// What the body's wrappers make of the table: boxes under and over it, clips around it.
    indirect enum Layer {
        case table
        case item(DrawingItem, over: Bool)
        case clip(Path, [Layer])
    }

    var layers: [Layer] {
        var layers: [Layer] = [.table]
        for wrapper in body.wrappers {
            switch wrapper {
            case .under(let item): layers.insert(.item(item, over: false), at: 0)
            case .over(let item): layers.append(.item(item, over: true))
            case .clip(let path): layers = [.clip(path, layers)]
            }
        }
        return layers
    }

    /// `layers` in a box whose top-left corner is `origin` (table coordinates); `table` writes
    /// the table given its left and top in that box.
    func markup(_ layers: [Layer], origin: Point, table: (_ left: String, _ top: String) -> String) -> String {
        var markup = ""
        for layer in layers {
            switch layer {
            case .table:
                markup += table(HTMLMarkup.span(from: origin.x, to: 0), HTMLMarkup.span(from: origin.y, to: 0))
            case .item(let item, let over):
                markup += box(item, origin: origin, over: over)
            case .clip(let path, let inner):
                let rect = path.bounds
                markup += "<div class=\"k\" style=\"\(place(rect, origin: origin))\(radius(path, grownBy: 0))\">"
                    + self.markup(inner, origin: Point(x: rect.minX, y: rect.minY), table: table) + "</div>"
            }
        }
        return markup
    }

    private func place(_ rect: Rect, origin: Point) -> String {
        "left:\(HTMLMarkup.span(from: origin.x, to: rect.minX));top:\(HTMLMarkup.span(from: origin.y, to: rect.minY));"
            + "width:\(HTMLMarkup.span(from: rect.minX, to: rect.maxX));height:\(HTMLMarkup.span(from: rect.minY, to: rect.maxY))"
    }

    private func radius(_ path: Path, grownBy growth: Double) -> String {
        guard case .roundedRectangle(_, let radius) = path.kind, radius > 0 else { return "" }
        return ";border-radius:\(HTMLMarkup.px(radius + growth))"
    }

    /// A fill as a box with a background; a stroke of a rectangle as a box with a border (grown
    /// by half the width: the stroke is centred on the outline), of a line as a thin box.
    private func box(_ item: DrawingItem, origin: Point, over: Bool) -> String {
        let classes = over ? "c v" : "c"
        switch item {
        case .fill(let path, let color):
            if case .line = path.kind { return "" }
            return "<div class=\"\(classes)\" style=\"\(place(path.bounds, origin: origin))\(radius(path, grownBy: 0));background:\(HTMLMarkup.css(color))\"></div>"
        case .stroke(let path, let color, let width):
            guard width > 0 else { return "" }
            switch path.kind {
            case .rectangle, .roundedRectangle:
                let rect = path.bounds.outset(by: EdgeInsets(width / 2))
                return "<div class=\"\(classes)\" style=\"\(place(rect, origin: origin))\(radius(path, grownBy: width / 2));"
                    + "border:\(HTMLMarkup.px(width)) solid \(HTMLMarkup.css(color))\"></div>"
            case .line(let start, let end):
                let length = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
                let angle = atan2(end.y - start.y, end.x - start.x)
                let rect = Rect(x: start.x, y: start.y - width / 2, width: length, height: width)
                let turn = angle == 0 ? "" : ";transform-origin:0 50%;transform:rotate(\(angle)rad)"
                return "<div class=\"\(classes)\" style=\"\(place(rect, origin: origin))\(turn);background:\(HTMLMarkup.css(color))\"></div>"
            }
        case .clip, .text, .transformed:
            return ""  // a body's wrappers hold fills and strokes only
        }
    }

    /// The rules of the content modifiers: fills on the header's and the odd rows' cells; lines
    /// as boxes hung on the cells' edges (`::after` under a row, `::before` left of a column),
    /// over the fills and under the text. Where two modifiers draw the same line, the later one's
    /// shows.
    func contentRules(gap: Double) -> String {
        var headerFills: [Color] = [], stripeFills: [Color] = []
        var headerLine: (Color, Double)?, footerLine: (Color, Double)?, rowLine: (Color, Double)?, columnLine: (Color, Double)?
        for chrome in body.contentChrome {
            switch chrome {
            case .headerBackground(let color): headerFills.append(color)
            case .rowStripes(let color): stripeFills.append(color)
            case .headerSeparator(let color, let width): headerLine = (color, width)
            case .footerSeparator(let color, let width): footerLine = (color, width)
            case .gridLines(let color, let width): (headerLine, rowLine, columnLine) = ((color, width), (color, width), (color, width))
            }
        }
        var css = "\(scope){color:\(HTMLMarkup.css(body.textColor))}\n"
        if !headerFills.isEmpty { css += "\(scope) thead th{background:\(Self.layered(headerFills))}\n" }
        // A cell spanning rows holds a box striped as they are (`HTMLRows.stripes(under:from:)`).
        if !stripeFills.isEmpty {
            css += "\(scope) tbody tr.o>td:not([rowspan]),\(scope) tbody td>.y{background:\(Self.layered(stripeFills));background-clip:padding-box}\n"
                + "\(scope) tbody td>.y{position:absolute;inset:0}\n"
        }
        func line(_ selector: String, _ line: (Color, Double)?, _ place: (Double) -> String) {
            guard let (color, width) = line, width > 0 else { return }
            css += "\(scope) \(selector){content:\"\";position:absolute;z-index:1;\(place(width));background:\(HTMLMarkup.css(color))}\n"
        }
        line("thead th::after", headerLine) { "left:0;right:0;bottom:\(HTMLMarkup.px(-$0 / 2));height:\(HTMLMarkup.px($0))" }
        // A header group's row: no line under a column no group of that row covers.
        if headerLine != nil, !body.headerGroups.isEmpty { css += "\(scope) thead th.e::after{content:none}\n" }
        line("tbody tr.s>td::after", footerLine) { "left:0;right:0;top:\(HTMLMarkup.px(-$0 / 2));height:\(HTMLMarkup.px($0))" }
        line("tbody tr:not(.z)>td:not(.z)::after", rowLine) { "left:0;right:0;bottom:\(HTMLMarkup.px(-$0 / 2));height:\(HTMLMarkup.px($0))" }
        line("th:not(:first-child)::before", columnLine) { "top:0;bottom:0;left:\(HTMLMarkup.px(-$0 / 2));width:\(HTMLMarkup.px($0))" }
        line("td:is(:not(:first-child),.m)::before", columnLine) {
            "top:0;bottom:\(HTMLMarkup.px(-gap));left:\(HTMLMarkup.px(-$0 / 2));width:\(HTMLMarkup.px($0))"
        }
        return css
    }

    /// Fills painted in order, as CSS background layers (the last on top).
    static func layered(_ colors: [Color]) -> String {
        (colors.dropFirst().reversed().map { "linear-gradient(\(HTMLMarkup.css($0)),\(HTMLMarkup.css($0)))" } + [HTMLMarkup.css(colors[0])])
            .joined(separator: ",")
    }
}
