package io.tpkit.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tpkit.result.ResultWriter;
import io.tpkit.spi.database.ServerStatsSampler;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MonitorTest {
    @TempDir
    Path temp;

    /** Counts 10 a second, sees a checkpoint in its second interval, then breaks. */
    static final class Scripted implements ServerStatsSampler {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public Sample sample(Connection c, double seconds) {
            int n = calls.getAndIncrement();
            return switch (n) {
                case 0 -> Sample.EMPTY;
                case 1 -> new Sample(Map.of("db.commits_per_s", 10.0), List.of());
                case 2 -> new Sample(Map.of("db.commits_per_s", 20.0), List.of("checkpoint (timed)"));
                default -> throw new IllegalStateException("the server went away");
            };
        }

        @Override
        public List<String> notes() {
            return List.of();
        }
    }

    static Connection noConnection() {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> method.getReturnType() == boolean.class ? false : null);
    }

    @Test
    void samplesOnceASecondFromTheRunsStartAndSurvivesABrokenSampler() throws Exception {
        long start = System.nanoTime();
        Scripted db = new Scripted();
        Monitor m = Monitor.start(start, db, MonitorTest::noConnection);
        Thread.sleep(4_500);
        m.stop();

        List<Monitor.Row> rows = m.rows();
        assertThat(rows).hasSizeBetween(4, 5);
        for (int i = 0; i < rows.size(); i++) {
            // each row ends on a whole second of the run, as timeseries.csv's do
            assertThat(rows.get(i).elapsedSeconds()).isCloseTo(i + 1, within(0.25));
        }
        assertThat(rows.get(0).values()).containsEntry("db.commits_per_s", 10.0).containsKey("driver.cpu_pct");
        assertThat(rows.get(2).values()).doesNotContainKey("db.commits_per_s").containsKey("driver.cpu_pct");
        assertThat(m.events()).singleElement().satisfies(e -> {
            assertThat(e.event()).isEqualTo("checkpoint (timed)");
            assertThat(e.elapsedSeconds()).isCloseTo(2, within(0.25));
        });
        assertThat(m.notes()).contains("db.* stopped: the server went away");
        assertThat(db.calls).hasValue(4); // after the failure the database is left alone
        assertThat(m.columns()).endsWith("driver.cpu_pct", "db.commits_per_s", Monitor.CONNECTED);

        MonitorSummary s = m.summary(0.0, 2.0);
        assertThat(s.samples()).isEqualTo(2);
        assertThat(s.series().get("db.commits_per_s")).isEqualTo(new MonitorSummary.Stat(15, 20));
        assertThat(m.summary(0.0, 0.2).notes()).anyMatch(n -> n.contains("cover the whole run"));

        Path csv = temp.resolve("monitor.csv");
        ResultWriter.writeMonitor(csv, m.columns(), rows);
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.getFirst()).isEqualTo("elapsed_s," + String.join(",", m.columns()));
        assertThat(lines).hasSize(rows.size() + 1);
        assertThat(lines.get(1)).endsWith(",10,1");
        assertThat(lines.get(3)).endsWith(",,0"); // the series went away: an empty cell, and the second unread
    }

    @Test
    void withoutADatabaseConnectionTheOsSeriesStillCome() throws Exception {
        Monitor m = Monitor.start(System.nanoTime(), new Scripted(), () -> {
            throw new java.sql.SQLException("connection refused");
        });
        Thread.sleep(1_300);
        m.stop();
        assertThat(m.rows()).hasSize(1);
        assertThat(m.columns()).contains("driver.cpu_pct").noneMatch(c -> c.startsWith("db."));
        assertThat(m.notes()).contains("db.* absent: the monitor could not open its connection: connection refused");
    }
}
