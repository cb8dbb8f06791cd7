extension StoreMigrations {
    /// Issue 21's catalog, appended after the scope step: the shop's own id for a session's
    /// customer (`sessions.customer`, so a returning customer keeps what was remembered), the
    /// customer's remembered default handler per action with the handlers known when it was
    /// chosen (`handler_choices`), and the handlers the customer has sent photos to
    /// (`handlers_used`). Both are keyed by ``CustomerSession/customerKey``, not by session, so
    /// they outlive one session; rows of a session without a customer go when the session does
    /// (``SQLServiceStore/purgeExpired(now:)``).
    static let catalogSteps: [[String]] = [
        [
            "ALTER TABLE sessions ADD COLUMN customer TEXT",
            """
            CREATE TABLE handler_choices (
                customer_key TEXT NOT NULL, action TEXT NOT NULL, handler_id TEXT NOT NULL,
                known_handler_ids TEXT NOT NULL, PRIMARY KEY (customer_key, action))
            """,
            """
            CREATE TABLE handlers_used (
                customer_key TEXT NOT NULL, handler_id TEXT NOT NULL, used_at REAL NOT NULL,
                PRIMARY KEY (customer_key, handler_id))
            """,
        ],
    ]
}
