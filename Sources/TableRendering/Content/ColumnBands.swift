/// The column bands of a table wider than its page: each band the columns one page shows, left
/// to right.
enum ColumnBands {
    /// Columns of `widths` in bands at most `room` wide. The first band takes columns from the
    /// first while they fit; each later band starts with the `keys` leading columns, then takes
    /// the next columns while they fit. A column that does not fit after the key columns gets a
    /// band of its own without them. One band of all columns when the table fits.
    ///
    /// - Throws: `RenderError.columnTooWide` for a column wider than `room` alone.
    ///
    /// O(columns).
    static func split(widths: [Double], keys: Int, room: Double) throws(RenderError) -> [[Int]] {
        let tolerance = 1e-9 * max(1, room)
        if let index = widths.firstIndex(where: { $0 > room + tolerance }) {
            throw .columnTooWide(column: index, width: widths[index], available: room)
        }
        let keys = Array(0..<min(max(0, keys), widths.count))
        let keyWidth = keys.reduce(0) { $0 + widths[$1] }
        var bands: [[Int]] = []
        var next = 0
        while next < widths.count {
            var band = bands.isEmpty || next < keys.count ? [] : keys
            var used = band.isEmpty ? 0 : keyWidth
            if !band.isEmpty, used + widths[next] > room + tolerance { (band, used) = ([], 0) }
            while next < widths.count, band.isEmpty || used + widths[next] <= room + tolerance {
                band.append(next)
                used += widths[next]
                next += 1
            }
            bands.append(band)
        }
        return bands.isEmpty ? [[]] : bands
    }
}
