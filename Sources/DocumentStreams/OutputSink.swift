/// Where a document writer's bytes go: a closure that takes each piece and says whether it was
/// written (false once the reader has gone). C writers (Cairo, libpng) are given it as a context
/// pointer (`TableRendering` extends it for them); keep it alive while they write.
package final class OutputSink {
    package let consume: (UnsafeRawBufferPointer) -> Bool

    package init(_ consume: @escaping (UnsafeRawBufferPointer) -> Bool) { self.consume = consume }
}
