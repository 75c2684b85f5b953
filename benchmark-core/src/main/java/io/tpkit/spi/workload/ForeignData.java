package io.tpkit.spi.workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * A workload's tables filled by something other than a finished tpkit load (another tool, or
 * tpkit's own data without its load marker), as {@link BoundWorkload#foreignData} found them:
 * what {@code tpkit check} can check without knowing how the data was loaded.
 */
public interface ForeignData {
    /** The scale, counted in the data itself. */
    long scale();

    /** Lines for the user: the tables used and how the scale was counted. */
    List<String> description();

    /**
     * The consistency conditions that hold whatever loaded the data; those that depend on how
     * it was loaded come back {@linkplain CheckResult#skipped skipped}, with the reason.
     */
    List<CheckResult> checkConsistency(Connection c) throws SQLException;
}
