import AnimateDrawing
import Foundation

/// Whether a view is shown in a sheet, as SwiftUI's `PresentationMode` (read through
/// `@Environment(\.presentationMode)`): `dismiss()` closes the sheet that shows it.
public struct PresentationMode {
    /// Whether the view is in a sheet that is shown.
    public private(set) var isPresented: Bool
    let close: () -> Void

    init(isPresented: Bool, close: @escaping () -> Void = {}) {
        self.isPresented = isPresented
        self.close = close
    }

    /// Closes the sheet the view is in (nothing when it is in none).
    public mutating func dismiss() {
        guard isPresented else { return }
        isPresented = false
        close()
    }
}

/// Closes the sheet a view is in, as SwiftUI's `DismissAction` (`@Environment(\.dismiss)`).
public struct DismissAction {
    let close: () -> Void

    public func callAsFunction() { close() }
}

struct PresentationModeKey: EnvironmentKey {
    static var defaultValue: Binding<PresentationMode> { .constant(PresentationMode(isPresented: false)) }
}

extension EnvironmentValues {
    /// The sheet a view is shown in, if any.
    public var presentationMode: Binding<PresentationMode> {
        get { self[PresentationModeKey.self] }
        set { self[PresentationModeKey.self] = newValue }
    }

    /// Whether the view is shown in a sheet.
    public var isPresented: Bool { presentationMode.wrappedValue.isPresented }

    /// Closes the sheet the view is in (does nothing outside one).
    public var dismiss: DismissAction {
        let mode = presentationMode
        return DismissAction { mode.wrappedValue.dismiss() }
    }

    /// The environment of a sheet's content, whose dismissal sets `isPresented` false.
    func presenting(in isPresented: Binding<Bool>, onDismiss: (() -> Void)?) -> EnvironmentValues {
        var e = self
        let close = { isPresented.wrappedValue = false; onDismiss?() }
        e.presentationMode = Binding(get: { PresentationMode(isPresented: isPresented.wrappedValue, close: close) },
                                     set: { if !$0.isPresented, isPresented.wrappedValue { close() } })
        return e
    }
}
