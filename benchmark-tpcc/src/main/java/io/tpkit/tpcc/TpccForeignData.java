package io.tpkit.tpcc;

import io.tpkit.config.BadInputException;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.ForeignData;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * TPC-C tables that tpkit did not load (BenchBase's, HammerDB's, go-tpc's...): the warehouses
 * are counted in the data, and the conditions run against the tables {@link TpccNames} found.
 */
record TpccForeignData(TpccNames names, long scale, List<String> description) implements ForeignData {
    /** Counts the warehouses in the tables {@code names} found. */
    static TpccForeignData count(Connection c, TpccNames names) throws SQLException {
        long rows;
        long min;
        long max;
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(names.named("foreign-warehouses"))) {
            rs.next();
            rows = rs.getLong(1);
            min = rs.getLong(2);
            max = rs.getLong(3);
        }
        String warehouse = names.table(TpccTables.WAREHOUSE);
        if (rows == 0) {
            throw new BadInputException("the TPC-C tables hold no data (" + warehouse + " is empty): load them before "
                    + "checking them");
        }
        List<String> lines = new ArrayList<>();
        lines.add("tables used: " + names.describeTables());
        lines.add("warehouses: " + rows + ", counted in the data (" + rows + " row" + (rows == 1 ? "" : "s") + " in "
                + warehouse + ", W_ID " + (min == max ? "" + min : "from " + min + " to " + max) + ")");
        if (!names.floatingMoney().isEmpty()) {
            lines.add("money in floating point: " + String.join(", ", names.floatingMoney().values())
                    + "; each value is read as the decimal the database prints for it, and sums are compared "
                    + "exactly, without tolerance");
        }
        return new TpccForeignData(names, rows, List.copyOf(lines));
    }

    @Override
    public List<CheckResult> checkConsistency(Connection c) throws SQLException {
        return TpccConsistency.checkForeign(c, names);
    }
}
