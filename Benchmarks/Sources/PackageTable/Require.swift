/// Stops with `message` unless `condition` holds: the benchmarks' and the report's checks of
/// their inputs. Unlike `precondition`, which in the optimized builds these run as says only
/// "precondition failure", it says why.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
