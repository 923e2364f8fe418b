public import AnimateDrawing
public import Foundation

/// How a view comes in or goes out when a condition shows or hides it in an animated change, as
/// SwiftUI's `AnyTransition`: what is done to it when it is all the way out.
public struct AnyTransition {
    /// Applies the transition `amount` of the way out (0: in place, 1: gone) to a view in
    /// `rect` of a window of `window` size.
    let insertion: (inout GraphicsContext, CGRect, CGSize, Double) -> Void
    let removal: (inout GraphicsContext, CGRect, CGSize, Double) -> Void

    init(_ both: @escaping (inout GraphicsContext, CGRect, CGSize, Double) -> Void) {
        insertion = both
        removal = both
    }

    init(insertion: @escaping (inout GraphicsContext, CGRect, CGSize, Double) -> Void,
         removal: @escaping (inout GraphicsContext, CGRect, CGSize, Double) -> Void) {
        self.insertion = insertion
        self.removal = removal
    }

    /// Fades in and out.
    public static let opacity = AnyTransition { c, _, _, a in c.opacity *= 1 - a }
    /// Nothing: the view appears and goes at once.
    public static let identity = AnyTransition { _, _, _, _ in }
    /// Grows from nothing and shrinks to it, about the centre.
    public static let scale = scale(scale: 0)

    /// From `scale` of its size about `anchor`.
    public static func scale(scale: Double, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition { c, rect, _, a in
            let s = 1 + (scale - 1) * a
            let p = anchor.point(in: rect)
            c.translateBy(x: p.x, y: p.y)
            c.scaleBy(x: s, y: s)
            c.translateBy(x: -p.x, y: -p.y)
        }
    }

    /// Moved by an offset.
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition {
        AnyTransition { c, _, _, a in c.translateBy(x: x * a, y: y * a) }
    }

    public static func offset(_ offset: CGSize) -> AnyTransition { self.offset(x: offset.width, y: offset.height) }

    /// In from `edge` of the window and out to it.
    public static func move(edge: Edge) -> AnyTransition {
        AnyTransition { c, rect, window, a in
            switch edge {
            case .leading: c.translateBy(x: -rect.maxX * a, y: 0)
            case .trailing: c.translateBy(x: (window.width - rect.minX) * a, y: 0)
            case .top: c.translateBy(x: 0, y: -rect.maxY * a)
            case .bottom: c.translateBy(x: 0, y: (window.height - rect.minY) * a)
            }
        }
    }

    /// In from the leading edge, out to the trailing one.
    public static var slide: AnyTransition { .asymmetric(insertion: .move(edge: .leading), removal: .move(edge: .trailing)) }

    /// One transition coming in, another going out.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion.insertion, removal: removal.removal)
    }

    /// Both at once.
    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: { c, r, w, a in insertion(&c, r, w, a); other.insertion(&c, r, w, a) },
                      removal: { c, r, w, a in removal(&c, r, w, a); other.removal(&c, r, w, a) })
    }

    /// The transition with its own animation (accepted; the change's animation times it).
    public func animation(_ animation: Animation?) -> AnyTransition { self }
}

/// Where a view shown or hidden by a condition is in its coming or going.
package struct TransitionPhase {
    let removing: Bool
    /// How far out it is: 1 all the way, 0 in place.
    let amount: Double
}

struct TransitionPhaseKey: EnvironmentKey {
    static var defaultValue: TransitionPhase? { nil }
}

struct WindowSizeKey: EnvironmentKey {
    static var defaultValue: CGSize { .zero }
}

extension EnvironmentValues {
    var transitionPhase: TransitionPhase? {
        get { self[TransitionPhaseKey.self] }
        set { self[TransitionPhaseKey.self] = newValue }
    }

    /// The size of the whole view being drawn (where `.move(edge:)` sends a view).
    package var windowSize: CGSize {
        get { self[WindowSizeKey.self] }
        set { self[WindowSizeKey.self] = newValue }
    }
}

extension View {
    /// How the view comes and goes when a condition shows or hides it in an animated change.
    public func transition(_ transition: AnyTransition) -> some View {
        modified { child, environment in
            guard let phase = environment.transitionPhase, phase.amount > 0 else { return child }
            let window = environment.windowSize
            return EffectNode(child: child) { c, rect in
                (phase.removing ? transition.removal : transition.insertion)(&c, rect, window, phase.amount)
            }
        }
    }
}

extension ViewStateStore {
    /// The nodes of a branch at `key` that shows `view` now (nil: hidden), with its coming in or
    /// going out when an animated change made in this update or the last shows or hides it.
    func branch<V: View>(_ view: V?, at key: String, _ environment: EnvironmentValues) -> [any ViewNode] {
        let wasShown = shown[key].map { $0 >= updateIndex - 1 } ?? false
        let change = lastTransaction.flatMap { $0.time >= previousTime ? $0 : nil }
        var inner = environment
        if let view {
            if shown[key] != updateIndex, !wasShown, let change { moves[key] = (false, change.time, change.animation, nil) }
            shown[key] = updateIndex
            lastShown[key] = view
            if let move = moves[key], !move.removing {
                let (f, done) = move.animation.fraction(at: time - move.start)
                if done { moves[key] = nil } else { inner.transitionPhase = TransitionPhase(removing: false, amount: 1 - f) }
            }
            return makeNodes(view, inner)
        }
        if wasShown, shown[key] != updateIndex, let change, let last = lastShown[key] {
            moves[key] = (true, change.time, change.animation, last)
            shown[key] = nil
        }
        guard let move = moves[key], move.removing, let last = move.view else { return [] }
        let (f, done) = move.animation.fraction(at: time - move.start)
        if done { moves[key] = nil; return [] }
        inner.transitionPhase = TransitionPhase(removing: true, amount: f)
        func nodes<W: View>(_ w: W) -> [any ViewNode] { makeNodes(w, inner) }
        return nodes(last)
    }
}
