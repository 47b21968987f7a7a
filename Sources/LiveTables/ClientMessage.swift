import Foundation

/// A message a page sends over the WebSocket, as JSON: `type` says which, `request` numbers it
/// (the answer, `ack` or `error`, names it).
///
/// - `{"type":"rows","request":n,"from":i,"to":j}`: rows `i..<j` (at most `maximumRows`).
/// - `{"type":"edit","request":n,"id":ID,"column":j,"text":"…"}`: a cell's new text.
/// - `{"type":"insert","request":n,"at":i,"cells":["…",…]}`: a new row before row `i`.
/// - `{"type":"delete","request":n,"id":ID}`: a row deleted.
struct ClientMessage: Decodable, Sendable {
    enum Kind: String, Decodable, Sendable {
        case rows, edit, insert, delete
    }

    var type: Kind
    var request: Int
    var from: Int?
    var to: Int?
    var id: Int?
    var column: Int?
    var text: String?
    var at: Int?
    var cells: [String]?

    /// The most rows one `rows` message may ask for.
    static let maximumRows = 2_000

    /// Why a message was refused: what the page is told, naming the field.
    struct Problem: Error, CustomStringConvertible {
        var request: Int?
        var description: String
    }

    /// `text` read as a message.
    ///
    /// - Throws: `Problem` naming what is missing or wrong: not JSON, an unknown type, a field
    ///   of the wrong kind.
    static func parse(_ text: String) throws(Problem) -> ClientMessage {
        do {
            return try JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8))
        } catch let error as DecodingError {
            let request = (try? JSONDecoder().decode(RequestNumber.self, from: Data(text.utf8)))?.request
            throw Problem(request: request, description: Self.describe(error))
        } catch {
            throw Problem(request: nil, description: "the message is not JSON: \(error)")
        }
    }

    private struct RequestNumber: Decodable { var request: Int? }

    /// A decoding error in a sentence naming the field.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, _): return "the message has no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\"\(path(context))\" has the wrong kind of value"
        case .dataCorrupted(let context):
            let field = path(context)
            return field.isEmpty ? "the message is not JSON" : "\"\(field)\" is not one of rows, edit, insert, delete"
        @unknown default: return "the message cannot be read"
        }
    }
}
