import CellLayout
import TextMeasure

extension ColumnWidthPlan.Measurer {
    /// One cell's content widths, as the calculator's batches find them: with `minContent`, its
    /// min-content width too (else min = max).
    func widths(text: () -> String, cell: () -> CellNode, font: FontStack, cache: WidthCache?,
                minContent: Bool) -> IntrinsicWidths {
        switch (self, minContent) {
        case (.shapedText, false): return IntrinsicWidths(font.contentWidth(of: text(), cache: cache))
        case (.shapedText, true):
            let text = text(), maxContent = font.contentWidth(of: text, cache: cache)
            return IntrinsicWidths(minContent: min(font.prepare(text, cache: cache).minContentWidth, maxContent), maxContent: maxContent)
        case (.nominalText, false): return IntrinsicWidths(font.nominalContentWidth(of: text()))
        case (.nominalText, true):
            let text = text()
            return IntrinsicWidths(minContent: font.nominalMinContentWidth(of: text), maxContent: font.nominalContentWidth(of: text))
        case (.cell, false): return IntrinsicWidths(MeasuredCell(cell(), cache: cache).fittingWidth)
        case (.cell, true):
            let measured = MeasuredCell(cell(), cache: cache)
            return IntrinsicWidths(minContent: measured.minContentWidth, maxContent: measured.fittingWidth)
        }
    }
}
