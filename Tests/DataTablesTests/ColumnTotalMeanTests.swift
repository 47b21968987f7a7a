import DataTables
import Foundation
import Testing
import TextMeasureTestSupport

/// Means of columns whose sums have up to 38 digits and many decimal places, against Python's
/// `decimal` (at 100 digits, rounded half-even to the column's places); past what `Decimal` holds
/// exactly, an error naming the column, never a hang (the mean's correction loop stepped by ones
/// that rounding lost); and a mix of percents and plain numbers refused.
@Suite struct ColumnTotalMeanTests {
    /// Python's mean of `cells`, rounded half-even to `places` decimal places.
    static func pythonMean(_ cells: [String], places: Int) throws -> String {
        let script = """
            import sys
            from decimal import Decimal, getcontext, ROUND_HALF_EVEN
            getcontext().prec = 100
            cells = sys.argv[2:]
            mean = sum(Decimal(c) for c in cells) / len(cells)
            print(mean.quantize(Decimal(1).scaleb(-int(sys.argv[1])), rounding=ROUND_HALF_EVEN))
            """
        let output = try #require(RenderingFixtures.output(of: "python3", ["-c", script, String(places)] + cells))
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Random columns of 2 to 5 numbers with 1 to 18 decimal places and integer parts up to 19
    /// digits: every one whose sum fits in 38 digits, computed exactly.
    @Test func meansOfLongNumbersAreExact() throws {
        var random = SplitMix(seed: 37)
        var checked = 0
        for _ in 0..<40 {
            let places = Int(random.next() % 18) + 1
            let count = Int(random.next() % 4) + 2
            let cells = (0..<count).map { _ in
                let whole = String(random.next() % 10_000_000_000_000_000_000)
                let fraction = (0..<places).map { _ in String(random.next() % 10) }.joined()
                return whole + "." + fraction
            }
            let expected = try Self.pythonMean(cells, places: places)
            do throws(ColumnTotalError) {
                let mean = try ColumnTotal.mean.text(of: cells, column: "V", reader: NumberReader())
                #expect(mean == expected, "\(cells)")
                checked += 1
            } catch {
                // Only a sum or a scaled mean past 38 digits may be refused.
                #expect(error.problem == .tooManyDigits || error.problem == .meanTooManyDigits(fractionDigits: places), "\(cells)")
            }
        }
        #expect(checked > 15)
    }

    /// The issue's column: 10^12, zero with 37 decimal places, and 0: the mean to 37 places has
    /// 49 digits. Refused, naming the column, in well under the time limit (it never finished).
    @Test func aMeanPast38DigitsIsRefusedNotHung() throws {
        let cells = ["1000000000000", "0." + String(repeating: "0", count: 37), "0"]
        // The command first, stopped after its time limit: a hang fails the test instead of hanging it.
        let csv = "V\n" + cells.joined(separator: "\n") + "\n"
        let result = try Command().run(["rows", "-", "--total", "V=mean"], input: Array(csv.utf8), timeLimit: 20)
        #expect(result.status != 0)
        let message = "column \"V\": the mean to 37 decimal places needs more than 38 significant digits"
        guard result.stderr.contains(message) else { Issue.record("\(result.stderr)"); return }
        #expect(throws: ColumnTotalError(row: 2, column: "V", problem: .meanTooManyDigits(fractionDigits: 37))) {
            try ColumnTotal.mean.text(of: cells, column: "V", reader: NumberReader())
        }
    }

    /// "50%" and "51" are not "50.5%": a total of either kind over the mix is refused at the
    /// first cell of the other kind; counting them is fine.
    @Test func percentsAndPlainNumbersDoNotMix() throws {
        for total in [ColumnTotal.sum, .mean, .min, .max] {
            #expect(throws: ColumnTotalError(row: 1, column: "P", problem: .mixedPercents("51"))) {
                try total.text(of: ["50%", "51"], column: "P", reader: NumberReader())
            }
            #expect(throws: ColumnTotalError(row: 2, column: "P", problem: .mixedPercents("3 %"))) {
                try total.text(of: ["1", "", "3 %"], column: "P", reader: NumberReader())
            }
        }
        #expect(try ColumnTotal.count.text(of: ["50%", "51"], column: "P", reader: NumberReader()) == "2")
        #expect(try ColumnTotal.sum.text(of: ["50%", "1.5%"], column: "P", reader: NumberReader()) == "51.5%")
    }
}
