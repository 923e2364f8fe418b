import Foundation

/// Values by what determines them, shared by every thread and frame; emptied when it grows past
/// its bound (a value is the same whether it comes from here or is made again).
package final class BoundedCache<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]
    private let bound: Int

    package init(bound: Int) { self.bound = bound }

    package subscript(key: Key) -> Value? {
        get { lock.withLock { values[key] } }
        set {
            lock.withLock {
                if values.count >= bound { values.removeAll(keepingCapacity: true) }
                values[key] = newValue
            }
        }
    }
}
