package io.tpkit.cli;

import io.tpkit.metrics.RunMetrics;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.result.DatabaseSection;
import io.tpkit.result.LoadReport;
import io.tpkit.result.RunResult;
import io.tpkit.result.WorkloadSection;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.RuleResult;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The console summary at the end of a run: every figure says how it was obtained. */
final class SummaryPrinter {
    private final PrintWriter out;

    SummaryPrinter(PrintWriter out) {
        this.out = out;
    }

    /** "1 connection", "4 connections". */
    static String counted(Object n, String unit) {
        return n instanceof Number number ? io.tpkit.result.Units.of(number.longValue(), unit) : n + " " + unit;
    }

    void print(RunResult r) {
        RunMetrics m = r.metrics();
        DatabaseSection db = r.database();
        WorkloadSection w = r.workload();
        out.println();
        out.printf(Locale.ROOT, "%s on %s %s (%s)%n", w.name(), db.product(), db.version(), db.kind());
        out.println("  " + io.tpkit.validity.RunFraming.of(r.validity()));
        Object scale = w.parameters() == null ? null : w.parameters().get("scale");
        String logic = r.configuration().logic();
        out.printf(Locale.ROOT, "  scale %s, %s arrival, %s, %s%s (all parameters in result.json)%n",
                scale, w.arrival(), counted(w.terminals(), "terminals"),
                counted(w.connections(), "connections"), logic == null ? "" : ", " + logic + " logic");
        Double delay = r.configuration().networkDelayOneWayMs();
        if (delay != null) {
            out.printf(Locale.ROOT, "  NETWORK DELAY ADDED by tpkit: %s ms each way, %s ms per round trip (an emulated "
                    + "network: the times and rates below include it)%n", delay, 2 * delay);
        }
        out.printf(Locale.ROOT, "  measured %.1f s after %.1f s warm-up (%s)%s%n", m.measurementSeconds(),
                m.warmupSeconds(), m.measuredBy(), m.incomplete() ? " -- INCOMPLETE, interrupted" : "");
        if (m.warmupEnd() != null && !io.tpkit.metrics.WarmupEnd.NONE.equals(m.warmupEnd().endedBy())) {
            out.println("  " + m.warmupEnd().summary());
        }
        out.println();
        out.printf(Locale.ROOT, "%-20s %10s %9s %8s %9s %10s %9s %9s %9s %9s %9s%n", "transaction", "committed",
                "retries", "failed", "rollbacks", "TPS", "p50 ms", "p90 ms", "p95 ms", "p99 ms", "max ms");
        for (TypeSummary t : m.types()) {
            if (t.response().count() == 0) {
                // nothing to take percentiles of: not a response time of 0.00 ms
                out.printf(Locale.ROOT, "%-20s %10d %9d %8d %9d %10.1f %9s %9s %9s %9s %9s%n", t.name(),
                        t.committed(), t.retriesTotal(), t.failedTotal(), t.businessRollbacks(), t.perSecond(),
                        "no sample", "-", "-", "-", "-");
                continue;
            }
            out.printf(Locale.ROOT, "%-20s %10d %9d %8d %9d %10.1f %9.2f %9.2f %9.2f %9.2f %9.2f%n", t.name(),
                    t.committed(), t.retriesTotal(), t.failedTotal(), t.businessRollbacks(), t.perSecond(),
                    t.response().p50Ms(), t.response().p90Ms(), t.response().p95Ms(), t.response().p99Ms(),
                    t.response().maxMs());
        }
        printIterations(m);
        printDeferred(m.deferred());
        if (m.schedule() != null) {
            io.tpkit.metrics.RateSchedule late = m.schedule();
            out.printf(Locale.ROOT, "schedule: %.1f/s, %s gaps; at the interval's end %s%n", late.targetPerSecond(),
                    late.interarrival(), late.behindAtEndSeconds() <= 0 ? "on time"
                            : String.format(Locale.ROOT, "%.1f s behind (about %.0f arrivals due and not started)",
                            late.behindAtEndSeconds(), late.behindAtEndSeconds() * late.targetPerSecond()));
            if (late.limitMs() > 0) {
                out.printf(Locale.ROOT, "latency limit %.0f ms: %d requests skipped (already later than it when due, "
                        + "never executed), %d of the %d executed completed later than it%n", late.limitMs(),
                        late.skipped(), late.aboveLimit(), late.executed());
            }
            if (late.backlog() > 0 && late.backlogLateness() != null) {
                out.printf(Locale.ROOT, "backlog: %d of the interval's %d arrivals never started, %.1f ms late at the "
                        + "median and %.1f ms at the most when it ended (censored, not in the table above); with them "
                        + "p99 >= %.1f ms, max >= %.1f ms%n", late.backlog(), late.scheduled(),
                        late.backlogLateness().p50Ms(), late.backlogLateness().maxMs(),
                        late.responseWithBacklog().p99Ms(), late.responseWithBacklog().maxMs());
            }
        }
        out.println();
        // the benchmark's own headline first (TPC-C: NOPM), then TPS
        r.headline().values().forEach(f -> out.printf(Locale.ROOT, "%s: %s%n", f.label(), f.display()));
        out.printf(Locale.ROOT, "TPS (committed transactions only): %.1f over wall clock (total / interval), "
                + "%.1f as the sum of per-terminal rates%n", m.throughput().overWallClock(), m.throughput().sumOfStreams());
        out.println("Response time = completion - intended start (queueing included); HdrHistogram percentiles.");
        if (m.edges() != null && m.edges().total() > 0) {
            out.printf(Locale.ROOT, "Interval edges: %d transactions began before the interval and %d ended after it, "
                    + "not counted in it (the interval counts those that began and ended inside it; the longest of "
                    + "them %.1f ms; metrics.edges in result.json)%n", m.edges().beganBefore(), m.edges().endedAfter(),
                    m.edges().longestResponseMs());
        }
        printCost(r);
        // every type's, the deferred parts' too: the count the failed-transactions rule gives
        long unknown = m.types().stream().mapToLong(TypeSummary::outcomeUnknown).sum();
        for (io.tpkit.metrics.Outage o : r.outages()) {
            out.printf(Locale.ROOT, "Outage: no transaction completed from %.0f s to %.0f s (%.0f s) while failures were "
                    + "reported%n", o.from(), o.to(), o.seconds());
        }
        io.tpkit.metrics.Stalls stalls = m.stalls();
        if (stalls != null && stalls.count() > 0) {
            out.printf(Locale.ROOT, "Stalls: %d, %s in all (the longest %s, from %.0f s): seconds in which nothing "
                    + "completed while requests were outstanding (metrics.stalls in result.json)%n", stalls.count(),
                    io.tpkit.result.Units.duration(stalls.totalSeconds()),
                    io.tpkit.result.Units.duration(stalls.longestSeconds()), stalls.longestFrom());
        }
        printConnections(m.connections());
        printMonitorGaps(r.monitor());
        if (unknown > 0) {
            out.printf(Locale.ROOT, "Outcome unknown: %d transactions lost with their connection during the commit "
                    + "(neither committed nor failed here; the consistency check reconciles them)%n", unknown);
        }
        if (m.totalFailed() > 0 || m.totalRetries() > 0) {
            long afterRetries = m.types().stream().mapToLong(TypeSummary::committedAfterRetries).sum();
            out.printf(Locale.ROOT, "Retries %d (attempts repeated after a deadlock, serialization failure, lock timeout "
                    + "or duplicate key; %d transactions committed after at least one), failed %d (by cause in "
                    + "result.json)%n", m.totalRetries(), afterRetries, m.totalFailed());
            r.firstErrors().forEach((k, v) -> out.printf("  SQLState class %s: %s%n", k, v));
        }
        long failedChecks = r.consistency().stream().filter(CheckResult::failed).count();
        out.println("Consistency: " + CheckResult.summary(r.consistency()));
        if (failedChecks > 0) {
            printChecks(out, r.consistency().stream().filter(CheckResult::failed).toList());
        }
        out.println("Validity: " + r.validity().verdict());
        for (RuleResult rule : r.validity().rules()) {
            if (rule.failed()) {
                out.printf("  not met: %s -- %s%n", rule.rule(), rule.detail());
            }
        }
        java.nio.file.Path dir = java.nio.file.Path.of(r.resultDir());
        if (io.tpkit.result.DriverLog.written(dir)) {
            out.println("Driver log: the connection pool's and the JDBC driver's own messages, with their stack traces: "
                    + dir.resolve(io.tpkit.result.DriverLog.FILE));
        }
        out.println("Results: " + r.resultDir());
        out.println("Report: " + java.nio.file.Path.of(r.resultDir()).resolve("report.html"));
        out.flush();
    }

