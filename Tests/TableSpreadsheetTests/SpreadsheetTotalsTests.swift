import Foundation
import Testing
import TextMeasureTestSupport

/// `--total` in a workbook: a bold footer row below the autofilter's range, each total a
/// `SUBTOTAL` formula over its column's body rows (109 sum, 101 mean, 105 min, 104 max, 102
/// count) whose cached value is the exact result the other outputs print; the label a string.
/// (Scripts/xlsx-check.py has LibreOffice recalculate them.)
@Suite struct SpreadsheetTotalsTests {
    @Test func totalsAreSubtotalFormulasWithTheirResultsCached() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        try "Item,Price,Qty,Low,Seen\napple,$1.50,3,-2.5,1\npear,$2.25,5,4,2\nfig,$10.00,1,0.25,3\n"
            .write(toFile: folder + "/t.csv", atomically: true, encoding: .utf8)
        let result = try Command().run(["render", folder + "/t.csv", "-o", folder + "/t.xlsx", "--total", "Price=sum",
                                        "--total", "Qty=mean", "--total", "Low=min", "--total", "Seen=count"], input: [])
        try #require(result.status == 0, "\(result.stderr)")
        let sheet = try Workbook.member("xl/worksheets/sheet1.xml", of: folder + "/t.xlsx")
        // 1.50 + 2.25 + 10.00 = 13.75; (3 + 5 + 1) / 3 = 3; min -2.5; 3 numbers.
        #expect(sheet.contains("<f>SUBTOTAL(109,B2:B4)</f><v>13.75</v>"), "\(sheet)")
        #expect(sheet.contains("<f>SUBTOTAL(101,C2:C4)</f><v>3</v>"))
        #expect(sheet.contains("<f>SUBTOTAL(105,D2:D4)</f><v>-2.5</v>"))
        #expect(sheet.contains("<f>SUBTOTAL(102,E2:E4)</f><v>3</v>"))
        #expect(sheet.contains("<c r=\"A5\" s=\"1\" t=\"inlineStr\"><is><t>Total</t></is></c>"))
        #expect(sheet.contains("<autoFilter ref=\"A1:E4\"/>"))
        // The sum is shown as the column's money ("$"0.00), in the bold font (font 1, the header's).
        let styles = try Workbook.member("xl/styles.xml", of: folder + "/t.xlsx")
        #expect(styles.contains("<numFmt numFmtId=\"164\" formatCode=\"&quot;$&quot;0.00;&quot;-$&quot;0.00\"/>"))
        #expect(styles.contains("<xf numFmtId=\"164\" fontId=\"1\""))
        #expect(styles.contains("<font><b/>"))
    }

    /// A column with a cell no number format shows as written ("1 000": a space groups no digits
    /// in a format code) is text throughout, and a `SUBTOTAL` over text counts nothing: its
    /// total (3 numbers) is written as the number alone, while a column of numbers with null
    /// markers and a negative zero keeps its formula, which skips the markers as the total does
    /// (2 + 0 + 4 = 6).
    @Test func aTotalOfAColumnWrittenAsTextIsItsNumber() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        try "Item,Size,Qty\napple,1 000,2\npear,2 000,-\nfig,3,4\nkiwi,,-0\n".write(toFile: folder + "/t.csv", atomically: true, encoding: .utf8)
        let result = try Command().run(["render", folder + "/t.csv", "-o", folder + "/t.xlsx", "--total", "Size=count", "--total", "Qty=sum"], input: [])
        try #require(result.status == 0, "\(result.stderr)")
        let sheet = try Workbook.member("xl/worksheets/sheet1.xml", of: folder + "/t.xlsx")
        #expect(sheet.contains("<t>1 000</t>"), "\(sheet)")
        #expect(!sheet.contains("SUBTOTAL(102,B"))
        #expect(sheet.contains("<f>SUBTOTAL(109,C2:C5)</f><v>6</v>"))
        let footer = try #require(sheet.range(of: "<c r=\"B6\"").map { sheet[$0.lowerBound...].prefix { $0 != "/" } })
        #expect(footer.hasSuffix("<v>3<"), "\(footer)")
    }
}
