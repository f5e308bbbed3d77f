/// How big the back buffer is after the window's size changes.
///
/// The buffer is a staging area, not the window's copy (``StagingPlan``): any size serves that is
/// at least what ``StagingPlan/bufferSize(forWindowWidth:height:maxSide:minimumHeight:)`` asks for
/// the window. So a buffer is kept while it serves and holds no more than twice that; one made
/// because the window outgrew it gets a quarter more room each way. A new buffer costs a frame
/// ~1.3 ms here (a shared-memory segment attached with a round trip, and its pages faulted in as
/// they are painted): a storm of resizes made one for every size it passed through.
enum BackBufferSizing {
    /// The buffer size for a `windowWidth` x `windowHeight` window (device pixels), given the
    /// `current` buffer's size (nil: none yet).
    static func size(current: (width: Int, height: Int)?, windowWidth: Int, windowHeight: Int,
                     maxSide: Int) -> (width: Int, height: Int) {
        let wanted = StagingPlan.bufferSize(forWindowWidth: windowWidth, height: windowHeight, maxSide: maxSide)
        guard let current else { return wanted }
        let wide = current.width >= wanted.width, tall = current.height >= wanted.height
        if wide, tall, current.width * current.height <= 2 * wanted.width * wanted.height { return current }
        guard !wide || !tall else { return wanted }
        return (min(maxSide, max(current.width, wanted.width + wanted.width / 4)),
                min(maxSide, max(current.height, wanted.height + wanted.height / 4)))
    }
}
