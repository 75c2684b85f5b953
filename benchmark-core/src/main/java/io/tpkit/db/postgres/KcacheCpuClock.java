package io.tpkit.db.postgres;

import io.tpkit.spi.database.ServerCpuClock;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The CPU time PostgreSQL's backends spent planning and executing this database's statements,
 * from the pg_stat_kcache extension (getrusage() around each statement, summed per database).
 * It sees a server on another machine, but not the background processes (WAL writer,
 * checkpointer) nor the work between statements, so it reads lower than the processes' CPU.
 */
final class KcacheCpuClock implements ServerCpuClock {
    private static final String READ = "SELECT coalesce(sum(plan_user_time + plan_system_time + exec_user_time"
            + " + exec_system_time), 0) FROM pg_stat_kcache WHERE datname = current_database()";

    private final Connection connection;

    private KcacheCpuClock(Connection connection) {
        this.connection = connection;
    }

    /**
     * @param connection a connection of the clock's own for the run, in auto-commit mode
     * @throws Unavailable when the extension is not there, with what to do about it
     */
    static KcacheCpuClock open(Connection connection) throws Unavailable {
        try {
            if (!extensionCreated(connection)) {
                throw new Unavailable("pg_stat_kcache is not installed in this database (a DBA can add it: "
                        + "shared_preload_libraries = 'pg_stat_statements, pg_stat_kcache', restart, then "
                        + "CREATE EXTENSION pg_stat_statements; CREATE EXTENSION pg_stat_kcache)");
            }
            KcacheCpuClock clock = new KcacheCpuClock(connection);
            if (clock.read() < 0) {
                throw new Unavailable("pg_stat_kcache cannot be read (is it in shared_preload_libraries?)");
            }
            return clock;
        } catch (SQLException e) {
            throw new Unavailable("pg_stat_kcache cannot be read: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    private static boolean extensionCreated(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_kcache'")) {
            return rs.next();
        }
    }

    @Override
    public long cpuNanos() {
        return read();
    }

    private long read() {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(READ)) {
            rs.next();
            return Math.round(rs.getDouble(1) * 1e9);
        } catch (SQLException | RuntimeException e) {
            return -1;
        }
    }

    @Override
    public String describe() {
        return "this database's statements (planning and execution, user and system CPU) from pg_stat_kcache; "
                + "background processes and the time between statements are not included";
    }
}
