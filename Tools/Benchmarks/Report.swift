import Glibc

/// Prints measurements as a table for people, as Markdown for the README, or as JSON for tools.
struct Report {
    var measurements: [Measurement] = []
    var notes: [(key: String, value: String)] = []
    var soaks: [Soak] = []

    func table() -> String {
        var lines = [
            pad("benchmark", 52) + pad("median", 12, right: true) + pad("min", 12, right: true)
                + pad("p90", 12, right: true) + pad("bytes/op", 12, right: true),
            String(repeating: "-", count: 100),
        ]
        for measurement in measurements {
            lines.append(
                pad(measurement.name, 52) + pad(duration(measurement.median), 12, right: true)
                    + pad(duration(measurement.minimum), 12, right: true)
                    + pad(duration(measurement.ninetiethPercentile), 12, right: true)
                    + pad(String(Int(measurement.bytesPerOperation.rounded())), 12, right: true))
        }
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "\($0.key): \($0.value)" }
        }
        if !soaks.isEmpty {
            lines += [
                "",
                pad("soak", 20) + pad("cycles", 8, right: true) + pad("time", 10, right: true)
                    + pad("coordinators", 16, right: true) + pad("screens", 12, right: true)
                    + pad("RSS before", 13, right: true) + pad("RSS after", 12, right: true) + "  back to baseline",
                String(repeating: "-", count: 110),
            ]
            for soak in soaks {
                lines.append(
                    pad(soak.name, 20) + pad(String(soak.cycles), 8, right: true)
                        + pad(duration(soak.seconds * 1_000_000_000), 10, right: true)
                        + pad("\(soak.first.coordinators) -> \(soak.last.coordinators)", 16, right: true)
                        + pad("\(soak.first.screens) -> \(soak.last.screens)", 12, right: true)
                        + pad(megabytes(soak.first.residentBytes), 13, right: true)
                        + pad(megabytes(soak.last.residentBytes), 12, right: true)
                        + "  " + (soak.returnedToBaseline ? "yes" : "NO"))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The figures as Markdown, for the README: a line saying how and where they were measured, the table, the
    /// notes as a list and the soaks as a second table.
    func markdown(command: String, machine: Machine) -> String {
        var lines = [
            "Measured on \(machine.date) with `\(command)` on \(machine.description).", "",
            "| Benchmark | Median | Min | p90 | Bytes/op |", "| --- | ---: | ---: | ---: | ---: |",
        ]
        for measurement in measurements {
            lines.append(
                "| \(measurement.name) | \(duration(measurement.median)) | \(duration(measurement.minimum)) | "
                    + "\(duration(measurement.ninetiethPercentile)) | \(Int(measurement.bytesPerOperation.rounded())) |"
            )
        }
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "- \($0.key): \($0.value)" }
        }
        if !soaks.isEmpty {
            lines += [
                "",
                "| Soak | Cycles | Time | Coordinators (first → last) | Screens (first → last) "
                    + "| Resident memory before → after | Back to baseline |",
                "| --- | ---: | ---: | --- | --- | --- | --- |",
            ]
            for soak in soaks {
                lines.append(
                    "| \(soak.name) | \(soak.cycles) | \(duration(soak.seconds * 1_000_000_000)) "
                        + "| \(soak.first.coordinators) → \(soak.last.coordinators) "
                        + "| \(soak.first.screens) → \(soak.last.screens) "
                        + "| \(megabytes(soak.first.residentBytes)) → \(megabytes(soak.last.residentBytes)) "
                        + "| \(soak.returnedToBaseline ? "yes" : "NO") |")
            }
        }
        return lines.joined(separator: "\n")
    }

    func json() -> String {
        let results = measurements.map { measurement in
            "{\"name\":\(quoted(measurement.name)),\"medianNanoseconds\":\(number(measurement.median)),"
                + "\"minimumNanoseconds\":\(number(measurement.minimum)),"
                + "\"p90Nanoseconds\":\(number(measurement.ninetiethPercentile)),"
                + "\"bytesPerOperation\":\(number(measurement.bytesPerOperation)),"
                + "\"samples\":\(measurement.nanosecondsPerOperation.count),"
                + "\"operationsPerSample\":\(measurement.operationsPerSample)}"
        }
        let noteFields = notes.map { "\(quoted($0.key)):\(quoted($0.value))" }
        let soakFields = soaks.map { soak in
            "{\"name\":\(quoted(soak.name)),\"cycles\":\(soak.cycles),\"seconds\":\(number(soak.seconds)),"
                + "\"coordinatorsBefore\":\(soak.first.coordinators),\"coordinatorsAfter\":\(soak.last.coordinators),"
                + "\"screensBefore\":\(soak.first.screens),\"screensAfter\":\(soak.last.screens),"
                + "\"residentBytesBefore\":\(soak.first.residentBytes),"
                + "\"residentBytesAfter\":\(soak.last.residentBytes),"
                + "\"returnedToBaseline\":\(soak.returnedToBaseline)}"
        }
        return "{\"results\":[\(results.joined(separator: ","))],\"soaks\":[\(soakFields.joined(separator: ","))],"
            + "\"notes\":{\(noteFields.joined(separator: ","))}}"
    }

    private func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return "\(format(nanoseconds)) ns"
        case ..<1_000_000: return "\(format(nanoseconds / 1_000)) µs"
        case ..<1_000_000_000: return "\(format(nanoseconds / 1_000_000)) ms"
        default: return "\(format(nanoseconds / 1_000_000_000)) s"
        }
    }

    private func megabytes(_ bytes: Int) -> String {
        "\(format(Double(bytes) / 1_048_576)) MiB"
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
