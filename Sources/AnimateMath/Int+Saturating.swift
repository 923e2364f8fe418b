extension Int {
    /// `value` as an `Int`, truncated toward zero and clamped to the range: NaN is 0, and a
    /// value past either end (an infinity, 1e300) is that end. The one conversion for numbers
    /// that come from users, scenes, manifests and files, where `Int(_:)` would trap.
    package init(saturating value: Double) {
        if value.isNaN { self = 0 } else if value >= 0x1p63 { self = .max } else if value < -0x1p63 { self = .min } else { self = Int(value) }
    }
}
