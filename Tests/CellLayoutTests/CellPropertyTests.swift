import CellLayout
import PropertyBased
import Testing
import TextMeasure
import TextMeasureTestSupport

/// Properties of the cell model over random trees: heights never grow with the width, the
/// fitting width is never below the min-content width, nothing changes past the fitting width,
/// insets add, lengths scale, cached answers equal fresh ones, and absurd lengths give sane sizes.
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
            // Overflow there is only what no width cures (a frame narrower than its content). It is
            // a difference of lengths reached through different proposals, so it may differ in the
            // last bit (79.224 and 79.22399999999999, seed M4Zh8wz6…): within 1e-9 pt, as layout allows.
            let (atFitting, past) = (cell.overflow(atWidth: fitting), cell.overflow(atWidth: fitting + extra))
            #expect(abs(atFitting - past) <= 1e-9, "\(tree) at \(fitting) +\(extra): \(atFitting) and \(past)")
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

extension CellPropertyTests {
    /// 7. Whatever lengths a tree is built from (NaN, ±∞, negative, 1e308) and whatever width it
    /// is measured at, every size it reports is finite and at least 0, and every placement finite.
    @Test func absurdLengthsGiveFiniteSizes() async {
        await propertyCheck(count: Self.cases, input: CellGen.absurdTree, CellGen.absurdWidth) { tree, width in
            let cell = MeasuredCell(tree.node(scale: 1))
            let sizes = [cell.fittingWidth, cell.minContentWidth, cell.height(atWidth: width), cell.width(atWidth: width),
                         cell.overflow(atWidth: width)]
            #expect(sizes.allSatisfy { $0.isFinite && $0 >= 0 }, "\(tree) at \(width): \(sizes)")
            var unplaced: [CellPlacement] = [cell.placement(atWidth: width)], bad: [String] = []
            while let placement = unplaced.popLast() {
                let frame = [placement.x, placement.y, placement.width, placement.height, placement.baseline ?? 0]
                if !frame.allSatisfy(\.isFinite) || placement.width < 0 || placement.height < 0 { bad.append("\(frame)") }
                unplaced += placement.children
            }
            #expect(bad.isEmpty, "\(tree) at \(width): placements \(bad)")
        }
    }
}

/// Random cell trees, drawn as a list of numbers that `CellGen.Tree.node(scale:)` reads one at
/// a time, so shrinking the list shrinks the tree.
enum CellGen {
    struct Tree: CustomStringConvertible, Sendable {
        let codes: [Int]
        let spacers: Bool
        /// Every length drawn from `CellGen.absurdLengths` instead.
        var absurd = false
        var description: String { "tree \(codes)" }

        /// The tree with every length and the font size times `scale`.
        func node(scale: Double) -> CellNode {
            var reader = Reader(codes: codes, spacers: spacers, absurd: absurd, scale: scale,
                                stack: try! FontStack.bundled(size: 12 * scale))
            return reader.node(depth: 0)
        }
    }

    static let codes = Gen.int(in: 0...999_999).array(of: 1...30)
    static let tree = codes.map { Tree(codes: $0, spacers: true) }
    static let treeWithoutSpacers = codes.map { Tree(codes: $0, spacers: false) }
    static let absurdTree = codes.map { Tree(codes: $0, spacers: true, absurd: true) }

    /// Lengths no caller should give, and a few ordinary ones among them.
    static let absurdLengths: [Double] = [.nan, .infinity, -.infinity, -5, -1e308, 1e308, .greatestFiniteMagnitude,
                                          -.leastNonzeroMagnitude, 0, 7, 1e9, 2e9]
    /// Widths to measure at: an absurd length or an ordinary width.
    static let absurdWidth = zip(Gen.int(in: 0...absurdLengths.count), WrapGen.width).map { pick, width in
        pick < absurdLengths.count ? absurdLengths[pick] : width
    }
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
        let absurd: Bool
        let scale: Double
        let stack: FontStack
        var position = 0

        mutating func next() -> Int {
            defer { position += 1 }
            return position < codes.count ? codes[position] : 0
        }

        /// `value` × the scale, or in an absurd tree the absurd length `value` picks.
        func length(_ value: Int) -> Double {
            absurd ? CellGen.absurdLengths[value % CellGen.absurdLengths.count] : Double(value) * scale
        }

        mutating func node(depth: Int) -> CellNode {
            let code = next()
            let kind = depth >= 4 ? code % 3 : code % 9
            let a = code / 9
            switch kind {
            case 0:
                let lineHeight: LineHeight = !absurd || a / 600 % 3 == 0 ? .font
                    : a / 600 % 3 == 1 ? .points(length(a / 1800)) : .multiple(length(a / 1800))
                return .text(CellGen.words[a % CellGen.words.count], stack: stack, lineLimit: a / 10 % 4, wraps: a / 40 % 5 != 0,
                             truncation: [.end, .middle, .start][a / 200 % 3], lineHeight: lineHeight)
            case 1:
                return .box(width: length(a % 60), height: length(a / 60 % 50))
            case 2:
                return spacers ? .spacer(minLength: length(a % 20)) : .empty
            case 3:
                return node(depth: depth + 1).padding(EdgeInsets(top: length(a % 5), leading: length(a / 5 % 9),
                                                                 bottom: length(a / 45 % 5), trailing: length(a / 225 % 9)))
            case 4:
                let child = node(depth: depth + 1)
                let low = length(a % 80), high = low + length(a / 80 % 200)
                return switch a / 16_000 % 4 {
                case 0: child.frame(maxWidth: high)
                case 1: child.frame(minWidth: low)
                case 2: child.frame(minWidth: high, maxWidth: low, minHeight: low)  // min wins
                default: child.frame(minWidth: low, maxWidth: high, maxHeight: high)
                }
            case 5, 6:
                let count = 1 + a % 4
                let children = (0..<count).map { _ in
                    node(depth: depth + 1).layoutPriority(absurd ? length(next()) : Double(next() % 3))
                }
                let spacing = length(a / 4 % 10)
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
