import CellLayout
import DataTables
import Testing
import TextMeasure

/// `DataTableLayout` against a plain reference model: random sequences of setData (inserts,
/// deletes, moves, edits, duplicate IDs), scrolls, sorts, remeasures, viewport and frame
/// changes, each step checked for every row's offset, the content height, the viewport's
/// offset, the anchor row and where it shows, and which rows are measured.
///
/// A row's cell is a box of the row's height `h`, so a measured row is exactly `h` tall; its
/// text is `h` written out, so changing `h` is a changed cell. Runs are seeded (a failure names
/// its seed and step).
@Suite struct LayoutModelTests {
    struct Item: Identifiable, Sendable, Equatable {
        let id: Int
        var h: Double
        var label: String
    }

    static let mono = try! FontStack([Font.bundled(.notoSansMono, size: 10)])
    static let estimate = 30.0, header = 20.0, spacing = 2.0, window = 2
    /// The label's one line in Noto Sans Mono at 10 px: (1069 + 293)/1000 em.
    static let line = 13.62
    /// A measured row: the box or the label's line, whichever is taller.
    static func measuredHeight(_ item: Item) -> Double { max(item.h, line) }

    static let columns = [
        DataTableColumn<Item>("H", text: { String($0.h) }) { .box(width: 10, height: $0.h) },
        DataTableColumn<Item>("Label", \.label),
    ]

    static var configuration: DataTableConfiguration {
        var configuration = DataTableConfiguration(font: mono)
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        configuration.rowHeightMode = .automatic(estimated: estimate, prefetchWindow: window)
        configuration.cellPadding = EdgeInsets(horizontal: 4, vertical: 0)
        configuration.headerHeight = header
        configuration.rowSpacing = spacing
        configuration.minColumnWidth = 0
        return configuration
    }

    /// The reference: the same rules over plain arrays, every sum recomputed from scratch.
    struct Model {
        var rows: [Item]
        var measured: [Int: Double] = [:]  // by ID
        var offset = 0.0
        var viewport: Double

        func height(_ index: Int) -> Double { measured[rows[index].id] ?? LayoutModelTests.estimate }
        func top(_ index: Int) -> Double {
            LayoutModelTests.header + (0..<index).reduce(0) { $0 + height($1) + LayoutModelTests.spacing }
        }
        var contentHeight: Double { rows.isEmpty ? LayoutModelTests.header : top(rows.count) - LayoutModelTests.spacing }
        func row(at y: Double) -> Int? {
            guard y >= LayoutModelTests.header, y < contentHeight else { return nil }
            return (0..<rows.count).last { top($0) <= y }
        }
        func clamped(_ y: Double) -> Double { y >= 0 ? min(y, max(0, contentHeight - viewport)) : 0 }
        var visible: Range<Int> {
            let upper = offset + viewport, lower = max(offset, LayoutModelTests.header)
            guard !rows.isEmpty, upper > lower, let first = row(at: lower) else { return 0..<0 }
            return first..<((row(at: min(upper, contentHeight).nextDown) ?? rows.count - 1) + 1)
        }
        var anchor: (id: Int, delta: Double)? {
            guard offset >= LayoutModelTests.header, let index = row(at: offset) else { return nil }
            return (rows[index].id, offset - top(index))
        }
        mutating func restore(_ anchor: (id: Int, delta: Double)?, at index: Int?) {
            if let anchor, let index { offset = clamped(top(index) + anchor.delta) } else { offset = clamped(offset) }
        }
        mutating func layOut() {
            while true {
                let visible = self.visible
                guard !visible.isEmpty else { return }
                let range = max(0, visible.lowerBound - window)..<min(rows.count, visible.upperBound + window)
                let waiting = range.filter { measured[rows[$0].id] == nil }
                guard !waiting.isEmpty else { return }
                let anchor = self.anchor
                for index in waiting { measured[rows[index].id] = LayoutModelTests.measuredHeight(rows[index]) }
                restore(anchor, at: anchor.flatMap { a in rows.firstIndex { $0.id == a.id } })
            }
        }
        mutating func setData(_ new: [Item]) {
            let anchor = self.anchor
            let anchorOld = anchor.flatMap { a in rows.firstIndex { $0.id == a.id } }
            let old = rows
            let newIDs = Set(new.map(\.id))
            for item in old where !newIDs.contains(item.id) { measured[item.id] = nil }
            for item in new {
                if let before = old.first(where: { $0.id == item.id }), before != item { measured[item.id] = nil }
            }
            rows = new
            var index: Int? = anchor.flatMap { a in rows.firstIndex { $0.id == a.id } }
            if index == nil, let anchorOld {  // the nearest surviving neighbour, after before before
                var distance = 1
                search: while anchorOld - distance >= 0 || anchorOld + distance < old.count {
                    for candidate in [anchorOld + distance, anchorOld - distance] where old.indices.contains(candidate) {
                        if let found = rows.firstIndex(where: { $0.id == old[candidate].id }) { index = found; break search }
                    }
                    distance += 1
                }
            }
            restore(anchor, at: index)
            layOut()
        }
        mutating func remeasure(_ index: Int) -> Bool {
            guard rows.indices.contains(index) else { return false }
            let old = height(index), fresh = LayoutModelTests.measuredHeight(rows[index])
            let moved = abs(fresh - old) > 0.5
            if measured[rows[index].id] != nil, !moved { return false }  // a measured row keeps its height
            let anchor = self.anchor
            measured[rows[index].id] = fresh
            restore(anchor, at: anchor.flatMap { a in rows.firstIndex { $0.id == a.id } })
            return moved
        }
    }

