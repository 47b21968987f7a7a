import CellLayout
import FuzzSupport
import TextMeasure

/// Shaped widths kept between inputs, small enough to evict all the time.
let smallCache = WidthCache(capacity: 64)

/// Input: a cell tree in prefix order (see `node`), then widths to measure it at.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCells(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    var budget = 48
    let root = node(&input, depth: 6, budget: &budget)
    let widths = [input.length(), input.length(), 0]

    let cell = MeasuredCell(root, cache: smallCache)
    let fitting = cell.fittingWidth, minimum = cell.minContentWidth
    requireSize(fitting, "fittingWidth")
    requireSize(minimum, "minContentWidth")
    // A cell measured without a cache, and asked in another order, gives the same answers.
    let fresh = MeasuredCell(root, cache: nil)
    for width in widths + [fitting, minimum] {
        let (height, actual, overflow) = (cell.height(atWidth: width), cell.width(atWidth: width), cell.overflow(atWidth: width))
        requireSize(height, "height(atWidth: \(width))")
        requireSize(actual, "width(atWidth: \(width))")
        requireSize(overflow, "overflow(atWidth: \(width))")
        let room = width >= 0 ? width : 0
        require(actual <= room + overflow + 1e-9 + 1e-12 * actual,
                "width(atWidth: \(width)) is \(actual), past the width by more than the overflow \(overflow)")
        require(fresh.height(atWidth: width) == height, "height(atWidth: \(width)) depends on what was asked before")
        require(fresh.width(atWidth: width) == actual, "width(atWidth: \(width)) depends on what was asked before")
        check(cell.placement(atWidth: width), "placement(atWidth: \(width))")
    }
    require(fresh.fittingWidth == fitting, "fittingWidth depends on what was asked before")
    require(fresh.minContentWidth == minimum, "minContentWidth depends on what was asked before")
    let statistics = cell.statistics
    require(statistics.shapedTexts <= statistics.textLeaves, "\(statistics): a text shaped twice")
    return 0
}

/// A node read from `input`: its kind, its values, then its children (at most `depth` levels and
/// `budget` nodes; past them only leaves).
func node(_ input: inout FuzzInput, depth: Int, budget: inout Int) -> CellNode {
    budget -= 1
    let leavesOnly = depth <= 0 || budget <= 0
    func child() -> CellNode { node(&input, depth: depth - 1, budget: &budget) }
    func optional() -> Double? { input.choice(3) == 0 ? nil : input.length() }
    var result: CellNode
    switch input.choice(leavesOnly ? 4 : 11) {
    case 0:
        let string = input.shortString()
        result = .text(string, stack: Fonts.stack(&input), lineLimit: input.lineCount(), wraps: input.choice(3) != 0,
                       truncation: input.truncation(), ellipsis: input.ellipsis(), lineHeight: input.lineHeight())
    case 1: result = .box(width: input.length(), height: input.length(), baseline: optional())
    case 2: result = .spacer(minLength: input.length())
    case 3: result = .empty
    case 4:
        let insets = EdgeInsets(top: input.length(), leading: input.length(), bottom: input.length(), trailing: input.length())
        result = child().padding(insets)
    case 5: result = child().frame(minWidth: optional(), maxWidth: optional(), minHeight: optional(), maxHeight: optional())
    case 6: result = child().frame(width: input.length(), height: optional())
    case 7:
        let (spacing, alignment) = (input.length(), input.pick([VerticalAlignment.top, .center, .bottom, .fill, .firstBaseline]))
        result = .hstack(spacing: spacing, alignment: alignment, (0..<input.choice(5)).map { _ in child() })
    case 8:
        let (spacing, alignment) = (input.length(), input.pick([HorizontalAlignment.leading, .center, .trailing, .fill]))
        result = .vstack(spacing: spacing, alignment: alignment, (0..<input.choice(5)).map { _ in child() })
    case 9:
        let alignment = Alignment(horizontal: input.pick([.leading, .center, .trailing, .fill]),
                                  vertical: input.pick([.top, .center, .bottom, .fill, .firstBaseline]))
        result = .overlay(child(), child(), alignment: alignment)
    default: result = child().lineLimit(input.lineCount())
    }
    if input.choice(4) == 0 { result = result.layoutPriority(input.length()) }
    return result
}

/// Traps unless every frame of `placement` is finite, its sizes at least 0.
func check(_ placement: CellPlacement, _ what: String) {
    require(placement.x.isFinite && placement.y.isFinite, "\(what): a node at (\(placement.x), \(placement.y))")
    requireSize(placement.width, "\(what): a node's width")
    requireSize(placement.height, "\(what): a node's height")
    require(placement.baseline?.isFinite ?? true, "\(what): a baseline at \(placement.baseline ?? 0)")
    for line in placement.text?.lines ?? [] {
        requireSize(line.width, "\(what): a text line's width")
        requireSize(line.height, "\(what): a text line's height")
    }
    for child in placement.children { check(child, what) }
}
