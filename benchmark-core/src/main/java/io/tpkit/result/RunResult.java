package io.tpkit.result;

import io.tpkit.metrics.RunMetrics;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.validity.Verdict;
import java.util.List;
import java.util.Map;

/**
 * Everything one run produced, as written to result.json.
 *
 * @param resultDir     the run's result folder
 * @param configuration the configuration as given (no password)
 * @param environment   tpkit, JVM, OS and machine
 * @param database      target, product, version and settings snapshot
 * @param workload      the workload's name, effective shape and parameters
 * @param headline      the benchmark's own headline figures by id (TPC-C: {@code nopm}), each with its
 *                      label, value and unit; may be empty
 * @param load          the load this run did first, or null
 * @param metrics       the measurement interval
 * @param consistency   the consistency checks run after the measurement (with the driver's
 *                      count cross-checked against the database's own)
 * @param validity      the auditor's rules and verdict
 * @param firstErrors   the first message of each SQLState class that made a transaction fail
 * @param outages       stretches without a completed transaction while failures were reported
 *                      (the database down or unreachable), in seconds since the start
 * @param monitor       the machine's and the server's figures during the run (monitor.csv summarised),
 *                      or null when nothing was monitored
 * @param cost          what a committed transaction cost the driver and the database
 */
public record RunResult(String resultDir, String startedAt, String finishedAt,
                        ConfigurationSection configuration, EnvironmentSection environment,
                        DatabaseSection database, WorkloadSection workload,
                        Map<String, io.tpkit.metrics.HeadlineFigure> headline, LoadReport load,
                        RunMetrics metrics, List<CheckResult> consistency, Verdict validity,
                        Map<String, String> firstErrors, List<io.tpkit.metrics.Outage> outages,
                        io.tpkit.monitor.MonitorSummary monitor, CostPerTransaction cost) {
    /** The same result, found in {@code dir} (its folder was moved or copied since it was written). */
    public RunResult withResultDir(String dir) {
        return new RunResult(dir, startedAt, finishedAt, configuration, environment, database, workload, headline, load,
                metrics, consistency, validity, firstErrors, outages, monitor, cost);
    }

    /** What this part of a split run recorded for the merge, or null for a result that is not a part. */
    public PartRecord part() {
        return workload == null ? null : workload.part();
    }

    /** No consistency check failed (a skipped one is not a failure). */
    public boolean consistent() {
        return consistency.stream().noneMatch(CheckResult::failed);
    }
}
