/// The column bands of a table wider than its page: each band the columns one page shows, left
/// to right.
enum ColumnBands {
    /// Columns of `widths` in bands at most `room` wide.
    ///
    /// - The `keys` columns (the leading key columns and the group column) start every band, in
    ///   their places among its columns; every other column is in exactly one band, and every
    ///   band has at least one such column of its own, so no band shows only repeated columns.
    /// - A band takes the next columns while they fit. A column that does not fit beside the key
    ///   columns gets a band without them (and the next columns may join it while they fit).
    /// - The columns under one outermost header group (`groups`: each group's columns) stay in
    ///   one band when they fit in one beside the key columns; a group wider than that is split
    ///   between bands like any columns, and each part shows the group's title.
    /// - When no band can hold the key columns with a column of its own, no column is a key: the
    ///   columns are cut into bands left to right.
    ///
    /// - Throws: `RenderError.columnTooWide` for a column wider than `room` alone.
    ///
    /// O(columns + groups × columns).
    static func split(widths: [Double], keys: Set<Int>, groups: [Range<Int>] = [], room: Double) throws(RenderError) -> [[Int]] {
        let tolerance = 1e-9 * max(1, room)
        if let index = widths.firstIndex(where: { $0 > room + tolerance }) {
            throw .columnTooWide(column: index, width: widths[index], available: room)
        }
        let keys = keys.filter { widths.indices.contains($0) }
        let own = widths.indices.filter { !keys.contains($0) }
        let keyWidth = keys.reduce(0) { $0 + widths[$1] }
        func width(_ columns: [Int]) -> Double { columns.reduce(0) { $0 + widths[$1] } }
        // The pieces kept together: the own columns under one outermost group, else one column.
        var pieces: [[Int]] = []
        var pieceGroup: Range<Int>?
        for column in own {
            let group = groups.filter { $0.contains(column) }.max { $0.count < $1.count }
            if let group, group == pieceGroup, !pieces.isEmpty { pieces[pieces.count - 1].append(column) } else { pieces.append([column]) }
            pieceGroup = group
        }
        pieces = pieces.flatMap { piece in keyWidth + width(piece) <= room + tolerance ? [piece] : piece.map { [$0] } }

        var bands: [[Int]] = []
        var band: [Int] = [], used = 0.0, withKeys = true
        func close() {
            if !band.isEmpty { bands.append(withKeys ? (band + keys).sorted() : band) }
            band = []
        }
        for piece in pieces {
            let pieceWidth = width(piece)
            if !band.isEmpty, used + pieceWidth <= room + tolerance {
                band += piece
                used += pieceWidth
                continue
            }
            close()
            withKeys = keyWidth + pieceWidth <= room + tolerance
            (band, used) = (piece, (withKeys ? keyWidth : 0) + pieceWidth)
        }
        close()
        if !keys.isEmpty, !bands.contains(where: { $0.contains { keys.contains($0) } }) {
            // The key columns fit beside no column: they are columns like the others.
            return try split(widths: widths, keys: [], groups: groups, room: room)
        }
        return bands.isEmpty ? [Array(widths.indices)] : bands
    }
}
