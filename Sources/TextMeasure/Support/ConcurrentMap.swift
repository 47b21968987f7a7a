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
    [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
        nonisolated(unsafe) let output = buffer.baseAddress!
        let chunks = count < parallelFrom ? 1 : min(count, processorCount * 8)
        if chunks == 1 {
            for index in 0..<count { (output + index).initialize(to: transform(index)) }
        } else {
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                for index in count * chunk / chunks ..< count * (chunk + 1) / chunks {
                    (output + index).initialize(to: transform(index))
                }
            }
        }
        initialized = count
    }
}

/// The number of cores online.
package let processorCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
