import Benchmarks
import MallocCounter

/// `swift run -c release benchmarks [--json | --markdown] [--quick] [--at-size-only] [--compare REF]`: see
/// `BenchmarksCommand`. Counts the process's allocations by linking `MallocCounter`, which replaces the C allocator.
await BenchmarksCommand.main(allocatedBytes: { malloc_counter_bytes() })