    /** Connections lost, refused, and how long fewer worked than asked (metrics.connections). */
    private void printConnections(io.tpkit.metrics.Connections c) {
        if (c != null && c.eventful()) {
            out.println(io.tpkit.report.RunReport.connectionsText(c) + " (metrics.connections in result.json)");
        }
    }

    /** The stretches in which the monitor did not read the server (monitor.gaps). */
    private void printMonitorGaps(io.tpkit.monitor.MonitorSummary monitor) {
        if (monitor != null && monitor.gaps() != null && !monitor.gaps().isEmpty()) {
            out.println(io.tpkit.report.RunReport.gapsText(monitor) + " (monitor.gaps in result.json)");
        }
    }

    /** The deferred transactions queued in the interval, followed to their end (deferred.csv). */
    private void printDeferred(io.tpkit.metrics.DeferredSummary d) {
        if (d == null) {
            return;
        }
        out.printf(Locale.ROOT, "deferred: %d queued in the interval: %d completed (p90 %s from queue to commit), "
                        + "%d failed, %s%d not executed, %d skipped part of their work; at the interval's end %d waited "
                        + "(the oldest %.1f s); %d of at most %d workers; each one in deferred.csv%n",
                d.queued(), d.completed(), d.p90Seconds() == null ? "n/a" : String.format(Locale.ROOT, "%.3f s",
                        d.p90Seconds()), d.failed(), d.outcomeUnknown() == 0 ? "" : d.outcomeUnknown()
                        + " with an unknown outcome (lost with the connection during the commit), ", d.notExecuted(), d.skipped(), d.backlogAtEnd(),
                d.oldestAtEndSeconds(), d.workers(), d.maxWorkers());
    }

