import FuzzSupport
import TextMeasure

/// Shaped widths kept between inputs, small enough to evict all the time: a layout through it
/// must equal the layout measured without a cache.
let smallCache = WidthCache(capacity: 64)

/// Input: a font stack, a font size, a width, `maxLines`, truncation, ellipsis, line height and
/// tab interval, each from the leading bytes (see `FuzzInput`), then the text (the rest, UTF-8).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let stack = Fonts.stack(&input)
    let fontSize = input.length()
    let width = input.length()
    let maxLines = input.lineCount()
    let truncation = input.truncation()
    let ellipsis = input.ellipsis()
    let lineHeight = input.lineHeight()
    let tabInterval: Double? = input.choice(4) == 0 ? input.length() : nil
    let text = input.rest()
    let context = "size \(fontSize), maxLines \(maxLines), \(truncation), ellipsis \(quoted(ellipsis)), "
        + "lineHeight \(lineHeight), tabInterval \(tabInterval.map { "\($0)" } ?? "nil")"

    // A size that is not finite and above zero is refused with `invalidSize`; others may be too
    // (an upper limit), with the same error.
    let fonts: FontStack
    do {
        fonts = try stack.withSize(fontSize)
    } catch {
        guard case .invalidSize = error else { fatalError("withSize(\(fontSize)) threw \(error), not invalidSize") }
        return 0
    }
    require(fontSize.isFinite && fontSize > 0, "withSize(\(fontSize)) accepted")

    let prepared = fonts.prepare(text, tabInterval: tabInterval, cache: nil)
    let layout = prepared.layout(width: width, maxLines: maxLines, truncation: truncation, ellipsis: ellipsis,
                                 lineHeight: lineHeight)
    checkLayout(layout, of: text, width: width, maxLines: maxLines, context)
    let cached = fonts.prepare(text, tabInterval: tabInterval, cache: smallCache)
        .layout(width: width, maxLines: maxLines, truncation: truncation, ellipsis: ellipsis, lineHeight: lineHeight)
    require(cached == layout, "the layout through a cache differs from the one without; \(context), text \(quoted(text))")
    require(prepared.lineCount(atWidth: width, maxLines: maxLines) == layout.lineCount,
            "lineCount(atWidth:) ≠ layout's \(layout.lineCount); \(context), text \(quoted(text)), width \(width)")
    let height = prepared.height(atWidth: width, maxLines: maxLines, lineHeight: lineHeight)
    require(height == layout.height || height.isNaN && layout.height.isNaN,
            "height(atWidth:) \(height) ≠ layout's \(layout.height); \(context), text \(quoted(text)), width \(width)")

    // The intrinsic widths: the widest hard line keeps every hard line on one line; the widest
    // unbreakable segment keeps every line within the width, no segment broken.
    let (minimum, maximum) = (prepared.minContentWidth, prepared.maxContentWidth)
    requireSize(minimum, "minContentWidth; \(context), text \(quoted(text))")
    requireSize(maximum, "maxContentWidth; \(context), text \(quoted(text))")
    require(minimum <= maximum, "minContentWidth \(minimum) > maxContentWidth \(maximum); \(context), text \(quoted(text))")
    let hardLines = 1 + LineBreaker.opportunities(in: text).filter(\.isMandatory).count
    let widest = prepared.layout(width: maximum, lineHeight: lineHeight)
    checkLayout(widest, of: text, width: maximum, maxLines: 0, context)
    require(widest.lineCount == hardLines,
            "\(widest.lineCount) lines at maxContentWidth \(maximum), \(hardLines) hard lines; \(context), text \(quoted(text))")
    let narrowest = prepared.layout(width: minimum, lineHeight: lineHeight)
    checkLayout(narrowest, of: text, width: minimum, maxLines: 0, context)
    for line in narrowest.lines {
        require(line.width <= minimum + 1e-9,
                "line \(quoted(line.text)) is \(line.width) pt at minContentWidth \(minimum); \(context), text \(quoted(text))")
    }

    // One line, cut to the width.
    let single = fonts.singleLine(text, width: width, truncation: truncation, ellipsis: ellipsis, lineHeight: lineHeight,
                                  cache: smallCache)
    checkLayout(single, of: text, width: width, maxLines: 1, singleLine: true, context)
    let truncated = fonts.truncate(text, toWidth: width, truncation: truncation, ellipsis: ellipsis, cache: nil)
    require(truncated == (single.isTruncated ? single.lines[0].text : text),
            "truncate(_:toWidth:) gave \(quoted(truncated)), singleLine \(quoted(single.lines[0].text)); \(context), width \(width)")
    return 0
}
