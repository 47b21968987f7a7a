import ArgumentParser
import TextMeasure

extension LineBreakRules: ExpressibleByArgument {}

/// `--line-breaks`, for the commands that break text into lines (`wrap`, `columns`, `rows`, `render`).
struct LineBreakOptions: ParsableArguments {
    @Option(name: .customLong("line-breaks"), help: ArgumentHelp(
        "Where lines may break: chromium (a browser's rules, the default) or pango (ICU's UAX #14 rules as Pango applies them).",
        valueName: "chromium|pango"))
    var rules = LineBreakRules.chromium
}
