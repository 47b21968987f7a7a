import ArgumentParser
import TextMeasure

extension LineBreakRules: ExpressibleByArgument {}

/// `--line-breaks`, for the commands that measure or break text into lines (`width`, `wrap`,
/// `columns`, `rows`, `render`): the rules, and the font a space is drawn in (the first that
/// has one under chromium; the font of the text around it under pango).
struct LineBreakOptions: ParsableArguments {
    @Option(name: .customLong("line-breaks"), help: ArgumentHelp(
        "Where lines may break and which font draws a space: chromium (a browser's rules, the default) or pango (ICU's UAX #14 rules and Pango's spaces).",
        valueName: "chromium|pango"))
    var rules = LineBreakRules.chromium
}
