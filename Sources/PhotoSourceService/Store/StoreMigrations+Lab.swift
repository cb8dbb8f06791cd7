extension StoreMigrations {
    /// What print labs tell about a delivery beyond its stage, appended after the webhook steps:
    /// the parcel's tracking (carrier, number, URL) from the lab's `shipped` callback; what the
    /// lab answered when the order was cancelled (`confirmed`, `refused`, `unreachable`, and its
    /// reason); and an alert a person must look at (`shippedAfterCancel`: the lab shipped an
    /// order it had confirmed cancelled). Plain `ADD COLUMN`s, which both engines take.
    static let labSteps: [[String]] = [
        [
            "ALTER TABLE deliveries ADD COLUMN carrier TEXT",
            "ALTER TABLE deliveries ADD COLUMN tracking_number TEXT",
            "ALTER TABLE deliveries ADD COLUMN tracking_url TEXT",
            "ALTER TABLE deliveries ADD COLUMN cancel_outcome TEXT",
            "ALTER TABLE deliveries ADD COLUMN cancel_reason TEXT",
            "ALTER TABLE deliveries ADD COLUMN alert TEXT",
        ],
    ]
}
