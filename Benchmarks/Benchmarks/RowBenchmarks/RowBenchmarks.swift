// Benchmarks of DataTables' row metrics (DataTableLayout) on the rows of Benchmarks/Data/packages.tsv
// (real Debian package records, cycled to as many rows as a benchmark needs), with the bundled
// font stack at 14 pt, wrapping text, automatic row heights and the columns sized by
// maxMeasured, at most 260 pt (so long descriptions wrap).
//
// 1. Scale: `remeasureRow` and `row(atOffset:)` at 1,000,000 rows against the same at 1,000 rows.
//    Target: the 1M cost ≤ 3× the 1k cost (O(log n) offsets); 100k is measured too, in between.
//    And the same edits as a live table's page sends them (`LiveTable`, 1M rows), against
//    `remeasureRow` at 1M: what the protocol adds; an edit to its patch pushed must stay ≤ 5 ms.
// 2. Diffing: `setData` on 100,000 rows (an Equatable row struct, so the overload that compares
//    whole rows before cells is used) with 1 % of the rows edited (one cell) and with 30 % of the
//    rows shuffled, against Swift's `CollectionDifference` on the same IDs
//    (`newIDs.difference(from: oldIDs).inferringMoves()`). Targets: at least as fast at 1 %,
//    ≥ 10× faster at 30 %.
//
// Layouts are built in setup hooks (not measured) and dropped in teardown. Each iteration leaves
// the layout as it found it, so every iteration does the same work.

import Benchmark
import DataTables
import Foundation
import LiveTables
import PackageTable
import TextMeasure

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .seconds(5),
        maxIterations: 30
    )

    for count in [1_000, 100_000, 1_000_000] {
        let label = [1_000: "1k", 100_000: "100k"][count] ?? "1M"
        let table = ScrollingTable(count: count)
        Benchmark("remeasureRow, \(label) rows",
                  configuration: .init(setup: { table.build(checkingEdits: true) }, teardown: { table.drop() })) { _ in
            blackHole(table.editAndRemeasure())
        }
        Benchmark("row(atOffset:), \(label) rows",
                  configuration: .init(setup: { table.build(checkingEdits: false) }, teardown: { table.drop() })) { _ in
            blackHole(table.lookUpRows())
        }
    }

    // The same edits at a million rows as a live table's page sends them: against
    // "remeasureRow, 1M rows", what the protocol costs (the message read, the row replaced and
    // measured, the patch and the heights written for every page, the answer).
    let live = LiveEditing(count: 1_000_000)
    Benchmark("live edit, 1M rows", configuration: .init(setup: { await live.build() }, teardown: { await live.drop() })) { _ in
        blackHole(await live.editAndRestore())
    }

    for change in [Diffing.Change.edit, .shuffle] {
        let diffing = Diffing(change)
        Benchmark("setData, \(change.name)",
                  configuration: .init(setup: { diffing.buildLayout() }, teardown: { diffing.drop() })) { _ in
            blackHole(diffing.applyAndRevert())
        }
        if change == .edit {
            Benchmark("CollectionDifference, \(change.name)",
                      configuration: .init(setup: { diffing.prepareRows() }, teardown: { diffing.drop() })) { _ in
                blackHole(diffing.collectionDifferences())
            }
        }
    }
}

// MARK: - Rows and columns

extension Package {
    /// Row `index` of a table of any length: the file's rows over and over.
    static func cycled(_ index: Int) -> Package { all[index % all.count] }
}

/// The configuration of every benchmark: wrapping text, automatic heights (estimate 44, a
/// prefetch window of 10 rows), exact column widths of at most 260 pt.
let configuration: DataTableConfiguration = {
    do {
        var configuration = DataTableConfiguration(font: try FontStack.bundled(size: 14))
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        configuration.maxColumnWidth = 260
        configuration.textLayout = .wrap
        configuration.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 10)
        return configuration
    } catch {
        fatalError("bundled font stack: \(error)")
    }
}()

/// A row type that shows a package, its description through `shownDescription`.
protocol ShowsPackage: SendableMetatype {
    var package: Package { get }
    var shownDescription: String { get }
}

/// The six columns of a row that shows a package: each reads its field where it is, as an
/// app's columns would, without copying the package.
func packageColumns<Row: ShowsPackage>() -> [DataTableColumn<Row>] {
    [.init("Name") { $0.package.name }, .init("Version") { $0.package.version }, .init("Section") { $0.package.section },
     .init("Maintainer") { $0.package.maintainer }, .init("Installed size (KiB)") { $0.package.installedSize },
     .init("Description") { $0.shownDescription }]
}

// MARK: - 1. remeasureRow and row(atOffset:) at 1k, 100k and 1M rows

