import CellLayout
import PropertyBased
import Testing
import TextMeasure

/// Properties of the cell model over random trees: heights never grow with the width, the
/// fitting width is never below the min-content width, nothing changes past the fitting width,
/// insets add, lengths scale, and cached answers equal fresh ones.
@Suite(.shrinking) struct CellPropertyTests {
    static let cases = 200

    /// 1. `height(atWidth:)` never grows as the width grows.
    @Test func heightNeverGrowsWithWidth() async {
        await propertyCheck(count: Self.cases, input: CellGen.tree, WrapGen.width, WrapGen.width) { tree, a, b in
            let node = tree.node(scale: 1)
            let (narrow, wide) = (min(a, b), max(a, b))
            let low = MeasuredCell(node).height(atWidth: narrow), high = MeasuredCell(node).height(atWidth: wide)
            #expect(high <= low + 1e-9, "\(tree): \(low) at \(narrow), \(high) at \(wide)")
        }
    }

    /// 2. `fittingWidth` ≥ `minContentWidth`.
    @Test func fittingWidthIsAtLeastMinContentWidth() async {
        await propertyCheck(count: Self.cases, input: CellGen.tree) { tree in
            let cell = MeasuredCell(tree.node(scale: 1))
            #expect(cell.fittingWidth >= cell.minContentWidth - 1e-9, "\(tree): \(cell.fittingWidth) < \(cell.minContentWidth)")
        }
    }

    /// 3. Without spacers, the height and overflow at the fitting width are those at any wider
    /// width.
    @Test func nothingChangesPastTheFittingWidth() async {
        await propertyCheck(count: Self.cases, input: CellGen.treeWithoutSpacers, WrapGen.extra) { tree, extra in
            let cell = MeasuredCell(tree.node(scale: 1))
            let fitting = cell.fittingWidth
            #expect(cell.height(atWidth: fitting) == cell.height(atWidth: fitting + extra),
                    "\(tree): \(cell.height(atWidth: fitting)) at \(fitting), \(cell.height(atWidth: fitting + extra)) at +\(extra)")
            // Overflow there is only what no width cures (a frame narrower than its content).
            #expect(cell.overflow(atWidth: fitting) == cell.overflow(atWidth: fitting + extra), "\(tree) at \(fitting) +\(extra)")
        }
    }

    /// 4. Nested insets add: padding a then b measures as padding a + b.
    @Test func nestedInsetsAdd() async {
        await propertyCheck(count: Self.cases, input: CellGen.tree, CellGen.insets, CellGen.insets, WrapGen.width) { tree, a, b, width in
            let node = tree.node(scale: 1)
            let sum = EdgeInsets(top: a.top + b.top, leading: a.leading + b.leading,
                                 bottom: a.bottom + b.bottom, trailing: a.trailing + b.trailing)
            let nested = MeasuredCell(node.padding(a).padding(b)), single = MeasuredCell(node.padding(sum))
            #expect(nested.fittingWidth == single.fittingWidth, "\(tree)")
            #expect(nested.minContentWidth == single.minContentWidth, "\(tree)")
            #expect(nested.height(atWidth: width) == single.height(atWidth: width), "\(tree) at \(width)")
        }
    }

    /// 5. Scaling every length and the font size by k scales every answer by k. Powers of two
    /// keep the arithmetic exact, so the line breaks are the same and the answers equal.
    @Test func lengthsScale() async {
        await propertyCheck(count: Self.cases, input: CellGen.tree, WrapGen.width, Gen.int(in: 0...2)) { tree, width, power in
            let k = [0.5, 2, 4][power]
            let base = MeasuredCell(tree.node(scale: 1)), scaled = MeasuredCell(tree.node(scale: k))
            #expect(scaled.fittingWidth == k * base.fittingWidth, "\(tree) ×\(k)")
            #expect(scaled.minContentWidth == k * base.minContentWidth, "\(tree) ×\(k)")
            #expect(scaled.height(atWidth: k * width) == k * base.height(atWidth: width), "\(tree) ×\(k) at \(width)")
        }
    }

    /// 6. Any sequence of queries on one cell answers as a fresh cell asked each question alone.
    @Test func cachedAnswersEqualFreshOnes() async {
        await propertyCheck(count: Self.cases, input: CellGen.tree, WrapGen.width.array(of: 1...8)) { tree, widths in
            let node = tree.node(scale: 1)
            let cell = MeasuredCell(node)
            for width in widths {
                let fresh = MeasuredCell(node)
                #expect(cell.height(atWidth: width) == fresh.height(atWidth: width), "\(tree) at \(width)")
                #expect(cell.width(atWidth: width) == MeasuredCell(node).width(atWidth: width), "\(tree) at \(width)")
                #expect(cell.overflow(atWidth: width) == MeasuredCell(node).overflow(atWidth: width), "\(tree) at \(width)")
                #expect(cell.fittingWidth == MeasuredCell(node).fittingWidth, "\(tree)")
                #expect(cell.minContentWidth == MeasuredCell(node).minContentWidth, "\(tree)")
            }
        }
    }
}

