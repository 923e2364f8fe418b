import AnimateDrawing
import Foundation

/// Views kept together without a layout of their own (their container lays them out), as
/// SwiftUI's `Group`.
public struct Group<Content: View>: View, ModifiedOneByOne {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { primitiveBody(Self.self) }
    package func makeNodes(_ environment: EnvironmentValues) -> [any ViewNode] { AnimateViews.makeNodes(content, environment) }
}

/// A view for each element of a collection, as SwiftUI's `ForEach`: the views join the
/// container they are in.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, ModifiedOneByOne {
    public let data: Data
    let content: (Data.Element) -> Content

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }

    public var body: Never { primitiveBody(Self.self) }

    package func makeNodes(_ environment: EnvironmentValues) -> [any ViewNode] {
        data.enumerated().flatMap { AnimateViews.makeNodes(content($1), environment.descending(String($0))) }
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}
