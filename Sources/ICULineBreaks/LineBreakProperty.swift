internal import CICU

/// The Unicode Line_Break property (UAX #14's classes) of a scalar, as ICU's data gives it.
package enum LineBreakProperty {
    /// ICU's `ULineBreak` value of `scalar`'s class: 0 XX, 1 AI, 2 AL, 3 B2, 4 BA, 5 BB, 6 BK,
    /// 7 CB, 8 CL, 9 CM, 10 CR, 11 EX, 12 GL, 13 HY, 14 ID, 15 IN, 16 IS, 17 LF, 18 NS, 19 NU,
    /// 20 OP, 21 PO, 22 PR, 23 QU, 24 SA, 25 SG, 26 SP, 27 SY, 28 ZW, 29 NL, 30 WJ, 31 H2, 32 H3,
    /// 33 JL, 34 JT, 35 JV, 36 CP, 37 CJ, 38 HL, 39 RI, 40 EB, 41 EM, 42 ZWJ (and later ones).
    ///
    /// - Complexity: O(1).
    package static func value(of scalar: Unicode.Scalar) -> Int32 {
        cicu_line_break_class(Int32(bitPattern: scalar.value))
    }
}