    /**
     * What a committed transaction cost: CPU of the driver and the database (the two share a
     * small machine), the round trips and bytes the driver counted, and per type.
     */
    private void printCost(RunResult r) {
        io.tpkit.result.CostPerTransaction c = r.cost();
        if (c == null || c.committed() == 0) {
            return;
        }
        out.println();
        out.printf(Locale.ROOT, "Cost per committed transaction (measurement interval, %,d committed; how: \"cost\" "
                + "in result.json):%n", c.committed());
        if (c.driverCpuMicros() != null) {
            out.printf(Locale.ROOT, "  driver CPU     %9.1f us%s%s, %.1f%% of the machine%n", c.driverCpuMicros(),
                    c.driverUserMicros() == null ? "" : String.format(Locale.ROOT, " (user %.1f, system %.1f)",
                            c.driverUserMicros(), c.driverSystemMicros()),
                    c.driverJitMicros() == null ? "" : String.format(Locale.ROOT, "; of it JIT compiler %.1f, GC %.1f",
                            c.driverJitMicros(), c.driverGcMicros()), c.driverMachinePct());
        }
        if (c.databaseCpuMicros() != null) {
            out.printf(Locale.ROOT, "  database CPU   %9.1f us%s (%s)%n", c.databaseCpuMicros(),
                    c.databaseMachinePct() == null ? ""
                            : String.format(Locale.ROOT, ", %.1f%% of the machine", c.databaseMachinePct()),
                    c.databaseCpuSource());
        }
        out.printf(Locale.ROOT, "  round trips    %9.2f (%.2f statements, %.2f commits, %.2f rollbacks, %.2f result sets)%n",
                c.roundTrips(), c.statements(), c.commits(), c.rollbacks(), c.resultSets());
        StringBuilder more = new StringBuilder();
        if (c.bytesSent() != null) {
            more.append(String.format(Locale.ROOT, "network %,.0f bytes sent, %,.0f received", c.bytesSent(),
                    c.bytesReceived()));
        }
        if (c.walBytes() != null) {
            more.append(more.isEmpty() ? "" : "; ").append(String.format(Locale.ROOT, "WAL %,.0f bytes", c.walBytes()));
        }
        if (c.blockReads() != null) {
            more.append(more.isEmpty() ? "" : "; ").append(String.format(Locale.ROOT, "block reads %.2f",
                    c.blockReads()));
        }
        if (!more.isEmpty()) {
            out.println("  " + more);
        }
        c.notes().forEach(n -> out.println("  " + n));
        out.printf(Locale.ROOT, "  %-20s %12s %11s %14s %11s %11s%n", "per transaction of", "round trips",
                "statements", "driver CPU us", "bytes sent", "bytes recv");
        for (TypeSummary t : r.metrics().types()) {
            io.tpkit.metrics.TypeCost tc = t.cost();
            if (tc == null || tc.transactions() == 0) {
                continue;
            }
            out.printf(Locale.ROOT, "  %-20s %12.2f %11.2f %14s %11s %11s%n", t.name(), tc.roundTrips(), tc.statements(),
                    tc.driverCpuMicros() < 0 ? "-" : String.format(Locale.ROOT, "%.1f", tc.driverCpuMicros()),
                    tc.bytesSent() < 0 ? "-" : String.format(Locale.ROOT, "%.0f", tc.bytesSent()),
                    tc.bytesReceived() < 0 ? "-" : String.format(Locale.ROOT, "%.0f", tc.bytesReceived()));
        }
        out.println("  (per type: per transaction executed; driver CPU of the connection's thread, first statement to commit)");
    }

