/// Seconds each frame took in the last farm render of each render (by `FarmRender.costKey`).
package struct FarmCosts: Codable, Sendable, Equatable {
    package var seconds: [String: [Double]] = [:]
    package init() {}
}
