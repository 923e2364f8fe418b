/// Where a render puts a scene's audio description (its descriptions, spoken).
public enum AudioDescriptionOutput: String, Sendable, CaseIterable {
    /// A second sound stream, the whole mix with the descriptions spoken in it, tagged for the
    /// visually impaired (players offer it as "Audio description").
    case track
    /// Spoken in the one sound stream.
    case mixed = "mix"
    /// Left out.
    case none = "off"
}
