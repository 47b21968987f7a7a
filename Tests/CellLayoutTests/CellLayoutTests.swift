import CellLayout
import Testing
import TextMeasure

/// Cell layouts worked out by hand with Noto Sans Mono, where every advance is 600/1000 em: at
/// 10 px a character is 6 px and a line is 13.62 px tall with its baseline 10.69 px down (hhea
/// ascender 1069, descender −293, no gap); at 20 px, 12 px, 27.24 and 21.38.
@Suite struct CellLayoutTests {
    static let mono = try! FontStack([Font.bundled(.notoSansMono, size: 10)])
    static let mono20 = try! FontStack([Font.bundled(.notoSansMono, size: 20)])
    static let line = 13.62, ascent = 10.69

    func text(_ string: String, lineLimit: Int = 0, wraps: Bool = true) -> CellNode {
        .text(string, stack: Self.mono, lineLimit: lineLimit, wraps: wraps)
    }

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func textFitsOnOneLineAndWrapsAtItsWidth() {
        let cell = MeasuredCell(text("aaa bbb ccc"))
        #expect(cell.fittingWidth == 66)  // 11 characters
        #expect(cell.minContentWidth == 18)  // "aaa"
        #expect(close(cell.height(atWidth: 66), Self.line))
        #expect(close(cell.height(atWidth: 45), 2 * Self.line))  // "aaa bbb" / "ccc"
        #expect(close(cell.height(atWidth: 20), 3 * Self.line))
        #expect(cell.width(atWidth: 45) == 42)
    }

    @Test func singleLineTextIsCutNotWrapped() {
        let cell = MeasuredCell(text("aaa bbb ccc", wraps: false))
        #expect(cell.fittingWidth == 66)
        #expect(cell.minContentWidth == 6)  // the ellipsis alone
        #expect(close(cell.height(atWidth: 30), Self.line))
        let placement = cell.placement(atWidth: 30)
        #expect(placement.text?.lines.map(\.text) == ["aaa…"])  // "aaa …" fits too; the space before a cut goes
        #expect(cell.overflow(atWidth: 30) == 0)
    }

    @Test func insetsSubtractThenAddBack() {
        let insets = EdgeInsets(top: 4, leading: 8, bottom: 5, trailing: 7)
        let cell = MeasuredCell(text("aaa bbb ccc").padding(insets))
        #expect(cell.fittingWidth == 66 + 15)
        #expect(cell.minContentWidth == 18 + 15)
        #expect(close(cell.height(atWidth: 60), 2 * Self.line + 9))  // the text gets 45
        #expect(close(cell.placement(atWidth: 60).children[0].x, 8))
        #expect(close(cell.placement(atWidth: 60).baseline!, 4 + Self.ascent))
        // Nested insets add.
        let nested = MeasuredCell(text("aaa bbb ccc").padding(2).padding(3))
        #expect(nested.fittingWidth == 66 + 10)
        #expect(close(nested.height(atWidth: 55), 2 * Self.line + 10))
    }

    @Test func frameMaxWidthClampsTheProposalBeforeMeasuring() {
        let cell = MeasuredCell(text("aaa bbb ccc").frame(maxWidth: 45))
        #expect(cell.fittingWidth == 45)
        #expect(close(cell.height(atWidth: 500), 2 * Self.line))  // wrapped at 45, not at 500
        #expect(cell.statistics.layouts == 1)  // the text was laid out at 45 only
        #expect(cell.width(atWidth: 500) == 42)  // the frame hugs its text
    }

    @Test func frameMinWidthWinsOverMaxWidth() {
        let cell = MeasuredCell(text("aaa bbb ccc").frame(minWidth: 50, maxWidth: 40))
        #expect(cell.fittingWidth == 50)
        #expect(cell.minContentWidth == 50)
        #expect(close(cell.height(atWidth: 500), 2 * Self.line))  // the text gets 50: "aaa" "bbb ccc" (42)
        let framed = MeasuredCell(CellNode.box(width: 10, height: 10).frame(minWidth: 30, minHeight: 20))
        #expect(framed.fittingWidth == 30)
        #expect(framed.height(atWidth: 100) == 20)
        let placement = framed.placement(atWidth: 100)
        #expect(placement.children[0].x == 10 && placement.children[0].y == 5)  // centred
    }

