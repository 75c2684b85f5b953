package io.tpkit.report;

import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.result.RunResult;
import java.util.Map;
import java.util.function.Function;

/** Per transaction type: counts, rate and response-time percentiles of the measurement interval. */
final class TypeTable extends ReportSection {
    TypeTable(RunResult result, StringBuilder html) {
        super(result, html);
    }

    void write() {
        html.append("<h2>Transactions (measurement interval)</h2>\n<table id=\"types\"><tr><th>type</th><th>committed</th>"
                + "<th>rollbacks</th><th>failed</th><th>retries</th><th>per s</th><th>p50 ms</th><th>p90 ms</th>"
                + "<th>p95 ms</th><th>p99 ms</th><th>p99.9 ms</th><th>max ms</th></tr>\n");
        int i = 0;
        for (TypeSummary t : each(result.metrics().types())) {
            String k = "metrics.types." + i++ + ".";
            html.append("<tr><td>").append(Html.escape(t.name())).append("</td>");
            countCell(k + "committed", t.committed());
            countCell(k + "businessRollbacks", t.businessRollbacks());
            countCell(k + "failed", sum(t.failed()));
            countCell(k + "retries", sum(t.retries()));
            cell(k + "perSecond", t.perSecond());
            if (t.response() == null || t.response().count() == 0) {
                // nothing to take percentiles of: not a response time of 0.00 ms
                html.append("<td colspan=\"").append(PERCENTILES.size()).append("\">no sample</td>");
            } else {
                for (Map.Entry<String, Function<LatencySummary, Double>> p : PERCENTILES.entrySet()) {
                    cell(k + "response." + p.getKey(), p.getValue().apply(t.response()));
                }
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    private static long sum(Map<String, Long> counts) {
        return each(counts).values().stream().mapToLong(Long::longValue).sum();
    }
}
