extension StoreMigrations {
    /// What a checkout sends beyond the photos, appended after the webhook steps: the order's
    /// recipient (personal data, JSON; erased after the order's retention) and shipping method,
    /// and each line's layout (crop, sizing, rotation, attributes; JSON, `NULL` for the default);
    /// indexes for idempotency keys looked up by any owner and for listing orders by creation.
    static let orderDetailSteps: [[String]] = [
        [
            "ALTER TABLE orders ADD COLUMN recipient TEXT",
            "ALTER TABLE orders ADD COLUMN shipping_method TEXT",
            "ALTER TABLE order_items ADD COLUMN layout TEXT",
            // The API key's idempotency look-up (any owner), and GET /v1/orders' pages.
            "CREATE INDEX orders_by_idempotency_key ON orders(idempotency_key, created_at)",
            "CREATE INDEX orders_by_creation ON orders(created_at, id)",
        ],
    ]
}
