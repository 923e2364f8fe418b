/// Receives progress while rendering.
public protocol RenderProgress: AnyObject {
    func started(total: Int)
    func advanced(done: Int, total: Int)
    func finished()
}
