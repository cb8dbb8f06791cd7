extension StoreMigrations {
    /// Whole-album order lines, appended after the lab steps: the album's id on the album's line
    /// and on each line a photo of it became (`scope`), the album line's index on the latter
    /// (`scope_line`), and a unique index on `(order, album line, photo)` so that listing the
    /// album again after a crash or a retry adds no photo twice (`INSERT … ON CONFLICT DO
    /// NOTHING`; `NULL`s are distinct in both engines, so single-photo lines are not constrained).
    static let scopeSteps: [[String]] = [
        [
            "ALTER TABLE order_items ADD COLUMN scope TEXT",
            "ALTER TABLE order_items ADD COLUMN scope_line INTEGER",
            "CREATE UNIQUE INDEX order_items_by_scope_line ON order_items(order_id, scope_line, item_id)",
        ],
    ]
}
