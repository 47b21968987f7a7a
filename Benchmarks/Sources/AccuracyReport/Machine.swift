import Foundation

/// What the figures were measured on, from /proc and /etc (Linux) and what the script passes in.
struct Machine {
    let cores: Int
    let cpu: String
    let memory: String
    let system: String
    let swift: String
    let harfBuzz: String

    static func current(swift: String, harfBuzz: String) -> Machine {
        let cpuinfo = read("/proc/cpuinfo")
        let cpu = value(of: "model name", in: cpuinfo, separator: ":") ?? "unknown CPU"
        let memory = value(of: "MemTotal", in: read("/proc/meminfo"), separator: ":")
            .flatMap { Double($0.split(separator: " ").first ?? "") }
            .map { String(format: "%.0f GiB", $0 / 1_048_576) } ?? "unknown memory"
        let system = value(of: "PRETTY_NAME", in: read("/etc/os-release"), separator: "=")?
            .trimmingCharacters(in: CharacterSet(charactersIn: "\"")) ?? "unknown system"
        return Machine(cores: ProcessInfo.processInfo.activeProcessorCount, cpu: cpu, memory: memory, system: system,
                       swift: swift, harfBuzz: harfBuzz)
    }

    /// The 1-, 5- and 15-minute load averages, now.
    static var loadAverage: String {
        read("/proc/loadavg").split(separator: " ").prefix(3).joined(separator: " ")
    }

    var description: String {
        "\(cores) cores (`nproc`), \(cpu), \(memory), \(system), \(swift), HarfBuzz \(harfBuzz)"
    }

    private static func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    private static func value(of key: String, in text: String, separator: Character) -> String? {
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: separator, maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == key {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
