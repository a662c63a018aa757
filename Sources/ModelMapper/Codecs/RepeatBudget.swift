/// How much an encoding run may write again: objects written in full at a second place
/// (``ModelEncoder/Options/SharedObjects/inFull``) may write at most ``ratio`` times what the
/// run writes once, plus ``allowance``. Repeating what a real document shares (an image two
/// products hold) stays far within it; a graph that shares objects at every level, whose
/// repeats would double the output with each level, stops with an error instead, so that
/// output and time stay linear in the graph.
struct RepeatBudget {
    /// How many times what is written once the repeats may write.
    static let ratio = 4
    /// What the repeats may write beyond that, for small graphs: a mebibyte.
    static let allowance = 1 << 20

    /// What finished repeats wrote.
    private var repeatedCount = 0
    /// The frame depth of the repeat being written, and where its text began; -1 when none.
    private(set) var openDepth = -1
    private var openStart = 0

    /// Whether another repeat may begin with `writtenCount` bytes written in all.
    func allows(writtenCount: Int) -> Bool {
        let repeated = repeatedCount + (openDepth >= 0 ? writtenCount - openStart : 0)
        let once = writtenCount - repeated
        return repeated <= Self.ratio &* once &+ Self.allowance
    }

    /// Notes a repeat that begins at frame depth `depth`, at `offset` of the output; one inside
    /// another is counted with it.
    mutating func open(depth: Int, at offset: Int) {
        guard openDepth < 0 else { return }
        openDepth = depth
        openStart = offset
    }

    /// Notes that the repeat open at ``openDepth`` ended at `offset` of the output.
    mutating func close(at offset: Int) {
        repeatedCount += offset - openStart
        openDepth = -1
    }
}
