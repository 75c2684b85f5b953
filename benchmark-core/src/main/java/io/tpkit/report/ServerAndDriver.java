package io.tpkit.report;

import io.tpkit.result.RunResult;
import io.tpkit.result.Units;
import java.util.List;
import java.util.Map;

/** The server's settings as read before the run, and the driver's machine. */
final class ServerAndDriver extends ReportSection {
    ServerAndDriver(RunResult result, StringBuilder html) {
        super(result, html);
    }

    void write() {
        settings();
        driver();
    }

    /** The server's settings as recorded before the run, a row each, with the durability verdict. */
    private void settings() {
        Map<String, String> settings = each(database().settings());
        Boolean durable = database().durable();
        if (settings.isEmpty() && durable == null) {
            return;
        }
        html.append("<h2>Server settings, as read before the run</h2>\n<table id=\"settings\" class=\"facts\">\n");
        if (durable != null) {
            html.append("<tr><td>commits durable</td><td class=\"").append(durable ? "pass\">yes" : "fail\">NO")
                    .append("</td></tr>\n");
        }
        if (database().durabilityIssues() != null) {
            for (String issue : database().durabilityIssues()) {
                html.append("<tr><td>durability issue</td><td class=\"fail\">").append(Html.escape(String.valueOf(issue)))
                        .append("</td></tr>\n");
            }
        }
        settings.forEach((k, v) -> html.append("<tr><td><code>").append(Html.escape(k)).append("</code></td><td>")
                .append(Html.escape(String.valueOf(v))).append("</td></tr>\n"));
        html.append("</table>\n");
    }

    /** The driver's machine: counts as integers, bytes and seconds in human units. */
    private void driver() {
        html.append("<h2>Environment of the driver</h2>\n<table id=\"environment\">\n");
        environment().asMap().forEach((key, value) -> {
            if (value == null || value instanceof Map<?, ?> || value instanceof java.util.Collection<?>
                    || value.toString().isEmpty()) {
                return;
            }
            String shown;
            if (key.endsWith("Bytes") && value instanceof Number n) {
                shown = Units.bytes(n.doubleValue());
            } else if (key.endsWith("Seconds") && value instanceof Number n) {
                shown = Units.duration(n.doubleValue());
            } else if (value instanceof Double || value instanceof Float) {
                shown = fmt(((Number) value).doubleValue());
            } else {
                shown = value.toString();
            }
            html.append("<tr><td>").append(Html.escape(ENVIRONMENT.getOrDefault(key, key)))
                    .append("</td><td style=\"text-align:left\">").append(Html.escape(shown)).append("</td></tr>\n");
        });
        html.append("</table>\n");
    }

    private static final Map<String, String> ENVIRONMENT = Map.of("tpkitVersion", "tpkit", "cpus", "CPUs",
            "memoryBytes", "memory", "maxHeapBytes", "driver's maximum heap", "peakHeapUsedBytes",
            "driver's peak heap use", "jvmOptions", "JVM options", "garbageCollectors", "garbage collectors",
            "driverCpuSeconds", "driver CPU, whole run", "host", "host");
}