/// A row whose description the user edits in place (a class, as an app's model object often
/// is): `remeasureRow`'s case.
final class EditableRow: Identifiable, ShowsPackage {
    let id: Int
    let package: Package
    var description: String

    init(id: Int, package: Package) {
        (self.id, self.package, self.description) = (id, package, package.description)
    }

    var shownDescription: String { description }
}

/// A table of `count` rows scrolled to its middle, for the scale benchmarks.
final class ScrollingTable {
    /// Rows edited per iteration, each twice (to a long description and back): 2,000 remeasures.
    static let edits = 1_000
    /// Lookups per iteration: `offsets` over and over.
    static let lookups = 15 * 65_536  // 983,040: whole rounds over the 65,536 offsets
    /// Appended to a description for the edit: it then takes 3–4 more lines.
    static let addition = " It also ships the documentation, the examples, the test suite and translations of every message into forty languages."

    let count: Int
    var layout: DataTableLayout<EditableRow>?
    /// The rows edited: `edits` rows spread evenly over the table (every row at 1,000).
    var edited: [Int] = []
    /// Content offsets spread at random over the rows.
    var offsets: [Double] = []

    init(count: Int) { self.count = count }

    func build(checkingEdits: Bool) {
        let rows = (0..<count).map { EditableRow(id: $0, package: Package.cycled($0)) }
        let columns = packageColumns() as [DataTableColumn<EditableRow>]
        do {
            layout = try DataTableLayout(rows: rows, columns: columns, configuration: configuration, viewportHeight: 800)
        } catch {
            fatalError("\(error)")
        }
        guard let layout else { return }
        layout.scroll(to: layout.contentHeight / 2)
        edited = (0..<Self.edits).map { $0 * count / Self.edits }
        var random = SplitMix64(seed: 7)
        let header = layout.configuration.headerHeight, span = layout.contentHeight - header
        offsets = (0..<65_536).map { _ in header + Double(random.next() >> 11) / Double(1 << 53) * span }
        if checkingEdits {
            // Every remeasure really changes the height (none is within the 0.5 pt it ignores),
            // from the first iteration on; this pass also measures the edited rows once.
            _ = editAndRemeasure()
            require(editAndRemeasure() == 2 * Self.edits, "a remeasure left a height as it was")
        }
    }

    func drop() {
        layout = nil
        (edited, offsets) = ([], [])
    }

    /// Each edited row's description made longer, the row remeasured, then put back and
    /// remeasured again. Returns how many remeasures changed a height.
    func editAndRemeasure() -> Int {
        guard let layout else { return 0 }
        var changed = 0
        for index in edited {
            let row = layout.rows[index]
            let original = row.description
            row.description = original + Self.addition
            if layout.remeasureRow(index) { changed += 1 }
            row.description = original
            if layout.remeasureRow(index) { changed += 1 }
        }
        return changed
    }

    /// `lookups` calls of `row(atOffset:)`; returns the sum of the rows found.
    func lookUpRows() -> Int {
        guard let layout else { return 0 }
        var sum = 0
        for round in 0..<Self.lookups / offsets.count {
            for offset in offsets { sum &+= layout.row(atOffset: offset) ?? round }
        }
        return sum
    }
}

/// A served package row: its six fields.
struct ServedPackage: ServedRow {
    let id: Int
    var fields: [String]
}

