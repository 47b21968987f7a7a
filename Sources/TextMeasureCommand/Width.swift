import ArgumentParser
import TextMeasure

extension TextMeasureCommand {
    struct Width: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the width in px of each line of standard input, one per line.",
            discussion: """
                Widths are exact HarfBuzz advances (font units × size ÷ units-per-em, no hinting, \
                no rounding), printed at full precision. A line that is not valid UTF-8 stops the \
                run with an error naming it; widths of the lines before it have been printed.
                """)

        @OptionGroup var font: FontOptions

        @Option(help: ArgumentHelp("The text's weight: regular, or bold (the stack's bold faces, where it has them).",
                                   valueName: "regular|bold"))
        var weight = FontWeight.regular

        @Option(help: ArgumentHelp(
            "Shaping: 'auto' (exact: simple text summed without shaping where provably equal to HarfBuzz, the rest shaped), "
                + "'harfbuzz' (exact: every line shaped), 'none' (nominal advances, not exact); 'full' is 'auto'."))
        var shaping: Shaping = .auto

        @Flag(help: "Print JSON Lines: {\"text\": …, \"width\": …}.")
        var json = false

        enum Shaping: String, ExpressibleByArgument, CaseIterable {
            case auto, harfbuzz, none, full
        }

        func run() throws {
            let stack = try font.stack().weight(weight)
            ShapingMode.current = shaping == .harfbuzz ? .harfbuzz : .auto
            let (json, nominal) = (self.json, shaping == .none)
            var input = InputLines()
            while true {
                let (lines, error) = input.next(4096)
                var output: [UInt8] = []
                output.reserveCapacity(lines.count * 20)
                for line in lines {
                    let width = nominal ? stack.nominalWidth(of: line) : stack.width(of: line, cache: nil)
                    output += json ? "{\"text\":\(jsonString(line)),\"width\":\(width)}".utf8 : width.description.utf8
                    output.append(UInt8(ascii: "\n"))
                }
                StandardOutput.write(output)
                if let error { throw error }
                if lines.isEmpty { break }
            }
        }
    }
}
