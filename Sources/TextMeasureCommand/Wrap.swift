import ArgumentParser
import Foundation
import TableRendering
import TextMeasure

extension TextMeasureCommand {
    struct Wrap: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Break text into lines at a width: JSON Lines in, JSON Lines out.",
            discussion: """
                Each line of standard input is a JSON object: {"text": "…", "width": 120}. "text" \
                (a string) is required. "width" (a number of px, at least zero) overrides --width \
                and is required when --width is not given; "maxLines" (an integer, at least zero) \
                overrides --max-lines. A null "width" or "maxLines" counts as absent; other keys \
                are ignored.

                For each input line, in order, one JSON object is printed: \
                {"lineCount": 3, "width": 118.25, "height": 57.0, "lines": ["…", "…", "…"]}, \
                with "truncated": true added only when text was cut to fit --max-lines. "width" is \
                the widest line's width and "height" the sum of the line heights, both in px at \
                full precision (no rounding); "lines" are the lines as displayed (without the \
                whitespace that hangs at their ends, with a hyphen at a soft hyphen, with the \
                ellipsis when truncated). Lines break greedily at Unicode (UAX #14) break \
                opportunities; a word wider than the width breaks between grapheme clusters, and \
                a line holding a single grapheme may be wider than the width.

                --line-height is 'font' (the fonts' ascender + descent + line gap, the default), \
                a number of px ('20' or '20.5'), or a multiple of the font line height ('1.5x').

                An input line that is not valid UTF-8, is blank or not valid JSON, is not an \
                object, lacks a string "text", has a "width" that is not a number at least zero \
                (or has no width and no --width is given), or has a "maxLines" that is not an \
                integer at least zero prints {"error": "line N: …", "line": N} in its place and \
                "textmeasure: line N: …" on standard error; the following lines are still \
                processed, and the command exits with status 1 at the end.
                """)

        @OptionGroup var font: FontOptions

        @OptionGroup var lineBreaks: LineBreakOptions

        @Option(help: ArgumentHelp("The text's weight: regular, or bold (the stack's bold faces, where it has them).",
                                   valueName: "regular|bold"))
        var weight = FontWeight.regular

        @Option(help: ArgumentHelp("The width to break at in px (above 0, at most 1e9); a line's \"width\" overrides it.",
                                   valueName: "px"))
        var width: Double?

        @Option(help: ArgumentHelp("At most this many lines; the last one shows the cut text with the ellipsis (0: unlimited).",
                                   valueName: "n"))
        var maxLines = 0

        @Option(help: "Where text is cut with --max-lines: 'end' keeps the start, 'middle' both ends, 'start' the end.")
        var truncation: TruncationMode = .end

        @Option(help: "The string that marks cut text.")
        var ellipsis = "…"

        @Option(help: ArgumentHelp("'font' (the font's line height), px ('20'), or a multiple of the font's ('1.5x').",
                                   valueName: "font|px|Nx"))
        var lineHeight = "font"

        enum TruncationMode: String, ExpressibleByArgument, CaseIterable {
            case end, middle, start

            var truncation: Truncation {
                switch self {
                case .end: .end
                case .middle: .middle
                case .start: .start
                }
            }
        }

        func validate() throws {
            if let width { try LengthOption.check(width, "--width", positive: true) }
            guard maxLines >= 0 else { throw ValidationError("--max-lines must be zero (unlimited) or more, not \(maxLines)") }
            _ = try Self.parseLineHeight(lineHeight)
        }

        /// `font`, a number of px, or a factor followed by `x`, each above 0 and at most 10⁹.
        static func parseLineHeight(_ argument: String) throws -> LineHeight {
            if argument == "font" { return .font }
            let isMultiple = argument.hasSuffix("x")
            let number = isMultiple ? String(argument.dropLast()) : argument
            guard let value = Double(number), LengthOption.isValid(value, positive: true) else {
                throw ValidationError("--line-height must be 'font', a number of px above 0, at most 1e9 (e.g. 20) "
                    + "or such a factor followed by x (e.g. 1.5x), not '\(argument)'")
            }
            return isMultiple ? .multiple(value) : .points(value)
        }

        func run() throws {
            let settings = Settings(
                width: width, maxLines: maxLines, truncation: truncation.truncation, ellipsis: ellipsis,
                lineHeight: try Self.parseLineHeight(lineHeight), stack: try font.stack().weight(weight).withLineBreaks(lineBreaks.rules))
            let decoder = JSONDecoder()
            var input = InputLines()
            var lineNumber = 0
            var failed = false
            while true {
                let (lines, invalid) = input.next(1024)
                let requests = lines.map { line in
                    lineNumber += 1
                    return Self.request(from: line, number: lineNumber, settings: settings, decoder: decoder)
                }
                var output = ""
                var errors = ""
                for (request, result) in zip(requests, Self.layOut(requests, settings)) {
                    output += result + "\n"
                    if case .failure(let error) = request {
                        errors += "textmeasure: \(error.message)\n"
                        failed = true
                    }
                }
                if let invalid {
                    let error = LineError(line: invalid.line, problem: "not valid UTF-8")
                    output += error.json + "\n"
                    errors += "textmeasure: \(error.message)\n"
                    failed = true
                    lineNumber = invalid.line
                }
                print(output, terminator: "")
                if !errors.isEmpty { FileHandle.standardError.write(Data(errors.utf8)) }
                if lines.isEmpty && invalid == nil { break }
            }
            if failed { throw ExitCode(1) }
        }

        /// What the options say, for laying out lines on any thread.
        struct Settings: Sendable {
            var width: Double?
            var maxLines: Int
            var truncation: Truncation
            var ellipsis: String
            var lineHeight: LineHeight
            var stack: FontStack
        }

        /// One valid input line, with the options it overrides resolved.
        struct Request: Sendable {
            var text: String
            var width: Double
            var maxLines: Int
        }

        /// Why an input line gave no layout.
        struct LineError: Error, Sendable {
            let line: Int
            let problem: String
            var message: String { "line \(line): \(problem)" }
            var json: String { "{\"error\":\(jsonString(message)),\"line\":\(line)}" }
        }

        /// The request on input line `number`, or what is wrong with it.
        static func request(from line: String, number: Int, settings: Settings, decoder: JSONDecoder)
            -> Result<Request, LineError> {
            if line.allSatisfy(\.isWhitespace) {
                return .failure(LineError(line: number, problem: "blank line; expected a JSON object"))
            }
            let fields: InputFields
            do {
                fields = try decoder.decode(InputFields.self, from: Data(line.utf8))
            } catch let problem as InputFields.Problem {
                return .failure(LineError(line: number, problem: problem.description))
            } catch {
                return .failure(LineError(line: number, problem: "not valid JSON"))
            }
            guard let width = fields.width ?? settings.width else {
                return .failure(LineError(line: number, problem: "no \"width\", and no --width given"))
            }
            return .success(Request(text: fields.text, width: width, maxLines: fields.maxLines ?? settings.maxLines))
        }

        /// The output line for each request: its layout, or its error object. Lines are laid
        /// out on every core.
        static func layOut(_ requests: [Result<Request, LineError>], _ settings: Settings) -> [String] {
            concurrentMap(requests.count, parallelFrom: 16) { index in
                switch requests[index] {
                case .success(let request): Self.json(of: request, settings)
                case .failure(let error): error.json
                }
            }
        }

        /// The layout of `request` as a JSON object on one line.
        static func json(of request: Request, _ settings: Settings) -> String {
            let layout = settings.stack.prepare(request.text).layout(
                width: request.width, maxLines: request.maxLines, truncation: settings.truncation,
                ellipsis: settings.ellipsis, lineHeight: settings.lineHeight)
            let lines = layout.lines.map { jsonString($0.text) }.joined(separator: ",")
            return "{\"lineCount\":\(layout.lineCount),\"width\":\(layout.width),\"height\":\(layout.height),"
                + "\"lines\":[\(lines)]\(layout.isTruncated ? ",\"truncated\":true" : "")}"
        }
    }
}

