extension StoreMigrations {
    /// Issue 21's hand-offs, appended after the catalog step (`catalogSteps`).
    ///
    /// `handoffs`: one row per `POST /v1/handoffs`, found by the SHA-256 of its image token (and of
    /// its return token, when the handler can send the photo back); the tokens themselves are
    /// never stored. `used_at` / `returned_at` are set by one conditional `UPDATE`, which is what
    /// makes each token work once. Rows go a day after they expire (``SQLServiceStore/purgeHandoffs(expiredBefore:)``).
    ///
    /// The webhook outbox is rebuilt with a nullable `order_id`, so events about no order (the
    /// shop's `handoff.custom`) go through it too; rows keep their order (`seq`) and ids.
    static let handoffSteps: [[String]] = [
        [
            """
            CREATE TABLE handoffs (
                id TEXT PRIMARY KEY, image_token_hash TEXT NOT NULL UNIQUE, return_token_hash TEXT UNIQUE,
                session_id TEXT NOT NULL, customer_key TEXT NOT NULL, source_id TEXT NOT NULL, item_id TEXT NOT NULL,
                handler_id TEXT, action TEXT, custom_id TEXT, launch_origin TEXT, received_title TEXT NOT NULL,
                created_at REAL NOT NULL, expires_at REAL NOT NULL, used_at REAL, returned_at REAL)
            """,
            "CREATE INDEX handoffs_expiry ON handoffs(expires_at)",
            """
            CREATE TABLE webhook_outbox_next (
                seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
                order_id TEXT REFERENCES orders(id) ON DELETE CASCADE, type TEXT NOT NULL, data TEXT NOT NULL,
                created_at REAL NOT NULL, state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, run_after REAL NOT NULL,
                lease_owner TEXT, lease_until REAL, last_error TEXT, finished_at REAL)
            """,
            """
            INSERT INTO webhook_outbox_next (id, order_id, type, data, created_at, state, attempts, run_after, lease_owner, lease_until, last_error, finished_at)
            SELECT id, order_id, type, data, created_at, state, attempts, run_after, lease_owner, lease_until, last_error, finished_at
            FROM webhook_outbox ORDER BY seq
            """,
            "DROP TABLE webhook_outbox",
            "ALTER TABLE webhook_outbox_next RENAME TO webhook_outbox",
            "CREATE INDEX webhook_outbox_due ON webhook_outbox(state, run_after)",
            "CREATE INDEX webhook_outbox_by_order ON webhook_outbox(order_id, seq)",
        ],
    ]
}
