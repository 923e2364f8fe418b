@testable import AnimateText
import Foundation
import Testing

/// The walk that keeps fontconfig away from what would hang it: loops of links are found
/// however they are made, and the fonts beside them are still found.
struct FontConfigurationTests {
    func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("animate-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("a/b/c"), withIntermediateDirectories: true)
        for font in ["a/one.ttf", "a/b/two.ttf", "a/b/c/three.ttf"] { try Data("font".utf8).write(to: root.appendingPathComponent(font)) }
        return root
    }

    /// Every link to a folder already on the walk is refused: to the folder itself, to an
    /// ancestor, to a sibling's branch, several at once (which fontconfig walks exponentially);
    /// the fonts are all still reachable, whole folders or one by one. A link above where the
    /// walk began is walked, and the loop is cut where it comes back (`top/a`).
    @Test(arguments: [(["self": "."], ["self"]), (["up": "..", "top": "../.."], ["up", "top/a"]), (["x": ".", "y": ".", "z": "."], ["x", "y", "z"]),
                      (["side": "../../a", "c/back": "../.."], ["side", "c/back"])])
    func linkLoopsAreKeptFromFontconfig(links: [String: String], refused: [String]) throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        // Links are made in a/b (a path with a slash: in a subfolder of it).
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("a/b/\(name)").path, withDestinationPath: target)
        }
        let (rejected, note) = FontConfiguration.unsafeEntries(in: [root.appendingPathComponent("a").path])
        #expect(note == nil)
        #expect(Set(rejected) == Set(refused.map { root.appendingPathComponent("a/b/\($0)").path }), "\(rejected)")
        let plan = FontConfiguration.safeFolders([root.appendingPathComponent("a").path], unsafe: rejected)
        // Each font reachable: in a folder fontconfig may scan, or added alone.
        for font in ["a/one.ttf", "a/b/two.ttf", "a/b/c/three.ttf"] {
            let path = root.appendingPathComponent(font).path
            #expect(plan.files.contains(path) || plan.folders.contains { path.hasPrefix($0 + "/") }, "\(font): \(plan)")
        }
        // No folder fontconfig is given holds a loop.
        for folder in plan.folders { #expect(!rejected.contains { $0.hasPrefix(folder + "/") }, "\(folder)") }
    }

    /// Two links to one folder that is not above them are no loop: nothing is refused.
    @Test func twoLinksToOneFolderAreNoLoop() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("shared"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("a/s1").path, withDestinationPath: "../shared")
        let (rejected, _) = FontConfiguration.unsafeEntries(in: [root.appendingPathComponent("a").path])
        #expect(rejected.isEmpty, "\(rejected)")
    }
}
