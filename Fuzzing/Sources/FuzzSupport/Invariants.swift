import TextMeasure

/// Traps when `condition` is false: libFuzzer reports the trap as a crash and keeps the input.
public func require(_ condition: Bool, _ message: @autoclosure () -> String,
                    file: StaticString = #fileID, line: UInt = #line) {
    guard !condition else { return }
    fatalError("invariant broken: " + message(), file: file, line: line)
}

/// Traps unless `value` is a size some public API may return: finite and at least 0.
public func requireSize(_ value: Double, _ what: @autoclosure () -> String,
                        file: StaticString = #fileID, line: UInt = #line) {
    require(value.isFinite && value >= 0, "\(what()) is \(value), not a finite size ≥ 0", file: file, line: line)
}

/// A string short enough to print in a report.
public func quoted(_ text: String) -> String {
    String(reflecting: text.count > 120 ? String(text.prefix(120)) + "…" : text)
}

/// Traps unless `layout`, the layout of `text` at `width`, keeps the promises of `TextLayout`
/// and `PreparedText.layout(width:)` (or, with `singleLine`, of `FontStack.singleLine`):
/// - at least one line (exactly one for a single line), at most `maxLines` when above zero;
/// - the lines' ranges cover the text in order, without gaps or overlaps;
/// - every width and height finite and at least 0, every baseline finite;
/// - only the last line truncated, and only with a line limit or on a single line; a truncated
///   line fits `width`, and so does any other line but one holding a single visible grapheme
///   (a single line always fits), with the 1e-9 pt of rounding allowed.
public func checkLayout(_ layout: TextLayout, of text: String, width: Double, maxLines: Int, singleLine: Bool = false,
                        _ context: @autoclosure () -> String) {
    func fail(_ problem: String) -> String { "\(problem); \(context()), text \(quoted(text)), width \(width)" }
    let lines = layout.lines
    require(!lines.isEmpty, fail("a layout without lines"))
    if singleLine { require(lines.count == 1, fail("a single line laid out as \(lines.count) lines")) }
    if maxLines > 0, !singleLine { require(lines.count <= maxLines, fail("\(lines.count) lines for maxLines \(maxLines)")) }
    require(!layout.maxWidth.isNaN && layout.maxWidth >= 0, fail("maxWidth \(layout.maxWidth)"))

    let utf8 = text.utf8
    func offset(_ index: String.Index) -> Int { utf8.distance(from: utf8.startIndex, to: index) }
    var expectedStart = 0
    let limit = (width >= 0 ? width : 0) + 1e-9
    for (number, line) in lines.enumerated() {
        let (start, end) = (offset(line.range.lowerBound), offset(line.range.upperBound))
        require(start == expectedStart, fail("line \(number) starts at byte \(start), not \(expectedStart)"))
        expectedStart = end
        requireSize(line.width, fail("line \(number)'s width"))
        requireSize(line.height, fail("line \(number)'s height"))
        require(line.baseline.isFinite, fail("line \(number)'s baseline is \(line.baseline)"))
        if line.isTruncated {
            require(number == lines.count - 1, fail("line \(number) of \(lines.count) truncated"))
            require(singleLine || maxLines > 0, fail("truncated without a line limit"))
        }
        if line.width > limit {
            var shown = line.text
            if line.isHyphenated, !shown.isEmpty { shown.removeLast() }
            let visible = shown.filter { !$0.unicodeScalars.allSatisfy(\.properties.isDefaultIgnorableCodePoint) }.count
            require(!singleLine && !line.isTruncated && visible <= 1,
                    fail("line \(number) \(quoted(line.text)) is \(line.width) pt wide, over the width"))
        }
    }
    require(expectedStart == utf8.count, fail("the lines end at byte \(expectedStart) of \(utf8.count)"))
}
