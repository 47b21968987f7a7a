import ArgumentParser
import DataTables

/// The `--mode` and `--strategy` arguments of `columns`, in SwiftDataTables' names.
enum ColumnWidthArguments {
    static let modeHelp = """
        text (content-fitted, by --strategy), cell[:all|:sampledMax:N|:percentile:P:N] (content-fitted \
        by the cell model's fitting width of each field as a one-line text cell) or fixed:W (every column W px)
        """
    static let strategyHelp = """
        maxMeasured, sampledMax:N, percentile:P:N, estimatedAverage:C, hybrid:N:C, fixed:W, \
        maxNominal or calibratedAverage
        """

    /// `text` (with `strategy`), `cell` with its sample, or `fixed:W`.
    static func mode(_ argument: String, strategy: String) throws -> DataTableColumnWidthMode {
        if argument == "text" { return .fitContentText(strategy: try self.strategy(strategy)) }
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let form = "--mode \(parts.prefix(2).joined(separator: ":"))"
        switch (parts[0], parts.dropFirst().first, parts.count) {
        case ("fixed", _, 2): return .fixed(width: try length(parts[1], "--mode fixed:W", "W"))
        case ("cell", nil, 1), ("cell", "all", 2): return .fitContentCell(sample: .all)
        case ("cell", "sampledMax", 3): return .fitContentCell(sample: .sampledMax(sampleSize: try count(parts[2], form)))
        case ("cell", "percentile", 4):
            return .fitContentCell(sample: .percentile(try percentile(parts[2], form), sampleSize: try count(parts[3], form)))
        default: throw ValidationError("--mode must be \(modeHelp), not '\(argument)'")
        }
    }

    /// One of the strategies of `strategyHelp`.
    static func strategy(_ argument: String) throws -> DataTableColumnWidthStrategy {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let form = "--strategy \(parts[0])"
        switch (parts[0], parts.count) {
        case ("maxMeasured", 1): return .maxMeasured
        case ("maxNominal", 1): return .maxNominal
        case ("calibratedAverage", 1): return .calibratedAverage
        case ("sampledMax", 2): return .sampledMax(sampleSize: try count(parts[1], form))
        case ("percentile", 3):
            return .percentileMeasured(percentile: try percentile(parts[1], form), sampleSize: try count(parts[2], form))
        case ("estimatedAverage", 2): return .estimatedAverage(averageCharWidth: try length(parts[1], form, "C"))
        case ("hybrid", 3):
            return .hybrid(sampleSize: try count(parts[1], form), averageCharWidth: try length(parts[2], form, "C"))
        case ("fixed", 2): return .fixed(width: try length(parts[1], form, "W"))
        default: throw ValidationError("--strategy must be \(strategyHelp), not '\(argument)'")
        }
    }

    /// A width W or average character width C: from 0 to 10⁹ px.
    private static func length(_ text: String, _ form: String, _ name: String) throws -> Double {
        guard let value = Double(text), LengthOption.isValid(value) else {
            throw ValidationError("\(form): \(name) must be \(LengthOption.range), not '\(text)'")
        }
        return value
    }

    /// A percentile P, in (0, 1].
    private static func percentile(_ text: String, _ form: String) throws -> Double {
        guard let value = Double(text), value > 0, value <= 1 else {
            throw ValidationError("\(form): P must be a number in (0, 1], not '\(text)'")
        }
        return value
    }

    /// A sample size N, at least 1.
    private static func count(_ text: String, _ form: String) throws -> Int {
        guard let value = Int(text), value >= 1 else {
            throw ValidationError("\(form): N must be a whole number of at least 1, not '\(text)'")
        }
        return value
    }
}
