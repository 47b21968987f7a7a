import Foundation

/// A hand-written SVG of horizontal bar charts: panels one under another, each with a row per
/// label and two charts side by side (a left and a right series), with axes, ticks and values.
struct Chart {
    struct Series {
        let title: String
        let values: [Double]
        let scale: Scale
        /// The value printed after each bar.
        let label: (Double) -> String
    }

    enum Scale {
        /// 0…max, ticks every `step`.
        case linear(max: Double, step: Double)
        /// Decades from 10^low to 10^high; values below 10^low are drawn at the axis.
        case log(low: Int, high: Int)

        /// A log scale spanning `values` (positive ones), at least one decade.
        static func log(spanning values: [Double]) -> Scale {
            let positive = values.filter { $0 > 0 }
            let low = Int((log10(positive.min() ?? 1)).rounded(.down))
            let high = Int((log10(positive.max() ?? 10)).rounded(.up))
            return .log(low: low, high: Swift.max(high, low + 1))
        }

        /// Where `value` falls, 0…1.
        func position(_ value: Double) -> Double {
            switch self {
            case .linear(let max, _): return Swift.min(1, Swift.max(0, value / max))
            case .log(let low, let high):
                guard value > 0 else { return 0 }
                return Swift.min(1, Swift.max(0, (log10(value) - Double(low)) / Double(high - low)))
            }
        }

        var ticks: [(value: Double, text: String)] {
            switch self {
            case .linear(let max, let step):
                return stride(from: 0, through: max, by: step).map { ($0, Chart.number($0)) }
            case .log(let low, let high):
                return (low...high).map { exponent in
                    let value = pow(10, Double(exponent))
                    return (value, Chart.number(value))
                }
            }
        }
    }

    struct Panel {
        let title: String
        let subtitle: String
        let labels: [String]
        /// One colour per label.
        let colours: [String]
        let left: Series
        let right: Series
    }

    let title: String
    let subtitle: String
    let legend: [(colour: String, text: String)]
    let panels: [Panel]

    // Geometry, in px.
    private let width = 1000.0
    private let labelWidth = 210.0
    private let chartWidth = 300.0
    private let gap = 100.0
    private let rowHeight = 22.0
    private let barHeight = 14.0
    private var leftX: Double { labelWidth + 10 }
    private var rightX: Double { leftX + chartWidth + gap }

    func svg() -> String {
        var body: [String] = []
        var y = 28.0
        body.append(text(title, x: 16, y: y, size: 18, weight: "bold"))
        y += 20
        body.append(text(subtitle, x: 16, y: y, size: 12, fill: "#444"))
        y += 22
        var x = 16.0
        for item in legend {
            body.append(##"<rect x="\##(f(x))" y="\##(f(y - 10))" width="12" height="12" fill="\##(item.colour)"/>"##)
            body.append(text(item.text, x: x + 17, y: y, size: 12))
            x += 17 + Double(item.text.count) * 6.6 + 24
        }
        y += 16
        for panel in panels {
            y = draw(panel, top: y, into: &body)
        }
        let height = y + 10
        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" viewBox="0 0 \(f(width)) \(f(height))" font-family="DejaVu Sans, Noto Sans, Helvetica, Arial, sans-serif">
        <rect width="100%" height="100%" fill="white"/>
        \(body.joined(separator: "\n"))
        </svg>

        """
    }

    /// Draws `panel` from `top`; returns where the next panel starts.
    private func draw(_ panel: Panel, top: Double, into body: inout [String]) -> Double {
        var y = top + 24
        body.append(##"<line x1="16" y1="\##(f(top + 4))" x2="\##(f(width - 16))" y2="\##(f(top + 4))" stroke="#bbb"/>"##)
        body.append(text(panel.title, x: 16, y: y, size: 15, weight: "bold"))
        y += 18
        body.append(text(panel.subtitle, x: 16, y: y, size: 12, fill: "#444"))
        y += 24
        body.append(text(panel.left.title, x: leftX, y: y, size: 12, weight: "bold"))
        body.append(text(panel.right.title, x: rightX, y: y, size: 12, weight: "bold"))
        y += 10
        let chartTop = y
        let chartHeight = Double(panel.labels.count) * rowHeight
        for (series, originX) in [(panel.left, leftX), (panel.right, rightX)] {
            // Grid lines and tick labels under the bars.
            for tick in series.scale.ticks {
                let tickX = originX + series.scale.position(tick.value) * chartWidth
                body.append(##"<line x1="\##(f(tickX))" y1="\##(f(chartTop))" x2="\##(f(tickX))" y2="\##(f(chartTop + chartHeight))" stroke="#e3e3e3"/>"##)
                body.append(text(tick.text, x: tickX, y: chartTop + chartHeight + 14, size: 10, fill: "#555", anchor: "middle"))
            }
            body.append(##"<line x1="\##(f(originX))" y1="\##(f(chartTop))" x2="\##(f(originX))" y2="\##(f(chartTop + chartHeight))" stroke="#333"/>"##)
            for (row, value) in series.values.enumerated() {
                let barY = chartTop + Double(row) * rowHeight + (rowHeight - barHeight) / 2
                let length = series.scale.position(value) * chartWidth
                body.append(##"<rect x="\##(f(originX))" y="\##(f(barY))" width="\##(f(Swift.max(length, 0.5)))" height="\##(f(barHeight))" fill="\##(panel.colours[row])"/>"##)
                body.append(text(series.label(value), x: originX + length + 4, y: barY + barHeight - 3, size: 11))
            }
        }
        for (row, label) in panel.labels.enumerated() {
            body.append(text(label, x: labelWidth, y: chartTop + Double(row) * rowHeight + rowHeight / 2 + 4, size: 12, anchor: "end"))
        }
        return chartTop + chartHeight + 30
    }

    private func text(_ string: String, x: Double, y: Double, size: Double, weight: String = "normal",
                      fill: String = "#111", anchor: String = "start") -> String {
        let escaped = string.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        return ##"<text x="\##(f(x))" y="\##(f(y))" font-size="\##(f(size))" font-weight="\##(weight)" fill="\##(fill)" text-anchor="\##(anchor)">\##(escaped)</text>"##
    }

    private func f(_ value: Double) -> String { String(format: "%.1f", value) }

    /// 0.01, 0.1, 1, 10, 100, 1,000, 25, 50…
    static func number(_ value: Double) -> String {
        value >= 1 ? Report.grouped(Int(value.rounded())) : String(format: "%g", value)
    }
}
