import Testing
import TextMeasure

/// `--header-group`, run as a user runs it, in Noto Sans Mono at 10 px (6 px a character, bold
/// too), no padding, no sort indicator, no minimum width.
@Suite struct HeaderGroupCommandTests {
    let commands = ColumnsCommandTests()

    /// "SKU" is 24 px ("B-22"), "Name" 78 ("Gadget, large"), 102 together. The group's title,
    /// "Inventory of every warehouse today", is 34 characters, 204 px: twice that, so each
    /// column doubles (content-fitted: in proportion to the widths), 48 and 156.
    @Test func aWideGroupWidensItsColumns() throws {
        let path = try commands.file("SKU,Name,Note\nA-1,Widget,x\nB-22,\"Gadget, large\",y\n")
        let widths = try commands.widths([path] + commands.bare + ["--header-group", "Inventory of every warehouse today:SKU,Name"])
        #expect(widths == [48, 156, 24])  // "Note" keeps its header's 24
    }

    @Test func columnsMustBeAdjacent() throws {
        let path = try commands.file("A,B,C\n1,2,3\n")
        let result = try commands.columns([path] + commands.bare + ["--header-group", "G:A,C"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--header-group \"G:A,C\": column \"C\" is not next to \"A\": the columns must be adjacent"))
    }

    @Test func unknownColumnsAndBadValuesAreNamed() throws {
        let path = try commands.file("A,B,C\n1,2,3\n")
        let unknown = try commands.columns([path] + commands.bare + ["--header-group", "G:A,D"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("--header-group \"G:A,D\": no column is titled \"D\""))
        let noColon = try commands.columns([path] + commands.bare + ["--header-group", "G"])
        #expect(noColon.stderr.contains("--header-group \"G\": give it as TITLE:COL1,COL2,…"))
        let overlap = try commands.columns([path] + commands.bare + ["--header-group", "G:A,B", "--header-group", "H:B,C"])
        #expect(overlap.status != 0)
        #expect(overlap.stderr.contains("header group 1 \"H\": it must be nested in or apart from group 0 \"G\""))
    }
}