/// A million package rows served by a `LiveTable` to one page, the `ScrollingTable`'s rows
/// edited the same way, by messages.
actor LiveEditing {
    let count: Int
    var live: LiveTable<ServedPackage>?
    var page: AsyncStream<PageMessage>.Iterator?
    var number = 0
    var request = 0

    init(count: Int) { self.count = count }

    func build() async {
        let rows = (0..<count).map { index in
            let package = Package.cycled(index)
            return ServedPackage(id: index, fields: [package.name, package.version, package.section, package.maintainer,
                                                     package.installedSize, package.description])
        }
        let titles = ["Name", "Version", "Section", "Maintainer", "Installed size (KiB)", "Description"]
        let columns = titles.indices.map { index in DataTableColumn<ServedPackage>(titles[index]) { $0.fields[index] } }
        let layout: DataTableLayout<ServedPackage>
        do { layout = try DataTableLayout(rows: rows, columns: columns, configuration: configuration) } catch { fatalError("\(error)") }
        let live = LiveTable(layout: layout, titles: titles)
        let (stream, continuation) = AsyncStream<PageMessage>.makeStream()
        number = await live.connect(continuation)
        (self.live, page) = (live, stream.makeAsyncIterator())
        while await next() != "hello" {}
        _ = await editAndRestore()  // the edited rows measured once, as the other benchmark's
    }

    func drop() {
        (live, page) = (nil, nil)
    }

    /// The type of the next text message, past the frames.
    private func next() async -> String? {
        guard var iterator = page else { return nil }
        defer { page = iterator }  // one benchmark reads at a time: no other call comes in meanwhile
        while let message = await iterator.next(isolation: self) {
            guard case .text(let text) = message else { continue }
            return (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["type"] as? String
        }
        return nil
    }

    /// `ScrollingTable.edits` rows' descriptions made longer, then put back, each through an edit
    /// message answered by the table; returns how many edits were acknowledged.
    func editAndRestore() async -> Int {
        guard let live else { return 0 }
        var acknowledged = 0
        for index in (0..<ScrollingTable.edits).map({ $0 * count / ScrollingTable.edits }) {
            let original = Package.cycled(index).description
            for text in [original + ScrollingTable.addition, original] {
                request += 1
                let escaped = String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast()
                await live.handle(#"{"type":"edit","request":\#(request),"id":\#(index),"column":5,"text":\#(escaped)}"#, from: number)
                while let type = await next(), type != "ack" {}
                acknowledged += 1
            }
        }
        return acknowledged
    }
}

// MARK: - 2. setData against CollectionDifference on 100,000 rows

/// A row as an app would hand `setData`: a value with an ID, Equatable.
struct PackageRow: Identifiable, Equatable, Sendable, ShowsPackage {
    let id: Int
    var package: Package

    var shownDescription: String { package.description }
}

/// 100,000 rows and the same rows changed: 1 % edited (one cell: the description of every
/// 100th row) or 30 % shuffled (30,000 rows at random positions put in a random order among
/// those positions).
final class Diffing {
    enum Change: Equatable {
        case edit, shuffle

        var name: String {
            switch self {
            case .edit: "1 % of 100k rows edited"
            case .shuffle: "30 % of 100k rows shuffled"
            }
        }
    }

    static let count = 100_000

    let change: Change
    var original: [PackageRow] = []
    var changed: [PackageRow] = []
    var layout: DataTableLayout<PackageRow>?
    var originalIDs: [Int] = []
    var changedIDs: [Int] = []

    init(_ change: Change) { self.change = change }

    /// The original rows, the changed ones, and the IDs of both, in order.
    func prepareRows() {
        original = (0..<Self.count).map { PackageRow(id: $0, package: Package.cycled($0)) }
        changed = original
        switch change {
        case .edit:
            for index in stride(from: 0, to: Self.count, by: 100) { changed[index].package.description += " (edited)" }
        case .shuffle:
            var random = SplitMix64(seed: 42)
            var positions = Array(0..<Self.count)
            for index in positions.indices.reversed() { positions.swapAt(index, random.below(index + 1)) }
            let chosen = positions.prefix(Self.count * 3 / 10).sorted()
            var order = chosen
            for index in order.indices.reversed() { order.swapAt(index, random.below(index + 1)) }
            for (to, from) in zip(chosen, order) { changed[to] = original[from] }
        }
        (originalIDs, changedIDs) = (original.map(\.id), changed.map(\.id))
    }

    func buildLayout() {
        prepareRows()
        let columns = packageColumns() as [DataTableColumn<PackageRow>]
        do {
            layout = try DataTableLayout(rows: original, columns: columns, configuration: configuration, viewportHeight: 800)
        } catch {
            fatalError("\(error)")
        }
        layout?.scroll(to: 1_000_000)
        if change == .shuffle { reportCollectionDifference() }
        _ = applyAndRevert()  // heights of the rows that come into view are measured from now on
    }

    func drop() {
        layout = nil
        (original, changed, originalIDs, changedIDs) = ([], [], [], [])
    }

    /// `setData` with the changed rows, then with the original ones. Returns the changes counted.
    func applyAndRevert() -> Int {
        guard let layout else { return 0 }
        do {
            let there = try layout.setData(changed)
            let back = try layout.setData(original)
            return there.movedRows.count + there.reloadedCells.count + back.movedRows.count + back.reloadedCells.count
        } catch {
            fatalError("\(error)")
        }
    }

    /// The same two diffs by `CollectionDifference` on the IDs. Returns the changes counted.
    func collectionDifferences() -> Int {
        changedIDs.difference(from: originalIDs).inferringMoves().count
            + originalIDs.difference(from: changedIDs).inferringMoves().count
    }

    /// `CollectionDifference` on the shuffled IDs is far too slow for a benchmark iteration
    /// (package-benchmark keeps the throughput metric that the JMH export needs only for
    /// iterations under 2 s), so one diff is timed here, once, and printed for run.sh.
    func reportCollectionDifference() {
        let (old, new) = (originalIDs, changedIDs)
        let clock = ContinuousClock()
        var difference: CollectionDifference<Int>?
        let elapsed = clock.measure { difference = new.difference(from: old).inferringMoves() }
        let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
        print("CollectionDifference once, \(change.name): \(milliseconds) ms (\(difference?.count ?? 0) changes)")
    }
}
