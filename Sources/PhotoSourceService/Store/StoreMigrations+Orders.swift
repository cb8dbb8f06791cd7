extension StoreMigrations {
    /// The order pipeline's tables, appended after the other steps (so their number is whatever
    /// follows the last of those): orders with their items, one delivery per destination with a
    /// state per item, the destinations' reports (applied once each), the events `GET
    /// /v1/orders/{id}/events` replays, and the leased job queue that drives it all.
    ///
    /// Orders do not reference `sessions`: a session expires long before its order is shipped.
    static let orderSteps: [[String]] = [
        [
            """
            CREATE TABLE orders (
                id TEXT PRIMARY KEY, owner TEXT NOT NULL, session_id TEXT, idempotency_key TEXT NOT NULL,
                request_hash TEXT NOT NULL, reference TEXT NOT NULL, product TEXT NOT NULL, status TEXT NOT NULL,
                created_at REAL NOT NULL, updated_at REAL NOT NULL, UNIQUE (owner, idempotency_key))
            """,
            """
            CREATE TABLE order_items (
                order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE, idx INTEGER NOT NULL,
                source_id TEXT NOT NULL, item_id TEXT NOT NULL, copies INTEGER NOT NULL, product TEXT NOT NULL,
                state TEXT NOT NULL, error_code TEXT, error_message TEXT, asset TEXT,
                PRIMARY KEY (order_id, idx))
            """,
            """
            CREATE TABLE deliveries (
                order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE, destination_id TEXT NOT NULL,
                kind TEXT NOT NULL, state TEXT NOT NULL, stage TEXT, external_id TEXT, error_code TEXT, error_message TEXT,
                PRIMARY KEY (order_id, destination_id))
            """,
            """
            CREATE TABLE delivery_items (
                order_id TEXT NOT NULL, destination_id TEXT NOT NULL, idx INTEGER NOT NULL,
                delivered INTEGER NOT NULL, error_code TEXT, error_message TEXT,
                PRIMARY KEY (order_id, destination_id, idx),
                FOREIGN KEY (order_id, destination_id) REFERENCES deliveries(order_id, destination_id) ON DELETE CASCADE)
            """,
            """
            CREATE TABLE destination_reports (
                destination_id TEXT NOT NULL, event_id TEXT NOT NULL,
                order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE, stage TEXT NOT NULL, received_at REAL NOT NULL,
                PRIMARY KEY (destination_id, event_id))
            """,
            """
            CREATE TABLE order_events (
                id INTEGER PRIMARY KEY AUTOINCREMENT, order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
                type TEXT NOT NULL, data TEXT NOT NULL, created_at REAL NOT NULL)
            """,
            "CREATE INDEX order_events_by_order ON order_events(order_id, id)",
            """
            CREATE TABLE jobs (
                id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE, kind TEXT NOT NULL,
                destination_id TEXT, state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, run_after REAL NOT NULL,
                lease_owner TEXT, lease_until REAL, last_error TEXT)
            """,
            "CREATE INDEX jobs_ready ON jobs(state, run_after)",
        ],
    ]
}
