extension Array where Element == Double {
    /// The middle value of the sorted samples (the mean of the two middle ones for an even count).
    var median: Double {
        let sorted = self.sorted()
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }
}
