import CellLayout
import Testing
import TextMeasure

/// The cell model's rule for the lengths its constructors take (box sizes and baselines, spacer
/// lengths, stack spacing, insets, frame bounds, line heights): clamped to 0…10⁹ pt, NaN as 0,
/// +∞ as a frame maximum meaning no limit. Whatever the lengths, every answer is finite and ≥ 0.
@Suite struct CellValuesTests {
    static let mono = try! FontStack([Font.bundled(.notoSansMono, size: 10)])
    static let line = 13.62  // one line of Noto Sans Mono at 10 px
    static let most = 1e9

    func cell(_ node: CellNode) -> MeasuredCell { MeasuredCell(node, cache: nil) }

    @Test func aNegativeBoxTakesNoRoom() {
        let box = cell(.box(width: -5, height: -5))
        #expect(box.fittingWidth == 0)
        #expect(box.minContentWidth == 0)
        #expect(box.height(atWidth: 100) == 0)
        #expect(box.width(atWidth: 100) == 0)
        let nan = cell(.box(width: .nan, height: -.infinity))
        #expect(nan.fittingWidth == 0)
        #expect(nan.height(atWidth: 100) == 0)
    }

    /// A finite width above 10⁹ is proposed as 10⁹, as any length is clamped: stacks of spacers
    /// that fill what they are given add up to at most that, never to +∞ (a fuzzer's finding).
    @Test func aHugeProposalIsTheLongestLength() {
        let trees: [CellNode] = [
            .hstack { CellNode.spacer(); CellNode.spacer() },
            .hstack { CellNode.spacer(); CellNode.box(width: 10, height: 10); CellNode.spacer() }.padding(5),
            .vstack { CellNode.hstack { CellNode.spacer(); CellNode.spacer() }; CellNode.spacer() },
        ]
        for tree in trees {
            let measured = cell(tree)
            for width in [Double.greatestFiniteMagnitude, 1e300, 2e9] {
                #expect(measured.width(atWidth: width) == measured.width(atWidth: Self.most), "\(width)")
                #expect(measured.width(atWidth: width) <= Self.most + 10)
                #expect(measured.height(atWidth: width).isFinite)
                #expect(measured.overflow(atWidth: width) == 0)
            }
        }
    }

    @Test func negativePaddingAddsNothing() {
        let padded = cell(CellNode.box(width: 10, height: 10).padding(-100))
        #expect(padded.fittingWidth == 10)
        #expect(padded.height(atWidth: 50) == 10)
        #expect(padded.width(atWidth: 50) == 10)
        // Side by side: nothing (−1, NaN), 3, and the most (+∞).
        let sides = EdgeInsets(top: -1, leading: .nan, bottom: 3, trailing: .infinity)
        #expect(sides == EdgeInsets(top: 0, leading: 0, bottom: 3, trailing: Self.most))
        let mixed = cell(CellNode.box(width: 10, height: 10).padding(sides))
        #expect(mixed.fittingWidth == 10 + Self.most)
        #expect(mixed.height(atWidth: 50) == 13)
    }

    @Test func nanSpacingIsNoSpacing() {
        let row = cell(.hstack(spacing: .nan) {
            CellNode.box(width: 10, height: 10)
            CellNode.box(width: 20, height: 10)
        })
        #expect(row.fittingWidth == 30)
        #expect(row.width(atWidth: 100) == 30)
        #expect(row.height(atWidth: 100) == 10)
        let column = cell(.vstack(spacing: -4) {
            CellNode.box(width: 10, height: 10)
            CellNode.box(width: 20, height: 10)
        })
        #expect(column.height(atWidth: 100) == 20)
    }

    @Test func infiniteAndHugeLengthsStopAtTheMost() {
        let infinite = cell(.box(width: .infinity, height: .infinity))
        #expect(infinite.fittingWidth == Self.most)
        #expect(infinite.height(atWidth: 10) == Self.most)
        // 1e308 + 1e308 would be +∞; two boxes of the most are 2 × 10⁹.
        let huge = cell(.hstack {
            CellNode.box(width: 1e308, height: 1e308)
            CellNode.box(width: .greatestFiniteMagnitude, height: 1)
        })
        #expect(huge.fittingWidth == 2 * Self.most)
        #expect(huge.height(atWidth: 10) == Self.most)
        #expect(huge.overflow(atWidth: 10) == 2 * Self.most - 10)
        let spaced = cell(.vstack(spacing: 1e308) {
            CellNode.box(width: 1, height: 1)
            CellNode.box(width: 1, height: 1)
        })
        #expect(spaced.height(atWidth: 10) == Self.most + 2)
        let spacers = cell(.hstack {
            CellNode.spacer(minLength: .infinity)
            CellNode.spacer(minLength: -5)
            CellNode.spacer(minLength: .nan)
        })
        #expect(spacers.fittingWidth == Self.most)
        #expect(cell(.vstack { CellNode.spacer(minLength: 1e300) }).height(atWidth: 10) == Self.most)
    }

