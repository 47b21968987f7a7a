public import DataTables
public import CellLayout

/// A table's columns and rows placed, and the chrome a style adds, as SwiftUI's modifiers add it:
/// each modifier returns a new body.
///
/// Two kinds of modifier:
/// - On the table's content — `headerBackground`, `headerSeparator`, `footerSeparator`, `rowStripes`, `gridLines`,
///   `foregroundColor` — drawn between whatever is under the table and its text, wherever they
///   come in the chain.
/// - On the whole body — `background`, `overlay`, `clipShape`, `padding` — applied in order, each
///   to everything before it, in the frame the body has then (`padding` grows it), as in SwiftUI:
///   `.background(…).overlay(…).clipShape(…)` clips the background, the cells and the stroke.
///
/// No modifier moves a cell or its text: `drawing` keeps the configuration's coordinates.
public struct TableBody: Sendable {
    /// The columns and rows drawn.
    public let columns: [TableStyleConfiguration.Column]
    public let rows: [TableStyleConfiguration.Row]
    /// The header groups drawn above the header row.
    public let headerGroups: [TableStyleConfiguration.HeaderGroup]
    /// The body's frame: the table's (header and rows), grown by any padding.
    public private(set) var frame: Rect
    /// The table's frame: the header and the rows.
    public let tableFrame: Rect

    private var decorations: [DrawingItem] = []
    /// The content modifiers applied, in order: what the HTML backend turns into CSS rules.
    package private(set) var contentChrome: [ContentChrome] = []
    /// The colour of the cells' text.
    package private(set) var textColor = Color.black
    /// The whole-body modifiers applied, in order, with their shapes resolved.
    package private(set) var wrappers: [Wrapper] = []

    /// A whole-body modifier: an item under or over everything before it, or a clip around it.
    package enum Wrapper {
        case under(DrawingItem)
        case over(DrawingItem)
        case clip(Path)
    }

    /// A content modifier, as it was asked for (its lines and fills follow from the rows).
    package enum ContentChrome {
        case headerBackground(Color)
        case headerSeparator(Color, lineWidth: Double)
        case footerSeparator(Color, lineWidth: Double)
        case rowStripes(Color)
        case gridLines(Color, lineWidth: Double)
    }

