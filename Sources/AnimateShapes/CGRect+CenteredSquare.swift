public import Animate

extension CGRect {
    /// The largest square centred in this rectangle (the suits lesson's `centeredSquare`).
    public var centeredSquare: CGRect {
        let side = min(width, height)
        return CGRect(x: midX - side / 2, y: midY - side / 2, width: side, height: side)
    }
}