    @Test func frameBounds() {
        let box = CellNode.box(width: 10, height: 10)
        // A negative maximum is 0: the frame is empty and the box overflows it.
        let squeezed = cell(box.frame(maxWidth: -5, maxHeight: .nan))
        #expect(squeezed.fittingWidth == 0)
        #expect(squeezed.width(atWidth: 100) == 0)
        #expect(squeezed.height(atWidth: 100) == 0)
        #expect(squeezed.overflow(atWidth: 100) == 10)
        // +∞ as a maximum is no limit; NaN and negative minimums are none.
        let free = cell(box.frame(minWidth: .nan, maxWidth: .infinity, minHeight: -3, maxHeight: .infinity))
        #expect(free.fittingWidth == 10)
        #expect(free.width(atWidth: 100) == 10)
        #expect(free.height(atWidth: 100) == 10)
        // +∞ as a minimum is the most.
        let wide = cell(box.frame(minWidth: .infinity, minHeight: 1e308))
        #expect(wide.fittingWidth == Self.most)
        #expect(wide.height(atWidth: 100) == Self.most)
        let exact = cell(box.frame(width: -1, height: .nan))
        #expect(exact.fittingWidth == 0)
        #expect(exact.height(atWidth: 100) == 0)
    }

    @Test func boxBaselines() {
        func baseline(_ value: Double) -> Double? {
            cell(.box(width: 10, height: 10, baseline: value)).placement(atWidth: 100).baseline
        }
        #expect(baseline(-3) == 0)
        #expect(baseline(.nan) == 0)
        #expect(baseline(.infinity) == Self.most)
        #expect(baseline(4) == 4)
    }

    @Test func lineHeights() {
        func height(_ lineHeight: LineHeight) -> Double {
            cell(.text("ab", stack: Self.mono, lineHeight: lineHeight)).height(atWidth: 100)
        }
        #expect(abs(height(.font) - Self.line) < 1e-9)
        #expect(height(.points(-5)) == 0)
        #expect(height(.points(.nan)) == 0)
        #expect(height(.multiple(-2)) == 0)
        #expect(height(.multiple(.nan)) == 0)
        #expect(height(.points(1e308)) == Self.most)
        #expect(height(.points(.infinity)) == Self.most)
        // The factor is clamped to 10⁹ and the line's height to 10⁹ pt, as every length is.
        #expect(height(.multiple(.infinity)) == Self.most)
    }

    /// An infinite width means no limit: spacers keep their minimum, as at the fitting width.
    @Test func anInfiniteWidthIsNoLimit() {
        let row = cell(.hstack {
            CellNode.box(width: 10, height: 10)
            CellNode.spacer(minLength: 5)
        })
        #expect(row.width(atWidth: .infinity) == 15)
        #expect(row.height(atWidth: .infinity) == 10)
        #expect(row.overflow(atWidth: .infinity) == 0)
        let placement = row.placement(atWidth: .infinity)
        #expect(placement.width == 15)
        #expect(placement.children.map(\.width) == [10, 5])
        // A finite width is shared out, taken as a length: one above 10⁹ pt as 10⁹.
        #expect(row.width(atWidth: 1e300) == Self.most)
        #expect(row.width(atWidth: 2_000) == 2_000)
    }

    /// A NaN priority counts as 0: it shrinks before a priority of 1.
    @Test func nanPriorityIsZero() {
        // Each text is 9 characters, 54 pt, at least "aaaa" (24 pt) wide. At 80 pt, 28 pt must go.
        let row = cell(.hstack {
            CellNode.text("cccc dddd", stack: Self.mono).layoutPriority(1)
            CellNode.text("aaaa bbbb", stack: Self.mono).layoutPriority(.nan)
        })
        #expect(row.placement(atWidth: 80).children.map(\.width) == [54, 26])
        let reversed = cell(.hstack {
            CellNode.text("aaaa bbbb", stack: Self.mono).layoutPriority(.nan)
            CellNode.text("cccc dddd", stack: Self.mono).layoutPriority(1)
        })
        #expect(reversed.placement(atWidth: 80).children.map(\.width) == [26, 54])
    }
}