    /** The rate of each iteration, ten to a line (HPSS: the report's table of 50 iterations). */
    private void printIterations(RunMetrics m) {
        if (m.iterations().isEmpty()) {
            return;
        }
        out.println();
        out.println("per iteration (committed / the iteration's wall time, per second):");
        for (int i = 0; i < m.iterations().size(); i += 10) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %3d-%-3d", i + 1,
                    Math.min(i + 10, m.iterations().size())));
            for (int j = i; j < Math.min(i + 10, m.iterations().size()); j++) {
                line.append(String.format(Locale.ROOT, " %8.1f", m.iterations().get(j).perSecond()));
            }
            out.println(line);
        }
    }

    static void printChecks(PrintWriter out, List<CheckResult> checks) {
        for (CheckResult c : checks) {
            out.printf("  %-6s %s: %s%n", c.passed() ? "ok" : c.unchecked() ? "NOT CHECKED" : c.skipped() ? "skipped" : "FAILED", c.name(),
                    c.detail());
        }
        out.flush();
    }

    static String describe(LoadReport r) {
        String size = r.databaseBytes() < 0 ? "" : String.format(Locale.ROOT, "; database %.1f MiB (%.1f MiB per scale unit)",
                r.databaseBytes() / 1048576.0, r.bytesPerScaleUnit() / 1048576.0);
        if (r.slice() != null) {
            return String.format(Locale.ROOT, "loaded %s, %s: %,d rows in %.1f s (%,.0f rows/s); the whole load at "
                    + "scale %d is done%s", r.workload(), r.slice(), r.rows(), r.seconds(), r.rowsPerSecond(),
                    r.scale(), size);
        }
        return String.format(Locale.ROOT, "loaded %s at scale %d: %,d rows in %.1f s (%,.0f rows/s)%s",
                r.workload(), r.scale(), r.rows(), r.seconds(), r.rowsPerSecond(), size);
    }
}
