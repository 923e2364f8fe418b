import Foundation

/// Inputs from outside a scene's code, such as the user's photos (`--images DIR`).
public struct SceneInputs: Sendable {
    /// Pictures for scenes that show pictures; empty means the scene's own generated pictures.
    public var images: [Image]

    public init(images: [Image] = []) { self.images = images }

    /// The PNG and JPEG pictures in `directory`, sorted by file name. Throws `ImageError` naming the
    /// folder or the bad file.
    public init(imagesIn directory: URL) throws {
        try self.init(imagesIn: directory, fitting: nil)
    }

    /// The pictures in `directory`, each brought down to `fitting` (a frame's longer side) as it is read.
    init(imagesIn directory: URL, fitting frameSide: Int?) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ImageError(path: directory.path, .notAFolder)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { ["png", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted()
        guard !names.isEmpty else { throw ImageError(path: directory.path, .folderWithoutPictures) }
        self.init(images: try names.map { name in
            let image = try Image(contentsOf: directory.appendingPathComponent(name), shorterSide: frameSide)
            return frameSide.map { image.fitting(frameSide: $0) } ?? image
        })
    }
}
