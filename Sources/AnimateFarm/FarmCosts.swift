/// Seconds each frame took in the last farm render of each render (by `FarmRender.costKey`).
public struct FarmCosts: Codable, Sendable, Equatable {
    public var seconds: [String: [Double]] = [:]
    public init() {}
}