    /// A small deterministic generator (64-bit LCG), so every run is the same and a seed replays.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let words = ["a", "bb", "ccc dd", "eeeee", "ffff ggg hh", "i"]

    func item(_ id: Int, _ random: inout Random) -> Item {
        // Heights are quarter points of at least 14 (taller than the label's line): every sum is
        // exact in binary, so the model's sums and the tree's agree to the last bit.
        Item(id: id, h: Double(14 + random.next(60)) + (random.next(4) == 0 ? 0.25 : 0),
             label: Self.words[random.next(Self.words.count)])
    }

    func check(_ layout: DataTableLayout<Item>, _ model: Model, _ context: String) {
        #expect(layout.rows == model.rows, "\(context): rows")
        #expect(abs(layout.contentHeight - model.contentHeight) < 1e-6, "\(context): content height \(layout.contentHeight) vs \(model.contentHeight)")
        #expect(abs(layout.contentOffset - model.offset) < 1e-6, "\(context): offset \(layout.contentOffset) vs \(model.offset)")
        #expect(layout.visibleRows == model.visible, "\(context): visible \(layout.visibleRows) vs \(model.visible)")
        for index in model.rows.indices {
            #expect(abs(layout.offset(ofRow: index) - model.top(index)) < 1e-6, "\(context): row \(index) offset")
            #expect(layout.isMeasured(row: index) == (model.measured[model.rows[index].id] != nil), "\(context): row \(index) measured")
        }
        if let anchor = model.anchor, let index = layout.row(atOffset: layout.contentOffset) {
            #expect(layout.rows[index].id == anchor.id, "\(context): anchor")
        }
        // Column widths kept up to date row by row equal widths measured from scratch.
        let fresh = try? Self.configuration.columnWidths(for: model.rows, columns: Self.columns, frameWidth: layout.frameWidth)
        #expect(layout.columnWidths.widths == fresh?.widths, "\(context): column widths")
    }

    @Test(arguments: 0..<24)
    func randomStepsMatchTheModel(seed: Int) throws {
        var random = Random(state: UInt64(seed) &* 0x9E3779B97F4A7C15 &+ 1)
        var nextID = 0
        var rows: [Item] = []
        for _ in 0..<(5 + random.next(40)) { rows.append(item(nextID, &random)); nextID += 1 }
        let viewport = Double(50 + random.next(150))
        let layout = try DataTableLayout(rows: rows, columns: Self.columns, configuration: Self.configuration,
                                         viewportHeight: viewport)
        var model = Model(rows: rows, viewport: viewport)
        model.layOut()
        check(layout, model, "seed \(seed) start")

        for step in 0..<50 {
            let context = "seed \(seed) step \(step)"
            switch random.next(7) {
            case 0:  // scroll
                let y = Double(random.next(Int(model.contentHeight) + 50)) - 20
                layout.scroll(to: y)
                model.offset = model.clamped(y)
                model.layOut()
            case 1:  // setData: deletes, inserts, moves, edits
                var new = model.rows
                for _ in 0..<random.next(3) where !new.isEmpty { new.remove(at: random.next(new.count)) }
                for _ in 0..<random.next(4) { new.insert(item(nextID, &random), at: random.next(new.count + 1)); nextID += 1 }
                for _ in 0..<random.next(3) where new.count > 1 {
                    let moved = new.remove(at: random.next(new.count))
                    new.insert(moved, at: random.next(new.count + 1))
                }
                for _ in 0..<random.next(3) where !new.isEmpty {
                    let index = random.next(new.count)
                    if random.next(2) == 0 { new[index].h = Double(14 + random.next(60)) } else { new[index].label = Self.words[random.next(6)] }
                }
                let changes = try layout.setData(new)
                #expect(changes.deletedRows.count == model.rows.count - Set(model.rows.map(\.id)).intersection(new.map(\.id)).count, "\(context)")
                model.setData(new)
            case 2:  // a duplicate ID: refused, nothing changes
                guard model.rows.count > 1 else { continue }
                var new = model.rows
                new.append(Item(id: new[random.next(new.count)].id, h: 40, label: "dup"))
                #expect(throws: DataTableUpdateError.self, "\(context)") { try layout.setData(new) }
            case 3:  // sort by the label, either way
                let ascending = random.next(2) == 0
                layout.sort(byColumn: 1, ascending: ascending)
                let order = model.rows.indices.sorted { a, b in
                    let (x, y) = (model.rows[a].label, model.rows[b].label)
                    return x == y ? a < b : (x < y) == ascending
                }
                model.setData(order.map { model.rows[$0] })
            case 4:  // remeasure a row
                guard !model.rows.isEmpty else { continue }
                let index = random.next(model.rows.count)
                #expect(layout.remeasureRow(index) == model.remeasure(index), "\(context): remeasure \(index)")
                model.layOut()
            case 5:  // the columns fill a new frame (no row here can change height with it)
                try layout.setFrameWidth(random.next(3) == 0 ? nil : Double(50 + random.next(300)))
                model.offset = model.clamped(model.offset)
            default:  // a new viewport height
                let height = Double(random.next(250))
                layout.resizeViewport(height: height)
                model.viewport = height
                model.offset = model.clamped(model.offset)
                model.layOut()
            }
            check(layout, model, context)
        }
    }
}