    /// The table of `columns` and `rows` under `headerGroups`, undecorated (as
    /// `Table { columns } rows: { rows }`).
    ///
    /// - Complexity: O(columns + rows + header groups), for the table's frame.
    public init(columns: [TableStyleConfiguration.Column], rows: [TableStyleConfiguration.Row],
                headerGroups: [TableStyleConfiguration.HeaderGroup] = []) {
        self.columns = columns
        self.rows = rows
        self.headerGroups = headerGroups
        let frames = headerGroups.map(\.cell.frame) + columns.map(\.header.frame) + rows.map(\.frame)
        tableFrame = frames.dropFirst().reduce(frames.first ?? Rect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        frame = tableFrame
    }

    /// The table `configuration` holds — its columns, rows and header groups — undecorated.
    ///
    /// - Complexity: O(columns + rows + header groups).
    public init(_ configuration: TableStyleConfiguration) {
        self.init(columns: configuration.columns, rows: configuration.rows, headerGroups: configuration.headerGroups)
    }

    /// The display list: the wrappers' chrome around the decorations and the cells' text. A
    /// cell's background (its text style's) fills its frame over the style's fills and under its
    /// first line (grid line or separator); a cell's text colour wins over `foregroundColor`.
    ///
    /// - Complexity: O(n × (1 + u)) for n decorations, cells and text items and u wrappers that
    ///   put an item under the rest (`background`: each goes in front of all of them).
    public var drawing: Drawing {
        var items = decorations
        let cells = headerGroups.map(\.cell) + columns.map(\.header) + rows.flatMap(\.cells)
        let backgrounds = cells.compactMap { cell in cell.textStyle.background.map { DrawingItem.fill(.rectangle(cell.frame), $0) } }
        if !backgrounds.isEmpty {
            let firstLine = items.firstIndex { if case .stroke = $0 { true } else { false } } ?? items.endIndex
            items.insert(contentsOf: backgrounds, at: firstLine)
        }
        for cell in cells {
            for var text in cell.text {
                text.color = cell.textStyle.color ?? textColor
                items.append(.text(text))
            }
        }
        for wrapper in wrappers {
            switch wrapper {
            case .under(let item): items.insert(item, at: 0)
            case .over(let item): items.append(item)
            case .clip(let path): items = [.clip(path, items)]
            }
        }
        return Drawing(bounds: bounds, items: items)
    }

    /// The drawing's bounds: the frame, and any stroke over it that reaches outside.
    ///
    /// - Complexity: O(wrappers).
    public var bounds: Rect {
        var bounds = frame
        for case .over(.stroke(let path, _, let width)) in wrappers {
            bounds = bounds.union(path.bounds.outset(by: EdgeInsets(width / 2)))
        }
        return bounds
    }

    // MARK: The whole body

    /// `color` filling `shape` (default: the body's frame) under everything so far.
    ///
    /// - Complexity: O(whole-body modifiers so far): the new body copies their list.
    public func background(_ color: Color, in shape: some Shape = Rectangle()) -> TableBody {
        wrapped(.under(.fill(shape.path(in: frame), color)))
    }

    /// `shape` stroked with `stroke`, `lineWidth` points wide centred on its outline, over
    /// everything so far.
    ///
    /// - Complexity: O(whole-body modifiers so far).
    public func overlay(_ shape: some Shape, stroke: Color, lineWidth: Double = 1) -> TableBody {
        wrapped(.over(.stroke(shape.path(in: frame), stroke, lineWidth: lineWidth.clampedLength)))
    }

    /// Everything so far drawn only inside `shape`.
    ///
    /// - Complexity: O(whole-body modifiers so far).
    public func clipShape(_ shape: some Shape) -> TableBody {
        wrapped(.clip(shape.path(in: frame)))
    }

    /// The frame grown by `insets`: what follows (a background, a border) surrounds the table
    /// with room, and the drawing is larger; the cells stay where they are.
    public func padding(_ insets: EdgeInsets) -> TableBody {
        var body = self
        body.frame = frame.outset(by: insets)
        return body
    }

    /// The frame grown by `length` on every side.
    public func padding(_ length: Double = 16) -> TableBody { padding(EdgeInsets(length)) }

    // MARK: The table's content

    /// The header row filled with `color`.
    ///
    /// - Complexity: O(decorations so far): the new body copies them.
    public func headerBackground(_ color: Color) -> TableBody {
        var body = decorated(.fill(.rectangle(headerFrame), color))
        body.contentChrome.append(.headerBackground(color))
        return body
    }

    /// A line across the table's width at the header's bottom, and one under each header group
    /// across its columns.
    ///
    /// - Complexity: O(header groups + decorations so far).
    public func headerSeparator(_ color: Color, lineWidth: Double = 1) -> TableBody {
        let y = headerFrame.maxY
        var body = decorated(.stroke(.line(from: Point(x: tableFrame.minX, y: y), to: Point(x: tableFrame.maxX, y: y)),
                                     color, lineWidth: lineWidth.clampedLength))
        body.decorations += groupUnderlines(color, lineWidth: lineWidth.clampedLength)
        body.contentChrome.append(.headerSeparator(color, lineWidth: lineWidth.clampedLength))
        return body
    }

    /// A line across the table's width at the top of the footer row (totals:
    /// `TableStyleConfiguration.Row.isFooter`), when it is drawn; nothing for a table without one.
    ///
    /// - Complexity: O(rows + decorations so far).
    public func footerSeparator(_ color: Color, lineWidth: Double = 1) -> TableBody {
        var body = self
        for y in rows.filter(\.isFooter).map(\.frame.minY) {
            body = body.decorated(.stroke(.line(from: Point(x: tableFrame.minX, y: y), to: Point(x: tableFrame.maxX, y: y)),
                                          color, lineWidth: lineWidth.clampedLength))
        }
        body.contentChrome.append(.footerSeparator(color, lineWidth: lineWidth.clampedLength))
        return body
    }

    /// Every row of odd index (the second, fourth… of the table) filled with `color`.
    ///
    /// - Complexity: O(rows + decorations so far).
    public func rowStripes(_ color: Color) -> TableBody {
        var body = self
        for row in rows where row.index % 2 == 1 { body.decorations.append(.fill(.rectangle(row.frame), color)) }
        body.contentChrome.append(.rowStripes(color))
        return body
    }

    /// Lines between every two columns (down the whole table, from below the lowest header group
    /// that spans both) and every two rows, under the header and under each header group; a line
    /// between rows stops at a cell spanning both.
    ///
    /// - Complexity: O(rows × c log c + columns × header groups + decorations so far), c the
    ///   cells of a row and those spanning down from rows above.
    public func gridLines(_ color: Color, lineWidth: Double = 1) -> TableBody {
        let width = lineWidth.clampedLength
        var body = self
        for (position, column) in columns.enumerated().dropFirst() {
            let x = column.header.frame.minX
            let top = headerGroups.filter { $0.columns.lowerBound < position && position < $0.columns.upperBound }
                .reduce(tableFrame.minY) { max($0, $1.cell.frame.maxY) }
            body.decorations.append(.stroke(.line(from: Point(x: x, y: top), to: Point(x: x, y: tableFrame.maxY)),
                                            color, lineWidth: width))
        }
        body.decorations += groupUnderlines(color, lineWidth: width)
        func line(_ y: Double, from start: Double, to end: Double) {
            body.decorations.append(.stroke(.line(from: Point(x: start, y: y), to: Point(x: end, y: y)), color, lineWidth: width))
        }
        line(headerFrame.maxY, from: tableFrame.minX, to: tableFrame.maxX)
        // Between two rows, the line stops at cells spanning both (drawn taller than their row).
        var spanning: [Rect] = []
        for row in rows.dropLast() {
            let y = row.frame.maxY
            spanning = (spanning + row.cells.map(\.frame)).filter { $0.maxY > y + 1e-6 }.sorted { $0.minX < $1.minX }
            var x = tableFrame.minX
            for cell in spanning {
                if cell.minX > x { line(y, from: x, to: cell.minX) }
                x = max(x, cell.maxX)
            }
            if x < tableFrame.maxX { line(y, from: x, to: tableFrame.maxX) }
        }
        body.contentChrome.append(.gridLines(color, lineWidth: width))
        return body
    }

    /// The cells' text drawn in `color` (default: black).
    public func foregroundColor(_ color: Color) -> TableBody {
        var body = self
        body.textColor = color
        return body
    }

    /// The header's frame: the table's width, from the top (of the header groups' rows, when
    /// there are groups) to the header cells' bottom.
    public var headerFrame: Rect {
        let bottom = columns.first?.header.frame.maxY ?? tableFrame.minY
        return Rect(x: tableFrame.minX, y: tableFrame.minY, width: tableFrame.width, height: bottom - tableFrame.minY)
    }

    /// A line under each header group, across its columns.
    private func groupUnderlines(_ color: Color, lineWidth: Double) -> [DrawingItem] {
        headerGroups.map { group in
            let frame = group.cell.frame
            return .stroke(.line(from: Point(x: frame.minX, y: frame.maxY), to: Point(x: frame.maxX, y: frame.maxY)),
                           color, lineWidth: lineWidth)
        }
    }

    private func wrapped(_ wrapper: Wrapper) -> TableBody {
        var body = self
        body.wrappers.append(wrapper)
        return body
    }

    private func decorated(_ item: DrawingItem) -> TableBody {
        var body = self
        body.decorations.append(item)
        return body
    }
}
