package io.tpkit.db.mysql;

import io.tpkit.spi.database.ErrorClass;
import java.sql.SQLException;
import java.util.Locale;

/**
 * Sorts MySQL and MariaDB errors by vendor code first, then SQLState. The code comes first
 * because a deadlock (1213) carries SQLState 40001 too, and the two are counted apart.
 */
final class MysqlErrors {
    static final int DUPLICATE_ENTRY = 1062;          // ER_DUP_ENTRY
    static final int DUPLICATE_ENTRY_WITH_KEY = 1586; // ER_DUP_ENTRY_WITH_KEY_NAME
    static final int LOCK_WAIT_TIMEOUT = 1205;        // ER_LOCK_WAIT_TIMEOUT
    static final int DEADLOCK = 1213;                 // ER_LOCK_DEADLOCK
    /**
     * ER_CHECKREAD, "Record has changed since last read": MariaDB under innodb_snapshot_isolation
     * refuses to lock or change a row that another transaction changed after this one's
     * snapshot; a serialization failure by any other name, worth the same retry.
     */
    static final int RECORD_CHANGED = 1020;
    static final int CONNECTION_KILLED = 1927;        // MariaDB ER_CONNECTION_KILLED
    static final int SERVER_GONE = 2006;              // CR_SERVER_GONE_ERROR
    static final int SERVER_LOST = 2013;              // CR_SERVER_LOST

    static final int TOO_MANY_CONNECTIONS = 1040;      // ER_CON_COUNT_ERROR (max_connections), SQLState 08004
    static final int TOO_MANY_USER_CONNECTIONS = 1203; // ER_TOO_MANY_USER_CONNECTIONS (max_user_connections)
    static final int USER_LIMIT_REACHED = 1226;        // ER_USER_LIMIT_REACHED (an account's resource limit)
    static final int ACCESS_DENIED = 1045;             // ER_ACCESS_DENIED_ERROR

    private MysqlErrors() {
    }

    /** Why a connection was refused: by vendor code first, since 1040 carries SQLState 08004. */
    static io.tpkit.spi.database.ConnectionRefusal refusal(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s) {
                switch (s.getErrorCode()) {
                    case TOO_MANY_CONNECTIONS, TOO_MANY_USER_CONNECTIONS, USER_LIMIT_REACHED:
                        return io.tpkit.spi.database.ConnectionRefusal.TOO_MANY_CONNECTIONS;
                    case ACCESS_DENIED:
                        return io.tpkit.spi.database.ConnectionRefusal.AUTHENTICATION;
                    default:
                        break;
                }
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return io.tpkit.spi.database.ConnectionRefusal.bySqlState(e);
    }

    static ErrorClass classify(SQLException e) {
        switch (e.getErrorCode()) {
            case DEADLOCK:
                return ErrorClass.DEADLOCK;
            case LOCK_WAIT_TIMEOUT:
                return ErrorClass.LOCK_TIMEOUT;
            case RECORD_CHANGED:
                return ErrorClass.SERIALIZATION;
            case DUPLICATE_ENTRY, DUPLICATE_ENTRY_WITH_KEY:
                return ErrorClass.DUPLICATE_KEY;
            case CONNECTION_KILLED, SERVER_GONE, SERVER_LOST:
                return ErrorClass.CONNECTION;
            default:
                break;
        }
        String state = e.getSQLState();
        if ("40001".equals(state)) {
            return ErrorClass.SERIALIZATION;
        }
        if (state != null && state.startsWith("08")) {
            return ErrorClass.CONNECTION;
        }
        String message = e.getMessage();
        if (message != null && message.toLowerCase(Locale.ROOT).contains("communications link failure")) {
            return ErrorClass.CONNECTION;
        }
        return ErrorClass.OTHER;
    }
}
