import Glibc

/// Prints measurements as a table for people or as JSON for tools.
struct Report {
    var measurements: [Measurement] = []
    var notes: [(key: String, value: String)] = []

    func table() -> String {
        var lines = [
            pad("benchmark", 52) + pad("median", 12, right: true) + pad("p90", 12, right: true)
                + pad("bytes/op", 12, right: true),
            String(repeating: "-", count: 88),
        ]
        for measurement in measurements {
            lines.append(
                pad(measurement.name, 52) + pad(duration(measurement.median), 12, right: true)
                    + pad(duration(measurement.ninetiethPercentile), 12, right: true)
                    + pad(String(Int(measurement.bytesPerOperation.rounded())), 12, right: true))
        }
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "\($0.key): \($0.value)" }
        }
        return lines.joined(separator: "\n")
    }

    func json() -> String {
        let results = measurements.map { measurement in
            "{\"name\":\(quoted(measurement.name)),\"medianNanoseconds\":\(number(measurement.median)),"
                + "\"p90Nanoseconds\":\(number(measurement.ninetiethPercentile)),"
                + "\"bytesPerOperation\":\(number(measurement.bytesPerOperation)),"
                + "\"samples\":\(measurement.nanosecondsPerOperation.count),"
                + "\"operationsPerSample\":\(measurement.operationsPerSample)}"
        }
        let noteFields = notes.map { "\(quoted($0.key)):\(quoted($0.value))" }
        return "{\"results\":[\(results.joined(separator: ","))],\"notes\":{\(noteFields.joined(separator: ","))}}"
    }

    private func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return "\(format(nanoseconds)) ns"
        case ..<1_000_000: return "\(format(nanoseconds / 1_000)) µs"
        case ..<1_000_000_000: return "\(format(nanoseconds / 1_000_000)) ms"
        default: return "\(format(nanoseconds / 1_000_000_000)) s"
        }
    }

    private func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded >= 100 ? String(Int(rounded)) : String(rounded)
    }

    private func number(_ value: Double) -> String { String((value * 10).rounded() / 10) }

    private func quoted(_ text: String) -> String {
        var escaped = "\""
        for character in text {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            default: escaped.append(character)
            }
        }
        return escaped + "\""
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
