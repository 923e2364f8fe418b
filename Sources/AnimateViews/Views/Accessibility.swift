public import AnimateText
import Foundation

/// What a view says to assistive technology, as SwiftUI's accessibility modifiers set it: kept
/// with the view tree (in the environment of the view and what it contains, `accessibility`), so
/// that a lesson's description and transcript can speak it. Drawing is unchanged.
package struct AccessibilityInfo: Sendable, Equatable {
    package var label: String?
    package var hint: String?
    package var value: String?
    package var identifier: String?
    package var traits: AccessibilityTraits = []
    package var isHidden = false
}

/// What kind of element a view is, as SwiftUI's `AccessibilityTraits`.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 4)
    public static let isImage = AccessibilityTraits(rawValue: 1 << 5)
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
    public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 7)
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 8)
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 9)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 12)
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 13)
    public static let isModal = AccessibilityTraits(rawValue: 1 << 14)
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 15)
}

/// How a container's children are read, as SwiftUI's `AccessibilityChildBehavior` (accepted).
public struct AccessibilityChildBehavior: Hashable, Sendable {
    let name: String
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
    public static let combine = AccessibilityChildBehavior(name: "combine")
    public static let contain = AccessibilityChildBehavior(name: "contain")
}

/// The accessibility modifiers around a view, outermost first.
struct AccessibilityChanges: Sendable {
    var list: [@Sendable (inout AccessibilityInfo) -> Void] = []
}

struct AccessibilityKey: EnvironmentKey {
    static var defaultValue: AccessibilityChanges { AccessibilityChanges() }
}

extension EnvironmentValues {
    /// What the accessibility modifiers around the view being made say about it, each applied
    /// after those inside it, as SwiftUI applies them (the outermost label wins; traits added
    /// inside and removed outside are removed).
    package var accessibility: AccessibilityInfo {
        var info = AccessibilityInfo()
        for change in self[AccessibilityKey.self].list.reversed() { change(&info) }
        return info
    }

    fileprivate mutating func addAccessibility(_ change: @escaping @Sendable (inout AccessibilityInfo) -> Void) {
        self[AccessibilityKey.self].list.append(change)
    }
}

extension View {
    private func accessibility(_ change: @escaping @Sendable (inout AccessibilityInfo) -> Void) -> some View {
        modified(environment: { $0.addAccessibility(change) }) { child, environment in
            // The view's label as its outermost modifier leaves it, noted with the update making it.
            let info = environment.accessibility
            if let label = info.label, !info.isHidden, !label.isEmpty { environment.stateStore?.noteAccessibilityLabel(label) }
            // Where a scripted user finds the view by its label or identifier (it takes no touch itself).
            if let store = environment.stateStore, store.scheduler != nil, info.label != nil || info.identifier != nil {
                let names = [info.label, info.identifier].compactMap { $0 }
                return TouchTargetNode(child: child, target: TouchTarget(place: environment.viewPath, rect: .zero, names: names), store: store)
            }
            return child
        }
    }

    public func accessibilityLabel(_ label: String) -> some View { accessibility { $0.label = label } }
    public func accessibilityLabel(_ label: Text) -> some View { accessibility { $0.label = label.string } }
    public func accessibilityHint(_ hint: String) -> some View { accessibility { $0.hint = hint } }
    public func accessibilityHint(_ hint: Text) -> some View { accessibility { $0.hint = hint.string } }
    public func accessibilityValue(_ value: String) -> some View { accessibility { $0.value = value } }
    public func accessibilityValue(_ value: Text) -> some View { accessibility { $0.value = value.string } }
    public func accessibilityIdentifier(_ identifier: String) -> some View { accessibility { $0.identifier = identifier } }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { accessibility { $0.traits.formUnion(traits) } }
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View { accessibility { $0.traits.subtract(traits) } }
    public func accessibilityHidden(_ hidden: Bool) -> some View { accessibility { $0.isHidden = hidden } }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { accessibility { _ in } }
    public func accessibilitySortPriority(_ priority: Double) -> some View { accessibility { _ in } }
}
