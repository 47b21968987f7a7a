// WrapBenchmarks' wrapping work, each part in a function of its own that callgrind counts
// (instructions.sh): the same paragraph (a sentence of every 997th package description of
// Data/packages.tsv, until 600 characters), the same 100 widths, the same 1k-letter word.
import Foundation
import TextMeasure

let data = try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
let rows = data.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
let paragraph: String = {
    var paragraph = ""
    for row in stride(from: 0, to: rows.count, by: 997) where rows[row][5].count >= 40 {
        let description = rows[row][5]
        paragraph += (paragraph.isEmpty ? "" : " ") + description.prefix(1).uppercased() + description.dropFirst() + "."
        if paragraph.count >= 600 { break }
    }
    return paragraph
}()
let stack = try FontStack.bundled(size: 14)
let widths = (0..<100).map { 100 + (7.3 * Double($0)).truncatingRemainder(dividingBy: 300) }
let word = String(repeating: "abcdefghijklmnopqrstuvwxyz", count: 40).prefix(1_000)

/// "prepare paragraph": 100 prepares, no cache.
@inline(never) func preparingParagraph() -> Int {
    (0..<100).reduce(0) { total, _ in total + stack.prepare(paragraph, cache: nil).text.utf8.count }
}
/// "layout at a new width": 10 × the 100 widths.
@inline(never) func layingOut(_ prepared: PreparedText) -> Int {
    (0..<10).reduce(0) { total, _ in widths.reduce(total) { $0 + prepared.layout(width: $1).lineCount } }
}
/// "lineCount at a new width": 10 × the 100 widths.
@inline(never) func countingLines(_ prepared: PreparedText) -> Int {
    (0..<10).reduce(0) { total, _ in widths.reduce(total) { $0 + prepared.lineCount(atWidth: $1) } }
}
/// "long word, 1k letters at width 50": 100 prepares and layouts.
@inline(never) func breakingLongWord() -> Int {
    (0..<100).reduce(0) { total, _ in total + stack.prepare(String(word), cache: nil).layout(width: 50).lineCount }
}

let prepared = stack.prepare(paragraph, cache: nil)
print(preparingParagraph(), layingOut(prepared), countingLines(prepared), breakingLongWord())
