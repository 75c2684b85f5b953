package io.tpkit.spi.workload;

import io.tpkit.metrics.RunMetrics;
import java.util.Map;

/** What the run measured, for a workload's validity rules. */
public record MeasuredRun(RunMetrics metrics, int terminals, int connections, double thinkFactor,
                       Map<String, String> databaseSettings) {
}
