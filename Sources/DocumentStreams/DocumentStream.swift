import Dispatch
internal import TextMeasure

/// A document's bytes as they are written, for a server's response body or a socket: an
/// `AsyncSequence` of chunks in order, which together are the document byte for byte.
///
/// - Work starts when the sequence is first iterated, on a thread of its own (never the
///   caller's actor): measuring, paginating, drawing and writing are blocking CPU work.
/// - Back pressure: the writer stops while more than `bufferLimit` bytes wait unread, so a
///   slow reader holds memory for those bytes, not for the document.
/// - Cancellation: cancelling the reading task, or ending the iteration early (a `break`, the
///   iterator let go), stops the work after the batch of rows it is measuring or the page it
///   is drawing, and frees what it held.
/// - Chunks: the writer's pieces (Cairo writes a PDF a few bytes to a few KiB at a time) are handed
///   over gathered, 64 KiB at least, or `bufferLimit` when that is smaller; the last may be less.
/// - Progress: `progress` reports what was done, as it is done.
///
/// Iterate it once: a second iterator finds the sequence finished.
public struct DocumentStream: AsyncSequence, Sendable {
    public typealias Element = [UInt8]

    /// How many bytes may wait unread before the writer stops for them, unless told otherwise: 4 MiB.
    public static let defaultBufferLimit = 4 << 20

    /// How many bytes may wait unread before the writer stops for them.
    public let bufferLimit: Int

    /// Where the work stands, reported while it goes (the newest kept for a reader that lags).
    public enum Progress: Sendable, Hashable {
        /// `measured` rows of `total` measured.
        case rowsMeasured(Int, of: Int)
        /// The document's pages are known: `count` of them.
        case paginated(pages: Int)
        /// `written` pages of `total` drawn and handed to the writer.
        case pagesDrawn(Int, of: Int)
        /// The last byte is written.
        case finished
    }

    /// What the work reports, as it reports it; ends when the work ends, or when a stream that
    /// never started is let go.
    public let progress: AsyncStream<Progress>

    let channel: Channel
    /// The writer's own error for a file `write(toFile:)` cannot write (a path and the reason).
    let cannotWrite: @Sendable (_ path: String, _ reason: String) -> any Error

    /// A stream whose bytes `write` writes to the sink it is given, on a thread of its own,
    /// once the stream is first iterated. `write` reports progress through its second
    /// argument and should return soon after its third says the reader has gone;
    /// `cannotWrite` is the writer's error for a file `write(toFile:)` cannot write.
    package init(bufferLimit: Int, cannotWrite: @escaping @Sendable (_ path: String, _ reason: String) -> any Error,
                 writing write: sending @escaping (_ sink: OutputSink, _ report: @escaping (Progress) -> Void,
                                                   _ isCancelled: @escaping () -> Bool) throws -> Void) {
        let (progress, reporter) = AsyncStream<Progress>.makeStream(bufferingPolicy: .bufferingNewest(64))
        self.progress = progress
        self.bufferLimit = Swift.max(0, bufferLimit)
        self.cannotWrite = cannotWrite
        channel = Channel(bufferLimit: self.bufferLimit, write: write, reporter: reporter)
    }

    public func makeAsyncIterator() -> Iterator { Iterator(reader: Reader(channel)) }

    /// Reads the chunks in order.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let reader: Reader

        /// The next chunk, waiting for it; nil at the end of the document.
        ///
        /// - Throws: the writer's error that stopped the document; `CancellationError` when the
        ///   reading task was cancelled.
        public mutating func next() async throws -> [UInt8]? {
            try await reader.next()
        }
    }
}

/// The iterator's reference: letting it go (the iteration ended early) stops the work. Only the
/// first iterator reads; another finds the sequence finished, and touches nothing.
private final class Reader: Sendable {
    let channel: DocumentStream.Channel
    /// Whether this reader started the work (the first iterator).
    let reads: Bool

    init(_ channel: DocumentStream.Channel) {
        self.channel = channel
        reads = channel.start()
    }

    deinit { if reads { channel.cancel() } }

    func next() async throws -> [UInt8]? {
        guard reads else { return nil }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in channel.take(continuation) }
        } onCancel: {
            channel.cancel()
        }
    }
}

extension DocumentStream {
    /// The chunks between the writing thread and the reader, behind a lock.
    ///
    /// `@unchecked Sendable`, and why that is safe: the mutable state is `state`, behind its
    /// `Lock`; `write` is taken out under the lock by the one `start()` that runs it, and used
    /// on the writing thread alone; `room` is a semaphore.
    final class Channel: @unchecked Sendable {
        private struct State {
            var chunks: [[UInt8]] = []
            /// The first chunk not yet read.
            var head = 0
            var waitingBytes = 0
            /// A reader waiting for the next chunk.
            var reader: CheckedContinuation<[UInt8]?, any Error>?
            /// Whether the writer waits for room (`room`).
            var writerWaits = false
            var started = false
            var task: Task<Void, Never>?
            var cancelled = false
            /// The end: nil while writing; then nil (done) or the error that stopped it.
            var end: Result<Void, any Error>?
        }

        private let state = Lock(State())
        private let room = DispatchSemaphore(value: 0)
        private var write: ((OutputSink, @escaping (Progress) -> Void, @escaping () -> Bool) throws -> Void)?
        private let reporter: AsyncStream<Progress>.Continuation
        private let bufferLimit: Int

        init(bufferLimit: Int, write: sending @escaping (OutputSink, @escaping (Progress) -> Void, @escaping () -> Bool) throws -> Void,
             reporter: AsyncStream<Progress>.Continuation) {
            self.write = write
            self.reporter = reporter
            self.bufferLimit = bufferLimit
        }

        /// A stream let go without being read ends its progress too.
        deinit { reporter.finish() }

