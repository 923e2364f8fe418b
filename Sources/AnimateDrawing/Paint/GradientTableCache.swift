/// The colour tables of the gradients a canvas drew most recently, so a gradient drawn again
/// (a tile repeated across the frame, a background every frame) is not resolved again.
///
/// A table is a pure function of its `Gradient`, so a hit gives the very bytes a rebuild would.
/// Gradients that are not equal to themselves (NaN components) simply never hit.
final class GradientTableCache {
    private var entries: [(gradient: Gradient, table: GradientTable)] = []
    private let capacity: Int

    /// A cache of at most `capacity` tables, the least recently used dropped first.
    init(capacity: Int) { self.capacity = capacity }

    /// The table of `gradient`, from the cache or built and remembered.
    func table(for gradient: Gradient) -> GradientTable {
        if let i = entries.firstIndex(where: { $0.gradient == gradient }) {
            let entry = entries[i]
            if i != entries.count - 1 {
                entries.remove(at: i)
                entries.append(entry)
            }
            return entry.table
        }
        let table = GradientTable(gradient)
        if entries.count == capacity { entries.removeFirst() }
        entries.append((gradient, table))
        return table
    }
}
