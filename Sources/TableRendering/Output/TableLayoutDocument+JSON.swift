/// A row's JSON written by hand: `JSONEncoder` spent about 40 % of `render -o FILE.json` on the
/// rows. The keys are `Codable`'s; `LayoutDocumentTests` decodes the file to the value.
extension TableLayoutDocument.Row {
    /// Appends the row as a JSON object to `json`. O(bytes written).
    func appendJSON(to json: inout [UInt8]) {
        json += #"{"height":"#.utf8
        appendNumber(height, to: &json)
        json += #","offset":"#.utf8
        appendNumber(offset, to: &json)
        json += #","cells":["#.utf8
        for (index, cell) in cells.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            let styled = cell.color != nil || cell.background != nil
            if styled {
                json.append(UInt8(ascii: "{"))
                for (key, value) in [("background", cell.background), ("color", cell.color)] {
                    guard let value else { continue }
                    json += "\"\(key)\":".utf8
                    appendJSONString(value, to: &json)
                    json.append(UInt8(ascii: ","))
                }
                json += #""lines":"#.utf8
            }
            json.append(UInt8(ascii: "["))
            for (index, line) in cell.lines.enumerated() {
                if index > 0 { json.append(UInt8(ascii: ",")) }
                line.appendJSON(to: &json)
            }
            json.append(UInt8(ascii: "]"))
            if styled { json.append(UInt8(ascii: "}")) }
        }
        json += "]".utf8
        if footer == true { json += #","footer":true"#.utf8 }
        json += "}".utf8
    }
}

extension TableLayoutDocument.Line {
    fileprivate func appendJSON(to json: inout [UInt8]) {
        json += #"{"text":"#.utf8
        appendJSONString(text, to: &json)
        for (key, value) in [("x", x), ("y", y), ("width", width), ("height", height), ("baseline", baseline)] {
            guard let value else { continue }
            json += ",\"\(key)\":".utf8
            appendNumber(value, to: &json)
        }
        guard let runs else {
            json.append(UInt8(ascii: "}"))
            return
        }
        json += #","runs":["#.utf8
        for (index, run) in runs.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json += "{\"font\":\(run.font)".utf8
            if let text = run.text {
                json += #","text":"#.utf8
                appendJSONString(text, to: &json)
            }
            for (key, value) in [("x", run.x), ("width", run.width)] {
                guard let value else { continue }
                json += ",\"\(key)\":".utf8
                appendNumber(value, to: &json)
            }
            if let rightToLeft = run.rightToLeft { json += ",\"rightToLeft\":\(rightToLeft)".utf8 }
            json.append(UInt8(ascii: "}"))
        }
        json += "]}".utf8
    }
}

/// `value` in JSON's shortest form: "8" for a whole number, else Swift's shortest round-trip
/// decimal ("24.472"). The layout's lengths are finite.
private func appendNumber(_ value: Double, to json: inout [UInt8]) {
    json += (value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)).utf8
}
