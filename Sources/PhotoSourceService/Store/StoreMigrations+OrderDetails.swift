extension StoreMigrations {
    /// What a checkout sends beyond the photos, appended after the webhook steps: the order's
    /// recipient (personal data, JSON; erased after the order's retention) and shipping method,
    /// and each line's layout (crop, sizing, rotation, attributes; JSON, `NULL` for the default).
    static let orderDetailSteps: [[String]] = [
        [
            "ALTER TABLE orders ADD COLUMN recipient TEXT",
            "ALTER TABLE orders ADD COLUMN shipping_method TEXT",
            "ALTER TABLE order_items ADD COLUMN layout TEXT",
        ],
    ]
}
