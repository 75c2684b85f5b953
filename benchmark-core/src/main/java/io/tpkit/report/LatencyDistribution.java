package io.tpkit.report;

import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** The response time at each percentile, per type, of the measurement interval. */
final class LatencyDistribution extends ReportSection {
    LatencyDistribution(RunResult result, StringBuilder html) {
        super(result, html);
    }

    /** Where the percentiles sit on the distribution's x axis: spaced by nines (90, 99, 99.9), max last. */
    private static final double[] NINES = {Math.log10(2), 1, Math.log10(20), 2, 3, 4};
    private static final String[] PERCENTILE_LABELS = {"50", "90", "95", "99", "99.9", "max"};

    /** The response time at each percentile, per type, on an axis labelled in percentiles. */
    void write() {
        SvgChart chart = new SvgChart("distribution", "percentile (spaced by nines: 90, 99, 99.9; then the maximum)",
                "response time, ms (logarithmic)").logY();
        Map<Double, String> ticks = new LinkedHashMap<>();
        for (int i = 0; i < NINES.length; i++) {
            ticks.put(NINES[i], PERCENTILE_LABELS[i]);
        }
        chart.xTicks(ticks);
        for (TypeSummary t : each(result.metrics().types())) {
            if (t.response() == null || t.response().count() == 0) {
                continue;
            }
            List<double[]> points = new ArrayList<>();
            int i = 0;
            for (Function<LatencySummary, Double> p : PERCENTILES.values()) {
                points.add(new double[] {NINES[i++], p.apply(t.response())});
            }
            chart.series(t.name(), points);
        }
        if (!chart.isEmpty()) {
            html.append("<h2>Latency distribution by type (measurement interval)</h2>\n").append(chart.render());
        }
    }
}
