package io.tpkit.sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * MariaDB Galera Cluster, as far as a session must know it. When a transaction on one node loses
 * to a conflicting one from another node (certification, or a brute-force abort by the
 * replication applier), the node rolls it back and reports a deadlock (1213). If that happens
 * while a multi-statement query is under way, the node (10.11 at least) rolls back what ran so
 * far but still executes the query's remaining statements, in a new transaction: a COMMIT among
 * them commits that remainder, half a transaction, while the client is told of the deadlock and
 * retries the whole. On a Galera node, therefore, a COMMIT never goes in one query after other
 * statements of its transaction: the MySQL plugin answers
 * {@code DatabasePlugin.commitApart} with {@link #isNode}, the session's
 * {@link io.tpkit.spi.workload.SessionConnection} keeps the answer, and {@link Pipeline} sends
 * the COMMIT on its own once the results are read; after an error, the scheduler's rollback
 * discards the remainder. A ROLLBACK sent with the statements undoes the remainder itself.
 * (Seen with scripts/galera-cluster: a TPC-C Delivery paid its customers twice, once by the
 * remainder and once by the retry.)
 */
public final class Galera {
    private Galera() {
    }

    /**
     * Whether the connection is to a MySQL-protocol server with wsrep replication on; false
     * without a query for any other database. Ends the read transaction when auto-commit is off.
     */
    public static boolean isNode(Connection c) throws SQLException {
        String product = c.getMetaData().getDatabaseProductName();
        String p = product == null ? "" : product.toLowerCase(Locale.ROOT);
        if (!p.contains("mysql") && !p.contains("mariadb")) {
            return false;
        }
        boolean on;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW VARIABLES LIKE 'wsrep_on'")) {
            on = rs.next() && "ON".equalsIgnoreCase(rs.getString(2));
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
        return on;
    }
}
