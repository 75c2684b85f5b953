package io.tpkit.hpss;

import io.tpkit.spi.workload.Outcome;
import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Session;
import io.tpkit.spi.workload.SessionConnection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;

/**
 * One thread of the benchmark: statements prepared once, then per create a read of the parent
 * directory outside any transaction, and one transaction that reads it again and inserts the
 * name-server and bitfile records. The statements are the dialect's {@code read-parent},
 * {@code insert-object} and {@code insert-bitfile}.
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

    private final SessionConnection c;
    private final PreparedStatement readParent;
    private final PreparedStatement insertObject;
    private final PreparedStatement insertBitfile;
    private final Timestamp now;

    HpssSession(SessionConnection c, io.tpkit.sql.NamedSql sql, Timestamp now) throws SQLException {
        this.c = c;
        this.now = now;
        c.setAutoCommit(true);
        readParent = c.prepare(sql.sql("read-parent"));
        insertObject = c.prepare(sql.sql("insert-object"));
        insertBitfile = c.prepare(sql.sql("insert-bitfile"));
    }

    @Override
    public Outcome execute(Request request) throws SQLException {
        CreateFile f = (CreateFile) request;
        c.setAutoCommit(true); // the lookup before the transaction, as an HPSS server does it
        readParent();
        c.setAutoCommit(false);
        readParent();
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
        return Outcome.COMMITTED;
    }

    private void readParent() throws SQLException {
        readParent.setLong(1, ROOT_ID);
        try (ResultSet rs = c.query(readParent)) {
            if (!rs.next()) {
                throw new SQLException("the root directory (object 0) is missing: reload hpss with --reload");
            }
        }
    }

    @Override
    public SessionConnection connection() {
        return c;
    }

    @Override
    public void close() throws SQLException {
        try {
            c.setAutoCommit(true);
        } finally {
            c.close();
        }
    }
}
