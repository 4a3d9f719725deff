/// Timing helpers: runs a piece of work several times and reports the median.
enum Timing {
    /// The median wall-clock duration of `runs` executions of `work`, in milliseconds.
    static func medianMilliseconds(runs: Int, _ work: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<max(1, runs) {
            let elapsed = try clock.measure(work)
            samples.append(milliseconds(elapsed))
        }
        samples.sort()
        let middle = samples.count / 2
        return samples.count % 2 == 1 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2
    }

    /// Converts a duration to milliseconds.
    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    /// The nearest-rank percentile of `samples` (`fraction` 0.5 for the median), or NaN for no samples.
    static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }
}
