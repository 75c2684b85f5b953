package io.tpkit.sql;

import io.tpkit.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Parts of a split run create their meeting tables at the same instant. PostgreSQL lets one of
 * two concurrent CREATE TABLE IF NOT EXISTS fail on its catalog; SharedTable must not.
 */
class SharedTableIT {
    private static final String TABLE = "tpkit_shared_table_it";

    @Test
    void fourSessionsCreatingOneTableAtOnceAllSucceedOnPostgres() throws Exception {
        String url = TestDatabases.externalPostgresUrl();
        String user = TestDatabases.externalPostgresUser();
        int sessions = 4;
        ExecutorService pool = Executors.newFixedThreadPool(sessions);
        try (Connection admin = DriverManager.getConnection(url, user, "")) {
            for (int attempt = 0; attempt < 20; attempt++) {
                try (Statement s = admin.createStatement()) {
                    s.execute("DROP TABLE IF EXISTS " + TABLE);
                }
                CyclicBarrier together = new CyclicBarrier(sessions);
                List<Future<?>> creates = new ArrayList<>();
                for (int i = 0; i < sessions; i++) {
                    creates.add(pool.submit(() -> {
                        try (Connection c = DriverManager.getConnection(url, user, "")) {
                            together.await();
                            SharedTable.create(c, "CREATE TABLE IF NOT EXISTS " + TABLE + " (a INT PRIMARY KEY)");
                        }
                        return null;
                    }));
                }
                for (Future<?> f : creates) {
                    f.get(); // rethrows the SQLException a plain CREATE gives about every other attempt
                }
                try (Statement s = admin.createStatement()) {
                    s.execute("INSERT INTO " + TABLE + " VALUES (1)");
                }
            }
            try (Statement s = admin.createStatement()) {
                s.execute("DROP TABLE " + TABLE);
            }
        } finally {
            pool.shutdown();
        }
    }
}
