package io.tpkit.hpss;

import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.database.SqlFeature;
import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Session;
import io.tpkit.spi.workload.SessionConnection;
import io.tpkit.sql.NamedSql;
import io.tpkit.sql.SqlScript;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;

/**
 * One thread of the benchmark: statements prepared once, then per create a read of the parent
 * directory outside any transaction, and one transaction that reads it again and inserts the
 * name-server and bitfile records. The statements are the dialect's {@code read-parent},
 * {@code insert-object} and {@code insert-bitfile}.
 *
 * <p>Every database sees the same statements per create: the read (auto-commit), BEGIN, the
 * read, the two inserts, COMMIT, in five round trips. How the transaction starts is the driver's
 * business: pgjdbc sends BEGIN with the read, in its round trip, when auto-commit is switched
 * off ({@link SqlFeature#BEGIN_WITH_FIRST_STATEMENT}); elsewhere the connection stays in
 * auto-commit mode (switching it off and back would cost Connector/J two round trips of SET
 * autocommit) and START TRANSACTION goes with the read as one multi-statement query
 * ({@link SessionConnection#beginWith}). That read is then the driver's client-side statement
 * (a server-side prepared statement holds one statement only); the others stay prepared on the
 * server.
 */
final class HpssSession implements Session {
    static final long ROOT_ID = 0;
    static final short FILE = 1;
    static final short DIRECTORY = 2;
    // the fixed values of every record (the report varied only the keys)
    static final int OWNER_UID = 1001;
    static final int GROUP_GID = 100;
    static final int FILE_MODE = 0644;
    static final int ACCOUNT = 1;
    static final long FILESET = 1;
    static final int CLASS_OF_SERVICE = 1;
    static final int STORAGE_CLASS = 1;
    /** Marks a rehearsal's statements, so that the driver and the server keep them apart from the measured ones. */
    private static final String WARM_UP_MARK = " /* warm-up */";

    private final SessionConnection c;
    private final NamedSql sql;
    private final DatabasePlugin plugin;
    private final boolean beginWithRead;
    private final boolean rehearsal;
    private boolean closed;
    private final PreparedStatement readParent;
    /** START TRANSACTION and the read, in one query; null where BEGIN goes with the read anyway. */
    private final PreparedStatement beginAndReadParent;
    private final PreparedStatement insertObject;
    private final PreparedStatement insertBitfile;
    private final Timestamp now;

    HpssSession(SessionConnection c, NamedSql sql, DatabasePlugin plugin, Timestamp now) throws SQLException {
        this(c, sql, plugin, now, "");
    }

    /** @param mark appended to every statement; a rehearsal's is not empty */
    private HpssSession(SessionConnection c, NamedSql sql, DatabasePlugin plugin, Timestamp now, String mark)
            throws SQLException {
        this.c = c;
        this.sql = sql;
        this.plugin = plugin;
        this.now = now;
        this.rehearsal = !mark.isEmpty();
        this.beginWithRead = plugin.sqlFeatures().contains(SqlFeature.BEGIN_WITH_FIRST_STATEMENT);
        c.setAutoCommit(true);
        readParent = plugin.prepareOnce(c.jdbc(), sql.sql("read-parent") + mark);
        beginAndReadParent = beginWithRead ? null : c.prepare("START TRANSACTION; " + sql.sql("read-parent") + mark);
        insertObject = plugin.prepareOnce(c.jdbc(), sql.sql("insert-object") + mark);
        insertBitfile = plugin.prepareOnce(c.jdbc(), sql.sql("insert-bitfile") + mark);
    }

    @Override
    public Outcome execute(Request request) throws SQLException {
        CreateFile f = (CreateFile) request;
        c.setAutoCommit(true); // the lookup before the transaction, as an HPSS server does it
        readParent();
        if (beginWithRead) {
            c.setAutoCommit(false); // BEGIN goes out with the next read
            readParent();
        } else {
            beginAndReadParent.setLong(1, ROOT_ID);
            SessionConnection.Results results = c.beginWith(beginAndReadParent, 2);
            results.updateCount(); // START TRANSACTION
            try (ResultSet rs = results.resultSet()) {
                rootFound(rs);
            }
        }
        insertObject.setLong(1, f.objectId());
        insertObject.setLong(2, ROOT_ID);
        insertObject.setString(3, "f" + Long.toHexString(f.objectId()));
        insertObject.setShort(4, FILE);
        insertObject.setInt(5, OWNER_UID);
        insertObject.setInt(6, GROUP_GID);
        insertObject.setInt(7, FILE_MODE);
        insertObject.setInt(8, ACCOUNT);
        insertObject.setLong(9, FILESET);
        insertObject.setTimestamp(10, now);
        insertObject.setTimestamp(11, now);
        insertObject.setTimestamp(12, now);
        insertObject.setLong(13, f.bitfileId());
        c.update(insertObject);
        insertBitfile.setLong(1, f.bitfileId());
        insertBitfile.setInt(2, CLASS_OF_SERVICE);
        insertBitfile.setInt(3, STORAGE_CLASS);
        insertBitfile.setInt(4, ACCOUNT);
        for (int i = 5; i <= 8; i++) {
            insertBitfile.setTimestamp(i, now);
        }
        c.update(insertBitfile);
        c.commit();
        c.setAutoCommit(true); // pgjdbc: nothing to send, the transaction is over
        return Outcome.COMMITTED;
    }

    private void readParent() throws SQLException {
        readParent.setLong(1, ROOT_ID);
        try (ResultSet rs = c.query(readParent)) {
            rootFound(rs);
        }
    }

    private static void rootFound(ResultSet rs) throws SQLException {
        if (!rs.next()) {
            throw new SQLException("the root directory (object 0) is missing: reload hpss with --reload");
        }
    }

    /**
     * A session whose creates go into temporary tables of the same names, which stand in for the
     * benchmark's on this connection only: the create's own code and statements (marked apart, so
     * that the measured ones stay as they were prepared), while the benchmark's tables are not
     * touched. Closing it drops the temporary tables and leaves the connection open.
     */
    @Override
    public Session rehearsal() throws SQLException {
        SqlScript.execute(c.jdbc(), sql.statements("warm-up-tables"));
        try {
            try (PreparedStatement root = c.jdbc().prepareStatement(sql.sql("insert-root"))) {
                HpssBoundWorkload.insertRoot(root);
            }
            return new HpssSession(c, sql, plugin, now, WARM_UP_MARK);
        } catch (SQLException | RuntimeException e) {
            SqlScript.execute(c.jdbc(), sql.statements("drop-warm-up-tables"));
            throw e;
        }
    }

    private void closeStatements() throws SQLException {
        try (PreparedStatement a = readParent; PreparedStatement b = insertObject; PreparedStatement d = insertBitfile;
             PreparedStatement e = beginAndReadParent) {
            // closed in turn, even if one fails
        }
    }

    @Override
    public SessionConnection connection() {
        return c;
    }

    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            c.rollbackQuietly();
            c.setAutoCommit(true);
            closeStatements(); // prepared on the connection itself where the pool does not see them
        } finally {
            if (rehearsal) {
                // the rehearsal ends; the connection stays, with nothing of it counted
                SqlScript.execute(c.jdbc(), sql.statements("drop-warm-up-tables"));
                c.resetCounts();
            } else {
                c.close();
            }
        }
    }
}