/// Random cell trees, drawn as a list of numbers that `CellGen.Tree.node(scale:)` reads one at
/// a time, so shrinking the list shrinks the tree.
enum CellGen {
    struct Tree: CustomStringConvertible, Sendable {
        let codes: [Int]
        let spacers: Bool
        var description: String { "tree \(codes)" }

        /// The tree with every length and the font size times `scale`.
        func node(scale: Double) -> CellNode {
            var reader = Reader(codes: codes, spacers: spacers, scale: scale,
                                stack: try! FontStack.bundled(size: 12 * scale))
            return reader.node(depth: 0)
        }
    }

    static let codes = Gen.int(in: 0...999_999).array(of: 1...30)
    static let tree = codes.map { Tree(codes: $0, spacers: true) }
    static let treeWithoutSpacers = codes.map { Tree(codes: $0, spacers: false) }
    static let insets = Gen.int(in: 0...9_999).map {
        EdgeInsets(top: Double($0 % 10), leading: Double($0 / 10 % 10), bottom: Double($0 / 100 % 10), trailing: Double($0 / 1000))
    }

    /// Latin words only: with one face on every line, line heights do not depend on where lines
    /// break, which property 1 needs.
    static let words = ["a", "the quick", "brown fox jumps", "over the lazy dog", "Hello, world!", "AVAWAY office",
                        "supercalifragilisticexpialidocious", "1234 5678", "x y z", "WWWW iiii"]

    struct Reader {
        let codes: [Int]
        let spacers: Bool
        let scale: Double
        let stack: FontStack
        var position = 0

        mutating func next() -> Int {
            defer { position += 1 }
            return position < codes.count ? codes[position] : 0
        }

        mutating func node(depth: Int) -> CellNode {
            let code = next()
            let kind = depth >= 4 ? code % 3 : code % 9
            let a = code / 9, s = scale
            switch kind {
            case 0:
                return .text(CellGen.words[a % CellGen.words.count], stack: stack, lineLimit: a / 10 % 4, wraps: a / 40 % 5 != 0,
                             truncation: [.end, .middle, .start][a / 200 % 3])
            case 1:
                return .box(width: Double(a % 60) * s, height: Double(a / 60 % 50) * s)
            case 2:
                return spacers ? .spacer(minLength: Double(a % 20) * s) : .empty
            case 3:
                return node(depth: depth + 1).padding(EdgeInsets(top: Double(a % 5) * s, leading: Double(a / 5 % 9) * s,
                                                                 bottom: Double(a / 45 % 5) * s, trailing: Double(a / 225 % 9) * s))
            case 4:
                let child = node(depth: depth + 1)
                let low = Double(a % 80) * s, high = low + Double(a / 80 % 200) * s
                return switch a / 16_000 % 4 {
                case 0: child.frame(maxWidth: high)
                case 1: child.frame(minWidth: low)
                case 2: child.frame(minWidth: high, maxWidth: low, minHeight: low)  // min wins
                default: child.frame(minWidth: low, maxWidth: high, maxHeight: high)
                }
            case 5, 6:
                let count = 1 + a % 4
                let children = (0..<count).map { _ in node(depth: depth + 1).layoutPriority(Double(next() % 3)) }
                let spacing = Double(a / 4 % 10) * s
                return kind == 5
                    ? .hstack(spacing: spacing, alignment: [.top, .center, .bottom, .fill, .firstBaseline][a / 40 % 5], children)
                    : .vstack(spacing: spacing, alignment: [.leading, .center, .trailing, .fill][a / 40 % 4], children)
            case 7:
                return node(depth: depth + 1).lineLimit(a % 3)
            default:
                return node(depth: depth + 1).overlay(alignment: .topTrailing, node(depth: depth + 1))
            }
        }
    }
}
