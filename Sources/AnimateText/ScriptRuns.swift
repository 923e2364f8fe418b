import CICU

/// The script of each UTF-16 code unit of a paragraph, for shaping: characters common to all
/// scripts (spaces, digits, punctuation) and inherited ones (combining marks) take the script
/// of the text around them, the one before, or at the start the first one after.
enum ScriptRuns {
    /// ICU's codes for Common and Inherited.
    static let common: Int32 = 0, inherited: Int32 = 1

    static func resolve(_ text: UnsafeBufferPointer<UInt16>) -> [Int32] {
        var scripts = [Int32](repeating: common, count: text.count)
        var i = 0
        var current: Int32? = nil
        while i < text.count {
            let (value, width) = text.scalar(at: i)
            let script = Int32(animate_script(value))
            if script == common || script == inherited {
                if let current { for k in 0..<width { scripts[i + k] = current } }
            } else {
                if current == nil { for k in 0..<i { scripts[k] = script } }
                current = script
                for k in 0..<width { scripts[i + k] = script }
            }
            i += width
        }
        return scripts
    }
}