/// The fields of an input line, checked one by one so the error says which is wrong.
private struct InputFields: Decodable {
    var text: String
    var width: Double?
    var maxLines: Int?

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    enum CodingKeys: String, CodingKey {
        case text, width, maxLines
    }

    init(from decoder: any Decoder) throws {
        let container: KeyedDecodingContainer<CodingKeys>
        do {
            container = try decoder.container(keyedBy: CodingKeys.self)
        } catch {
            throw Problem(description: "expected a JSON object")
        }
        guard container.contains(.text) else { throw Problem(description: "no \"text\"") }
        do {
            text = try container.decode(String.self, forKey: .text)
        } catch {
            throw Problem(description: "\"text\" must be a string")
        }
        do {
            width = try container.decodeIfPresent(Double.self, forKey: .width)
        } catch {
            throw Problem(description: "\"width\" must be a finite number")
        }
        if let width, !(width >= 0) {
            throw Problem(description: "\"width\" must be zero or more, not \(width)")
        }
        do {
            maxLines = try container.decodeIfPresent(Int.self, forKey: .maxLines)
        } catch {
            throw Problem(description: "\"maxLines\" must be an integer")
        }
        if let maxLines, maxLines < 0 {
            throw Problem(description: "\"maxLines\" must be zero (unlimited) or more, not \(maxLines)")
        }
    }
}
