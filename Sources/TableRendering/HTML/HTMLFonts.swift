import FoundationEssentials
import TextMeasure

/// The fonts a table's HTML uses: one `@font-face` family per face the layout shaped with, one
/// CSS class per face, size and feature settings, and the characters set in each face (what an
/// embedded subset keeps).
final class HTMLFonts {
    private let scope: String
    private var faceIndex: [Int: Int] = [:]
    private var faces: [(font: Font, ascii: [Bool], scalars: Set<Unicode.Scalar>)] = []
    private var classIndex: [Font: Int] = [:]
    private var classes: [(face: Int, font: Font)] = []

    /// Families named after `id` ("tm-table-f0"…), so two tables on one page never share one.
    init(id: String) { scope = id }

    /// The class (its number: `f3`) drawing `run`, its characters noted for the subset.
    func className(for run: GlyphRun) -> Int {
        let font = run.font
        let face: Int
        if let known = faceIndex[font.faceID] {
            face = known
        } else {
            face = faces.count
            faceIndex[font.faceID] = face
            faces.append((font, Array(repeating: false, count: 128), []))
        }
        for scalar in run.text.unicodeScalars {
            if scalar.isASCII { faces[face].ascii[Int(scalar.value)] = true } else { faces[face].scalars.insert(scalar) }
        }
        if let known = classIndex[font] { return known }
        // A font equal in face, size and features to one seen (made by another stack) gets a class of its own: harmless.
        classIndex[font] = classes.count
        classes.append((face, font))
        return classes.count - 1
    }

    private func family(_ face: Int) -> String { HTMLMarkup.cssString("\(scope)-f\(face)") }

    /// The `@font-face` rules and the classes' rules under `selector`, and the files a page
    /// served with `url(prefix:)` needs.
    ///
    /// - Throws: `RenderError.fontNotServable` naming the family: by URL, a font loaded from
    ///   memory, a face of a collection other than its first, or two files of the same name;
    ///   embedded, a face HarfBuzz cannot subset.
    func rules(_ fonts: HTMLOptions.Fonts, selector: String) throws(RenderError) -> (css: String, files: [HTMLTable.FontFile]) {
        let (faces, classes, files) = try ruleList(fonts, selector: selector)
        return (faces.joined() + classes.joined(), files)
    }

    /// `rules(_:selector:)` a rule at a time: the `@font-face` rules by face, the classes' rules
    /// by class (`f0`, `f1`…), each ending in a line break; a page that already has the first
    /// ones appends the rest.
    func ruleList(_ fonts: HTMLOptions.Fonts, selector: String) throws(RenderError)
        -> (faces: [String], classes: [String], files: [HTMLTable.FontFile]) {
        var faceRules: [String] = [], classRules: [String] = []
        var files: [HTMLTable.FontFile] = []
        for (index, face) in faces.enumerated() {
            let source: String
            switch fonts {
            case .embedded:
                let ascii = face.ascii.indices.filter { face.ascii[$0] }.map { Unicode.Scalar(UInt8($0)) }
                guard let data = face.font.subsetData(keeping: face.scalars.union(ascii)) else {
                    throw .fontNotServable(family: face.font.familyName, reason: "HarfBuzz could not subset it")
                }
                let type = face.font.hasCFFOutlines ? "otf" : "ttf"
                source = "url(data:font/\(type);base64,\(Data(data).base64EncodedString()))"
            case .url(let prefix):
                guard let path = face.font.path else {
                    throw .fontNotServable(family: face.font.familyName, reason: "it was loaded from memory, so it has no file to serve; embed it")
                }
                guard face.font.faceIndex == 0 else {
                    throw .fontNotServable(family: face.font.familyName,
                                           reason: "it is face \(face.font.faceIndex) of the collection \(path), which a browser cannot pick by URL; embed it")
                }
                let name = String(path.split(separator: "/").last ?? "")
                if let other = files.first(where: { $0.name == name && $0.path != path }) {
                    throw .fontNotServable(family: face.font.familyName, reason: "its file \(path) has the same name as \(other.path)")
                }
                files.append(HTMLTable.FontFile(name: name, path: path, family: "\(scope)-f\(index)"))
                source = "url(\(HTMLMarkup.cssString(prefix + HTMLMarkup.urlPathSegment(name))))"
            }
            // A face that is not regular says its weight, and so do its classes: the browser then
            // draws a bold face as it is and never emboldens it.
            faceRules.append("@font-face{font-family:\(family(index));src:\(source)\(Self.cssWeight(face.font));font-display:block}\n")
        }
        for (index, entry) in classes.enumerated() {
            let features = entry.font.features.compactMap(Self.cssFeature)
            classRules.append("\(selector) .f\(index){font-family:\(family(entry.face));font-size:\(HTMLMarkup.px(entry.font.size))"
                + Self.cssWeight(entry.font)
                + (features.isEmpty ? "" : ";font-feature-settings:" + features.joined(separator: ",")) + "}\n")
            // A trimmed closing mark (`.h`) keeps the class's features, with `halt`.
            if !features.isEmpty {
                classRules.append("\(selector) .f\(index) .h{font-feature-settings:" + (features + ["\"halt\""]).joined(separator: ",") + "}\n")
            }
        }
        return (faceRules, classRules, files)
    }

    /// `;font-weight:700` for a face whose weight class is not 400 (`Font.weightClass`), else nothing.
    static func cssWeight(_ font: Font) -> String {
        let weight = font.weightClass
        return weight == 400 || weight <= 0 ? "" : ";font-weight:\(Int(weight.rounded()))"
    }

    /// A HarfBuzz feature setting ("kern", "-liga", "ss01=2") in CSS's form (`"ss01" 2`); a
    /// setting for part of the text ("liga[3:5]") applies to all of it.
    static func cssFeature(_ feature: FontFeature) -> String? {
        var text = Substring(feature.description)
        var value = 1
        if text.hasPrefix("-") { value = 0; text = text.dropFirst() } else if text.hasPrefix("+") { text = text.dropFirst() }
        if let equals = text.firstIndex(of: "=") {
            value = Int(text[text.index(after: equals)...]) ?? value
            text = text[..<equals]
        }
        if let bracket = text.firstIndex(of: "[") { text = text[..<bracket] }
        guard text.count == 4 else { return nil }
        return "\"\(text)\" \(value)"
    }
}
