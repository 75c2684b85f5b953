package io.tpkit.scheduler;

import io.tpkit.spi.workload.Session;
import java.sql.SQLException;

/** Opens a connection and a workload session on it (one per server). */
@FunctionalInterface
public interface SessionFactory {
    Session open() throws SQLException;
}
