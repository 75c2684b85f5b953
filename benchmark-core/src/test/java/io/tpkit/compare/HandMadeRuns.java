package io.tpkit.compare;

import io.tpkit.result.ResultReader;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** TPC-C-like results made by hand, as result.json would hold them, for tests without a database. */
public final class HandMadeRuns {
    private String dir = "/r/run";
    private String settings = "";
    private double tps = 100;
    private double p90 = 2.5;
    private double p99 = 10;
    private double driverCpu = 50;
    private long committed = 1000;
    private boolean incomplete;
    private boolean consistent = true;

    public static HandMadeRuns run(String dir) {
        HandMadeRuns r = new HandMadeRuns();
        r.dir = dir;
        return r;
    }

    public HandMadeRuns tps(double value) {
        tps = value;
        return this;
    }

    public HandMadeRuns p90(double value) {
        p90 = value;
        return this;
    }

    public HandMadeRuns p99(double value) {
        p99 = value;
        return this;
    }

    public HandMadeRuns driverCpu(double value) {
        driverCpu = value;
        return this;
    }

    public HandMadeRuns committed(long value) {
        committed = value;
        return this;
    }

    public HandMadeRuns incomplete() {
        incomplete = true;
        return this;
    }

    public HandMadeRuns inconsistent() {
        consistent = false;
        return this;
    }

    /** A configuration key besides the usual ones, e.g. {@code "connections": 8}. */
    public HandMadeRuns setting(String jsonPair) {
        settings = ", " + jsonPair;
        return this;
    }

    public String json() {
        return String.format(Locale.ROOT, """
                {"resultDir": "%s",
                 "startedAt": "2026-11-24T07:32:47.1Z",
                 "workload": {"name": "tpcc"},
                 "configuration": {"target": "embedded-postgres", "scale": 1, "seed": 1%s},
                 "database": {"product": "PostgreSQL", "version": "18.6"},
                 "metrics": {"measurementSeconds": 10.0, "totalCommitted": %d, "totalFailed": 0, "totalRetries": 0,
                   "incomplete": %s,
                   "throughput": {"overWallClock": %s, "sumOfStreams": 1},
                   "types": [{"name": "new-order", "committed": %d, "perSecond": %s,
                     "response": {"count": %d, "meanMs": 1.0, "p50Ms": 1.0, "p90Ms": %s, "p99Ms": %s}}],
                   "stalls": {"count": 0, "totalSeconds": 0, "longestSeconds": 0, "stretches": []}},
                 "cost": {"basis": "test", "committed": %d, "driverCpuMicros": %s, "statements": 1, "resultSets": 1,
                   "commits": 1, "rollbacks": 0, "roundTrips": 1},
                 "headline": {"nopm": {"label": "NOPM (New-Orders completed per minute of the measurement interval, rollbacks included; not tpmC)", "value": %s, "unit": "1/min"}},
                 "validity": {"verdict": "%s", "conformant": false, "rules": []},
                 "consistency": [{"name": "a check", "passed": %s, "detail": ""}]}
                """, dir, settings, committed, incomplete, tps, committed, tps, committed, p90, p99, committed,
                driverCpu, tps * 27, incomplete ? "incomplete: interrupted before the measurement interval's end"
                        : "non-standard: long-enough", consistent);
    }

    public RunResult result() {
        try {
            return ResultReader.of(ResultWriter.json().readTree(json()), dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes the run's result.json into {@code folder} (created), and sets its result folder to it. */
    public Path writeInto(Path folder) throws IOException {
        Files.createDirectories(folder);
        dir = folder.toString();
        Files.writeString(folder.resolve("result.json"), json());
        return folder;
    }
}
