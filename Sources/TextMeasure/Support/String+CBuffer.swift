extension String {
    /// The UTF-8 text in `buffer` up to its first NUL (invalid bytes repaired).
    init(nulTerminated buffer: [CChar]) {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
