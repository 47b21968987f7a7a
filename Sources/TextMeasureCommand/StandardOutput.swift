#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output written a large chunk at a time, straight to the file descriptor.
enum StandardOutput {
    /// Writes all of `bytes`, going on after a partial write; stops quietly when standard output
    /// is closed (a pipe whose reader is gone), as `print` does.
    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = writeOnce(buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

/// `write(2)` to standard output, once.
private func writeOnce(_ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(STDOUT_FILENO, bytes, count)
    #else
    Darwin.write(STDOUT_FILENO, bytes, count)
    #endif
}