    @Test func hstackSumsItsChildrenAndSpacing() {
        let row = CellNode.hstack(spacing: 8) {
            CellNode.box(width: 40, height: 40)
            text("aaa bbb ccc")
            CellNode.box(width: 30, height: 20)
        }
        let cell = MeasuredCell(row)
        #expect(cell.fittingWidth == 40 + 66 + 30 + 16)
        #expect(cell.minContentWidth == 40 + 18 + 30 + 16)
        #expect(cell.height(atWidth: 152) == 40)
        // 120: 32 too wide. The later box cannot shrink, so the text gives up 32 and wraps at 34.
        #expect(close(cell.height(atWidth: 120), 3 * Self.line))
        #expect(cell.placement(atWidth: 120).children.map(\.x) == [0, 48, 90])
        #expect(cell.overflow(atWidth: 120) == 0)
        // 100: the text stops at its 18; 4 points overflow and are reported.
        #expect(cell.width(atWidth: 100) == 104)
        #expect(cell.overflow(atWidth: 100) == 4)
    }

    @Test func lowestPriorityShrinksFirstAndTiesShrinkTheLaterChild() {
        let plain = MeasuredCell(.hstack([text("aaa bbb"), text("ccc ddd")]))
        #expect(plain.placement(atWidth: 60).children.map(\.width) == [42, 18])  // the later one wraps
        #expect(close(plain.height(atWidth: 60), 2 * Self.line))
        let first = MeasuredCell(.hstack([text("aaa bbb").layoutPriority(-1), text("ccc ddd")]))
        #expect(first.placement(atWidth: 60).children.map(\.width) == [18, 42])
        let padded = MeasuredCell(.hstack([text("aaa bbb").padding(1).layoutPriority(2), text("ccc ddd")]))
        #expect(padded.placement(atWidth: 62).children.map(\.width) == [44, 18])  // priority kept through padding
        // Shrinking goes on to the next child once one is at its minimum.
        let both = MeasuredCell(.hstack([text("aaa bbb"), text("ccc ddd")]))
        #expect(both.placement(atWidth: 40).children.map(\.width) == [22, 18])
    }

    @Test func noSpacingBesideAnEmptyChild() {
        let row = CellNode.hstack(spacing: 8) {
            CellNode.box(width: 10, height: 10)
            CellNode.empty
            text("")
            CellNode.box(width: 10, height: 10)
        }
        #expect(MeasuredCell(row).fittingWidth == 28)
        let column = CellNode.vstack(spacing: 4, [text("a"), .empty, text("b")])
        #expect(close(MeasuredCell(column).height(atWidth: 100), 2 * Self.line + 4))
    }

    @Test func builderOptionalsLeaveNoGap() {
        func row(badge: String?) -> CellNode {
            .hstack(spacing: 8) {
                text("name")
                if let badge { text(badge) }
            }
        }
        #expect(MeasuredCell(row(badge: nil)).fittingWidth == 24)
        #expect(MeasuredCell(row(badge: "new")).fittingWidth == 24 + 8 + 18)
    }

    @Test func firstBaselineAlignment() {
        let row = CellNode.hstack(spacing: 0, alignment: .firstBaseline,
                                  [text("ab"), .text("cd", stack: Self.mono20)])
        let cell = MeasuredCell(row)
        #expect(close(cell.height(atWidth: 100), 21.38 + 5.86))  // largest ascent + largest descent
        let placement = cell.placement(atWidth: 100)
        #expect(close(placement.children[0].y, 21.38 - 10.69))
        #expect(placement.children[1].y == 0)
        #expect(close(placement.baseline!, 21.38))
        // A box aligns its bottom on the baseline.
        let boxed = MeasuredCell(.hstack(alignment: .firstBaseline, [.box(width: 10, height: 30), text("ab")]))
        #expect(close(boxed.height(atWidth: 100), 30 + 2.93))
        #expect(close(boxed.placement(atWidth: 100).children[1].y, 30 - 10.69))
    }

    @Test func hstackAlignments() {
        func tops(_ alignment: VerticalAlignment) -> [Double] {
            MeasuredCell(.hstack(alignment: alignment, [.box(width: 40, height: 40), text("ab")]))
                .placement(atWidth: 100).children.map(\.y)
        }
        #expect(tops(.top) == [0, 0])
        #expect(close(tops(.center)[1], (40 - Self.line) / 2))
        #expect(close(tops(.bottom)[1], 40 - Self.line))
        let filled = MeasuredCell(.hstack(alignment: .fill, [.box(width: 40, height: 40), text("ab")]))
        #expect(filled.placement(atWidth: 100).children[1].height == 40)
    }

