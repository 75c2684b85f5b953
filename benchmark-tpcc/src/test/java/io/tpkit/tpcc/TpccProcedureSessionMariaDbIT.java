package io.tpkit.tpcc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The MySQL/MariaDB stored procedures against the client session's MySQL/MariaDB statements, on
 * the MariaDB server this machine runs (when configured).
 */
class TpccProcedureSessionMariaDbIT extends TpccProcedureSessionIT {
    @Override
    TpccTestDatabase open() throws Exception {
        return TpccTestDatabase.loadExternalMysql(TpccProcedureSessionMariaDbIT.class, WAREHOUSES, 2027);
    }

    /**
     * The server's count of statements the client sent on this connection (statements run inside
     * stored programs are not counted): it sees any request Connector/J adds, such as procedure
     * metadata lookups.
     */
    @Override
    long statementsReceived(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW SESSION STATUS LIKE 'Questions'")) {
            rs.next();
            return rs.getLong(2);
        }
    }
}
