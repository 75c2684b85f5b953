package io.tpkit.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tpkit.monitor.Monitor;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Writes result.json, timeseries.csv and monitor.csv. */
public final class ResultWriter {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultWriter() {
    }

    public static ObjectMapper json() {
        return JSON;
    }

    public static void writeJson(Path file, Object value) throws IOException {
        JSON.writeValue(file.toFile(), value);
    }

    /**
     * Writes {@code value} beside {@code file} and renames it into place, so that a write that
     * fails (a full disk) leaves the file as it was rather than cut short.
     */
    public static void writeJsonReplacing(Path file, Object value) throws IOException {
        Path next = file.resolveSibling(file.getFileName() + ".next");
        try {
            JSON.writeValue(next.toFile(), value);
            try {
                Files.move(next, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                Files.move(next, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(next);
        }
    }

    /** The per-type figures of the measurement interval, for users who plot elsewhere. */
    public static void writeSummary(Path file, io.tpkit.metrics.RunMetrics metrics) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            w.write("type,committed,committed_first_try,business_rollbacks,failed,retries,committed_per_s,"
                    + "p50_ms,p90_ms,p95_ms,p99_ms,p999_ms,max_ms,mean_ms,queue_p90_ms,service_p90_ms\n");
            for (io.tpkit.metrics.TypeSummary t : metrics.types()) {
                w.write(String.format(Locale.ROOT, "%s,%d,%d,%d,%d,%d,%.2f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f%n",
                        t.name(), t.committed(), t.committedFirstTry(), t.businessRollbacks(), t.failedTotal(),
                        t.retriesTotal(), t.perSecond(), t.response().p50Ms(), t.response().p90Ms(),
                        t.response().p95Ms(), t.response().p99Ms(), t.response().p999Ms(), t.response().maxMs(),
                        t.response().meanMs(), t.queue().p90Ms(), t.service().p90Ms()));
            }
        }
    }

    /**
     * One row per monitored second: elapsed_s (the origin of timeseries.csv), then the given
     * columns; a value a second does not have (a series that went away) is left empty.
     */
    public static void writeMonitor(Path file, List<String> columns, List<Monitor.Row> rows) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            w.write("elapsed_s");
            for (String c : columns) {
                w.write("," + c);
            }
            w.write("\n");
            for (Monitor.Row r : rows) {
                w.write(String.format(Locale.ROOT, "%.3f", r.elapsedSeconds()));
                for (String c : columns) {
                    Double v = r.values().get(c);
                    w.write(",");
                    if (v != null) {
                        w.write(v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString(v.longValue())
                                : String.format(Locale.ROOT, "%.3f", v));
                    }
                }
                w.write("\n");
            }
        }
    }
}