    @Test func vstackPilesAndAligns() {
        let column = CellNode.vstack(spacing: 4, alignment: .trailing, [text("aaaa"), text("bb"), .spacer(minLength: 10)])
        let cell = MeasuredCell(column)
        #expect(cell.fittingWidth == 24)
        #expect(close(cell.height(atWidth: 100), 2 * Self.line + 4 + 4 + 10))
        let placement = cell.placement(atWidth: 100)
        #expect(placement.children.map(\.x) == [0, 12, 24])
        #expect(close(placement.children[1].y, Self.line + 4))
        let filled = MeasuredCell(.vstack(alignment: .fill, [text("aaaa"), text("bb")])).placement(atWidth: 100)
        #expect(filled.children.map(\.width) == [24, 24])
    }

    @Test func spacersTakeTheRoomLeftInAnHStack() {
        let row = CellNode.hstack(spacing: 2, [text("ab"), .spacer(minLength: 4), text("cd"), .spacer(), .box(width: 5, height: 5)])
        let cell = MeasuredCell(row)
        #expect(cell.fittingWidth == 12 + 4 + 12 + 0 + 5 + 8)
        let placement = cell.placement(atWidth: 101)  // 60 left over, 30 to each spacer
        #expect(placement.children.map(\.width) == [12, 34, 12, 30, 5])
        #expect(placement.children.map(\.x) == [0, 14, 50, 64, 96])
    }

    @Test func overlaySitsOnItsBase() {
        let avatar = CellNode.box(width: 40, height: 40).overlay(alignment: .topTrailing, .box(width: 12, height: 12))
        let cell = MeasuredCell(avatar)
        #expect(cell.fittingWidth == 40)
        #expect(cell.height(atWidth: 100) == 40)
        let badge = cell.placement(atWidth: 100).children[1]
        #expect(badge.x == 28 && badge.y == 0)
    }

    @Test func lineLimitReachesEveryTextInside() {
        let column = CellNode.vstack([text("aaa bbb ccc"), text("ddd eee fff")]).lineLimit(2)
        let cell = MeasuredCell(column)
        #expect(close(cell.height(atWidth: 20), 4 * Self.line))  // 3 lines each, cut to 2
        #expect(cell.placement(atWidth: 20).children[0].text?.lines.last?.isTruncated == true)
    }

    /// Nested stacks measure each text once per distinct width, however deep they go.
    @Test func nestedStacksDoNotMeasureExponentially() {
        var node = text("aaa bbb ccc")
        for depth in 0..<12 {
            node = depth.isMultiple(of: 2) ? .hstack(spacing: 1, [node, text("x y z")])
                : .vstack(spacing: 1, [text("p q"), node])
        }
        let cell = MeasuredCell(node)
        _ = cell.fittingWidth
        _ = cell.minContentWidth
        for width in [500.0, 120, 80, 40, 120] { _ = cell.placement(atWidth: width) }
        let statistics = cell.statistics
        #expect(statistics.textLeaves == 13)
        #expect(statistics.shapedTexts == 13)  // each text shaped once
        #expect(statistics.layouts <= 13 * 4)  // at most one layout per text and distinct width asked
    }

    /// The product cell of the "Measuring cells" article, with its numbers worked out there.
    @Test func productCell() {
        let cell = MeasuredCell(Self.productCell)
        #expect(cell.fittingWidth == 412)
        // "included" is the widest word; the single-line price could be cut to "…" (6 + 12).
        #expect(cell.minContentWidth == 8 + 48 + 12 + 48 + 12 + 18 + 8)
        #expect(close(cell.height(atWidth: 300), 48 + 16))  // the image is the tallest
        #expect(close(cell.height(atWidth: 250), Self.line + 4 + 3 * Self.line + 16))
        let placement = cell.placement(atWidth: 250)
        let description = placement.children[0].children[1].children[1].text!
        #expect(description.lines.map(\.text) == ["Brass arm, linen", "shade, warm LED", "bulb included"])
        #expect(close(cell.height(atWidth: 200), Self.line + 4 + 3 * Self.line + 16))  // three lines at most
    }

    static let productCell = CellNode.hstack(spacing: 12, alignment: .top) {
        CellNode.box(width: 48, height: 48)  // the product image
        CellNode.vstack(spacing: 4) {
            CellNode.text("Desk lamp", stack: mono)
            CellNode.text("Brass arm, linen shade, warm LED bulb included", stack: mono, lineLimit: 3)
        }
        CellNode.text("$49.00", stack: mono, wraps: false)
            .padding(EdgeInsets(top: 2, leading: 6, bottom: 2, trailing: 6))
            .layoutPriority(1)  // the price badge never shrinks before the description
    }.padding(8)
}
