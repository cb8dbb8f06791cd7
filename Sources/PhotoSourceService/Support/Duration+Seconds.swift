extension Duration {
    /// The duration in seconds, as the `TimeInterval`s that `Date` arithmetic and the store's
    /// `REAL` columns use.
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
