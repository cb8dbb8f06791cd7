extension StoreMigrations {
    /// The shop's webhook outbox, appended after the order steps: one row per `order.updated`
    /// event, written in the transaction of the change it reports and leased like a job while it
    /// is being sent. `id` (`evt_…`) is the event id the shop de-duplicates by; `seq` orders an
    /// order's events; `state` is `pending`, `sending`, `delivered` or `failed` (gave up).
    static let webhookSteps: [[String]] = [
        [
            """
            CREATE TABLE webhook_outbox (
                seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
                order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE, type TEXT NOT NULL, data TEXT NOT NULL,
                created_at REAL NOT NULL, state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, run_after REAL NOT NULL,
                lease_owner TEXT, lease_until REAL, last_error TEXT, finished_at REAL)
            """,
            "CREATE INDEX webhook_outbox_due ON webhook_outbox(state, run_after)",
            "CREATE INDEX webhook_outbox_by_order ON webhook_outbox(order_id, seq)",
        ],
    ]
}