        /// Starts the writing task, the first time only: on a thread of its own (`WritingThread`),
        /// in a task, so that measuring sees it cancelled (`Task.isCancelled`). Returns whether
        /// it started it.
        func start() -> Bool {
            let first = state.withLock { state in
                defer { state.started = true }
                return !state.started
            }
            guard first else { return false }
            let task = Task(executorPreference: WritingThread()) { [self] in run() }
            let cancelled = state.withLock { state in
                state.task = task
                return state.cancelled
            }
            if cancelled { task.cancel() }
            return true
        }

        /// Ends a stream that is not going to be read, unless it started: its work never starts,
        /// its progress ends, and an iterator finds it finished.
        func abandon() {
            let first = state.withLock { state in
                defer { state.started = true }
                return !state.started
            }
            guard first else { return }
            write = nil
            finish(.success(()))
        }

        /// Runs `write` to its end, on the writing thread.
        private func run() {
            guard let write = self.write.take() else { return finish(.success(())) }
            // Cairo writes a PDF in pieces of a few bytes to a few KiB: the reader gets them
            // gathered in chunks of `chunkSize` (a hand-over each, not one a piece), or of the
            // buffer limit when that is smaller. Behind a lock: a writer stopped early (cancelled,
            // or failed) may still be writing its last pieces when this thread goes on.
            let gathered = Lock<[UInt8]>([]), size = Swift.max(1, Swift.min(Channel.chunkSize, bufferLimit))
            let sink = OutputSink { [self] bytes in
                let full: [UInt8]? = gathered.withLock { pending in
                    if pending.isEmpty, bytes.count >= size { return Array(bytes) }
                    if pending.isEmpty { pending.reserveCapacity(size) }
                    pending.append(contentsOf: bytes)
                    guard pending.count >= size else { return nil }
                    defer { pending = [] }
                    return pending
                }
                return full.map(push) ?? true
            }
            var result: Result<Void, any Error>
            do {
                try write(sink, { [reporter] in reporter.yield($0) }, { [self] in isCancelled })
                let rest = gathered.withLock { $0 }
                if !isCancelled, !rest.isEmpty { _ = push(rest) }
                result = isCancelled ? .failure(CancellationError()) : .success(())
            } catch {
                result = isCancelled ? .failure(CancellationError()) : .failure(error)
            }
            withExtendedLifetime(sink) {}
            if case .success = result { reporter.yield(.finished) }
            finish(result)
        }

        /// The size from which the pieces written are handed to the reader: 64 KiB, unless the
        /// buffer limit is smaller.
        static let chunkSize = 1 << 16

        var isCancelled: Bool { Task.isCancelled || state.withLock { $0.cancelled } }

        /// Gives `chunk` to the reader, or keeps it for them; waits while `bufferLimit` bytes
        /// wait unread. False once the reader has gone.
        private func push(_ chunk: [UInt8]) -> Bool {
            let (reader, waits): (CheckedContinuation<[UInt8]?, any Error>?, Bool) = state.withLock { state in
                guard !state.cancelled else { return (nil, false) }
                if let reader = state.reader.take() { return (reader, false) }
                state.chunks.append(chunk)
                state.waitingBytes += chunk.count
                state.writerWaits = state.waitingBytes > bufferLimit
                return (nil, state.writerWaits)
            }
            reader?.resume(returning: chunk)
            if waits { room.wait() }
            return !isCancelled
        }

        /// Resumes `continuation` with the next chunk, the end, or the error, now or once there is one.
        func take(_ continuation: CheckedContinuation<[UInt8]?, any Error>) {
            enum Now { case chunk([UInt8]), end(Result<Void, any Error>), later }
            let (now, wakeWriter): (Now, Bool) = state.withLock { state in
                if state.head < state.chunks.count {
                    let chunk = state.chunks[state.head]
                    state.chunks[state.head] = []
                    state.head += 1
                    if state.head == state.chunks.count { (state.chunks, state.head) = ([], 0) }
                    state.waitingBytes -= chunk.count
                    let wake = state.writerWaits && state.waitingBytes <= bufferLimit
                    if wake { state.writerWaits = false }
                    return (.chunk(chunk), wake)
                }
                if let end = state.end { return (.end(end), false) }
                state.reader = continuation
                return (.later, false)
            }
            if wakeWriter { room.signal() }
            switch now {
            case .chunk(let chunk): continuation.resume(returning: chunk)
            case .end(let end):
                do { try end.get(); continuation.resume(returning: nil) } catch { continuation.resume(throwing: error) }
            case .later: break
            }
        }

        /// The reader has gone: the writer stops, and what waits unread is let go.
        func cancel() {
            let (reader, wakeWriter, task) = state.withLock { state in
                state.cancelled = true
                (state.chunks, state.head, state.waitingBytes) = ([], 0, 0)
                defer { state.writerWaits = false }
                return (state.reader.take(), state.writerWaits, state.task)
            }
            task?.cancel()
            if wakeWriter { room.signal() }
            reader?.resume(throwing: CancellationError())
        }

        private func finish(_ end: Result<Void, any Error>) {
            let reader = state.withLock { state in
                state.end = end
                return state.head < state.chunks.count ? nil : state.reader.take()
            }
            reporter.finish()
            guard let reader else { return }
            do { try end.get(); reader.resume(returning: nil) } catch { reader.resume(throwing: error) }
        }
    }
}

/// A thread for one document's writing task: the work is blocking (measuring, drawing, writing),
/// so it runs on a Dispatch thread of its own, not on the cooperative pool the caller's tasks
/// share (two cores' pool held by two downloads would stall a server).
private final class WritingThread: TaskExecutor {
    private let queue = DispatchQueue(label: "DocumentStreams.DocumentStream")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
