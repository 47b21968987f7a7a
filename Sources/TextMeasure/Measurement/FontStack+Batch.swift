import Dispatch
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

extension FontStack {
    /// The shaped widths of `texts`, in input order, each equal to `width(of:)`.
    ///
    /// Each distinct text is measured once (tables repeat values a lot) and the distinct texts
    /// are shaped on every core. O(total length / cores) plus O(count) to de-duplicate.
    public func widths(of texts: [String], cache: WidthCache? = .shared) -> [Double] {
        var slotOfText: [ExactText: Int] = [:]
        slotOfText.reserveCapacity(texts.count)
        var distinct: [String] = []
        let slots = texts.map { text in
            let key = ExactText(text)
            if let slot = slotOfText[key] { return slot }
            slotOfText[key] = distinct.count
            distinct.append(text)
            return distinct.count - 1
        }
        let texts = distinct
        let widths = [Double](unsafeUninitializedCapacity: distinct.count) { buffer, initialized in
            nonisolated(unsafe) let output = buffer
            let measure = { @Sendable (index: Int) in output[index] = self.width(of: texts[index], cache: cache) }
            let chunks = texts.count < 64 ? 1 : min(texts.count, Self.processorCount * 8)
            if chunks == 1 {
                for index in texts.indices { measure(index) }
            } else {
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    for index in texts.count * chunk / chunks ..< texts.count * (chunk + 1) / chunks { measure(index) }
                }
            }
            initialized = texts.count
        }
        return slots.map { widths[$0] }
    }

    static let processorCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}
