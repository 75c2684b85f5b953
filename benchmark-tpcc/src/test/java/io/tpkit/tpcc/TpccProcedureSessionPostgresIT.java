package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The PL/pgSQL functions against the client session's PostgreSQL statements, on an embedded PostgreSQL. */
class TpccProcedureSessionPostgresIT extends TpccProcedureSessionIT {
    @Override
    TpccTestDatabase open() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the PL/pgSQL procedures step by step against the client logic (W=2)");
        return TpccTestDatabase.load(WAREHOUSES, 2027);
    }

    /** pgjdbc sends one Parse/Bind/Execute/Sync per call; the server keeps no per-session count to check it by. */
    @Override
    long statementsReceived(Connection c) {
        return -1;
    }

    /**
     * Order-Status and Stock-Level make several reads; at READ COMMITTED a VOLATILE plpgsql
     * function takes a new snapshot for each, so a Delivery committing between them could show
     * an order without its carrier beside delivered lines. A STABLE function reads on the
     * calling statement's one snapshot. (The interleaving itself cannot be forced from
     * outside a function call; the server's catalog says how it will run them.)
     */
    @Test
    void theReadOnlyProceduresReadOnOneSnapshot() throws Exception {
        List<String> stable = new ArrayList<>();
        try (PreparedStatement ps = check.prepareStatement("SELECT proname FROM pg_proc "
                + "WHERE proname LIKE 'tpcc\\_%' AND provolatile = 's' ORDER BY proname");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                stable.add(rs.getString(1));
            }
        }
        assertThat(stable).containsExactly("tpcc_customer_id", "tpcc_order_status", "tpcc_stock_level");
    }
}
