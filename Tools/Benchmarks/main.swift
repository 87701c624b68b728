import Core
import Glibc

// Benchmarks of the coordinator runtime and the app. Run in release mode:
//
//     swift run -c release benchmarks            # table
//     swift run -c release benchmarks --json     # JSON
//     swift run -c release benchmarks --quick    # a fast smoke run (small sizes)

func printError(_ message: String) {
    var bytes = Array(message.utf8)
    _ = write(STDERR_FILENO, &bytes, bytes.count)
}

let arguments = Set(CommandLine.arguments.dropFirst())
let unknown = arguments.subtracting(["--json", "--quick", "--help"])
if arguments.contains("--help") || !unknown.isEmpty {
    let message = "usage: benchmarks [--json] [--quick]\n"
    if unknown.isEmpty {
        print(message, terminator: "")
        exit(0)
    }
    printError("benchmarks: unknown argument \(unknown.sorted().joined(separator: " "))\n" + message)
    exit(64)
}
let scale = arguments.contains("--quick") ? Scale.quick : Scale.full

do {
    var report = Report()
    report.measurements.append(try CoreBenchmarks.attachAndDetach(scale: scale))
    for depth in [1, 1_000, 100_000] {
        report.measurements.append(try CoreBenchmarks.pushAndPop(depth: depth, scale: scale))
    }
    report.measurements.append(try CoreBenchmarks.presentAndDismiss(scale: scale))
    report.measurements.append(try CoreBenchmarks.switchContainerChild(scale: scale))
    var previousTeardown: Double?
    var ratios: [String] = []
    for size in scale.teardownSizes {
        let measurement = try CoreBenchmarks.stop(children: size, samples: size >= 1_000_000 ? 3 : 5)
        report.measurements.append(measurement)
        if let previousTeardown { ratios.append(String((measurement.median / previousTeardown * 10).rounded() / 10)) }
        previousTeardown = measurement.median
    }
    report.notes.append(("teardown ratio between successive sizes (linear is about 10)", ratios.joined(separator: ", ")))
    report.measurements.append(try CoreBenchmarks.deepLinkThroughFourCoordinators(scale: scale))
    print(arguments.contains("--json") ? report.json() : report.table())
} catch {
    printError("benchmarks: \(error)\n")
    exit(1)
}
