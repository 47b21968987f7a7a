extension DataTableLayout {
    /// Where the user is: the first row the viewport shows and how far down into it the
    /// viewport starts. nil when the viewport starts in the header (it then stays put).
    struct Anchor {
        var id: Row.ID
        var index: Int
        var delta: Double
    }

    /// Scrolls the viewport's top to `y` (clamped to the content) and measures the rows that
    /// come into view, or within the prefetch window of it, that are not measured yet; rows
    /// above that change height do not move what the user sees.
    ///
    /// - Complexity: O(log n + rows in view + prefetch window) a pass, plus measuring each
    ///   row there not measured yet (see `measureRows(_:)`); another pass follows only when new
    ///   heights bring new rows into reach.
    public func scroll(to y: Double) {
        contentOffset = clampedOffset(y)
        layoutViewport()
    }

    /// Makes the viewport `height` points tall (clamped to `0...maximumLength`, NaN as 0), then
    /// measures as `scroll(to:)` does.
    ///
    /// - Complexity: as `scroll(to:)`.
    public func resizeViewport(height: Double) {
        viewportHeight = height.clampedLength
        contentOffset = clampedOffset(contentOffset)
        layoutViewport()
    }

    /// `y` within `0...max(0, contentHeight − viewportHeight)` (NaN: 0).
    func clampedOffset(_ y: Double) -> Double {
        let most = max(0, contentHeight - viewportHeight)
        return y >= 0 ? min(y, most) : 0
    }

    func currentAnchor() -> Anchor? {
        guard contentOffset >= headerBlockHeight, let index = row(atOffset: contentOffset) else { return nil }
        return Anchor(id: rows[index].id, index: index, delta: contentOffset - offset(ofRow: index))
    }

    /// Puts the anchor's row back where the user saw it (its index may have changed).
    func restore(_ anchor: Anchor?, index: Int? = nil) {
        guard let anchor, let index = index ?? indexOfID[anchor.id] else {
            contentOffset = clampedOffset(contentOffset)
            return
        }
        contentOffset = clampedOffset(offset(ofRow: index) + anchor.delta)
    }

    /// Measures the unmeasured rows in view ± the prefetch window, keeping the anchor, until
    /// every row there is measured (heights can bring new rows into view). Rows elsewhere are
    /// never measured.
    func layoutViewport() {
        guard case .automatic(_, let window) = configuration.rowHeightMode else { return }
        while true {
            let visible = visibleRows
            guard !visible.isEmpty else { return }
            let reach = min(window, rows.count)  // no overflow for a huge window
            let lower = max(0, visible.lowerBound - reach), upper = min(rows.count, visible.upperBound + reach)
            guard measureRows(lower..<upper) else { return }
        }
    }
}
