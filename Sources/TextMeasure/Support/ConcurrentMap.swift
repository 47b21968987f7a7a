import Dispatch
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// `transform` of each of 0..<count, in order, computed in chunks on every core once there are
/// `parallelFrom` elements or more (below that, threads cost more than they save). For this
/// package's batch APIs (widths, cells, the command's lines).
package func concurrentMap<Element>(_ count: Int, parallelFrom: Int = 64,
                                    _ transform: @escaping @Sendable (Int) -> Element) -> [Element] {
    concurrentChunks(count, parallelFrom: parallelFrom) { range, output in
        for index in range { (output + index).initialize(to: transform(index)) }
    }
}

/// The elements `fill` writes, in chunks of 0..<count on every core (as `concurrentMap`): it
/// is given a range and must initialize exactly the elements at those indices of `output`.
/// For work that is cheaper done a chunk at a time (the width cache's batched look-ups).
package func concurrentChunks<Element>(
    _ count: Int, parallelFrom: Int = 64,
    _ fill: @escaping @Sendable (_ range: Range<Int>, _ output: UnsafeMutablePointer<Element>) -> Void
) -> [Element] {
    [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
        nonisolated(unsafe) let output = buffer.baseAddress!
        let chunks = count < parallelFrom ? 1 : min(count, processorCount * 8)
        if chunks == 1 {
            if count > 0 { fill(0..<count, output) }
        } else {
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                fill(count * chunk / chunks ..< count * (chunk + 1) / chunks, output)
            }
        }
        initialized = count
    }
}

/// The number of cores online.
package let processorCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
