package io.tpkit.spi.database;

/** The classes of database error the scheduler tells apart. */
public enum ErrorClass {
    SERIALIZATION(true),
    DEADLOCK(true),
    LOCK_TIMEOUT(true),
    /** The connection is gone: the commit outcome may be unknown, so it is never retried blindly. */
    CONNECTION(false),
    /**
     * A unique key was already taken. Retrying the same input would fail again, so it is
     * retried only when the request can draw new keys ({@link Request#withNewKeys()}).
     */
    DUPLICATE_KEY(false),
    OTHER(false);

    private final boolean retryable;

    ErrorClass(boolean retryable) {
        this.retryable = retryable;
    }

    public boolean retryable() {
        return retryable;
    }
}
