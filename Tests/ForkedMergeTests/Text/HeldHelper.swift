/// A helper launcher for ``SharedPieces`` that keeps the helper's work until told to run it,
/// so a test can start the helper after the call it was launched for returned.
final class HeldHelper: @unchecked Sendable {
    private var held: [@Sendable () -> Void] = []

    /// The launcher: keeps `work`.
    func hold(_ work: @escaping @Sendable () -> Void) { held.append(work) }

    /// Runs the held work on this thread; returns how many were held.
    func runHeld() -> Int {
        let work = held
        held = []
        for item in work { item() }
        return work.count
    }
}
