package io.tpkit.spi.workload;

import io.tpkit.spi.database.DatabasePlugin;
import java.sql.Connection;
import java.sql.SQLException;

/** What a loader gets: connections, the database's bulk path, parallelism and a progress sink. */
public interface LoadContext {
    DatabasePlugin database();

    /** A new connection in auto-commit mode; the caller closes it. */
    Connection connect() throws SQLException;

    /** How many loader threads to use. */
    int parallelism();

    /** Declares the total amount of work (rows) so that progress can be shown as a fraction. */
    void expectRows(long total);

    /** Reports rows written since the last call; called from any loader thread. */
    void rowsDone(long rows);

    /** Names the step in progress ("accounts", "primary keys", "vacuum analyze"). */
    void step(String name);
}
