extension Range where Bound == Int {
    /// The smallest range holding both (an empty one adds nothing).
    func hull(_ other: Range<Int>) -> Range<Int> {
        if other.isEmpty { return self }
        if isEmpty { return other }
        return Swift.min(lowerBound, other.lowerBound)..<Swift.max(upperBound, other.upperBound)
    }
}
