package io.tpkit.db.postgres;

import io.tpkit.spi.database.ErrorClass;
import java.sql.SQLException;

/** Sorts PostgreSQL errors by SQLState (see the PostgreSQL manual, Appendix A). */
final class PostgresErrors {
    private PostgresErrors() {
    }

    static ErrorClass classify(SQLException e) {
        String state = e.getSQLState();
        if (state == null) {
            return ErrorClass.OTHER;
        }
        return switch (state) {
            case "40001" -> ErrorClass.SERIALIZATION;   // serialization_failure
            case "40P01" -> ErrorClass.DEADLOCK;         // deadlock_detected
            case "55P03" -> ErrorClass.LOCK_TIMEOUT;     // lock_not_available (lock_timeout, NOWAIT)
            case "57P01", "57P02", "57P03" -> ErrorClass.CONNECTION; // admin/crash shutdown, cannot connect now
            case "23505" -> ErrorClass.DUPLICATE_KEY;    // unique_violation
            default -> state.startsWith("08") ? ErrorClass.CONNECTION : ErrorClass.OTHER;
        };
    }
}
