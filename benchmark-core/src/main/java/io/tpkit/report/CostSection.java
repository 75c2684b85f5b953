package io.tpkit.report;

import io.tpkit.metrics.TypeCost;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.result.CostPerTransaction;
import io.tpkit.result.RunResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** What a committed transaction cost, for the run and per type. */
final class CostSection extends ReportSection {
    CostSection(RunResult result, StringBuilder html) {
        super(result, html);
    }

    /** A figure of the cost section: its name in result.json, its label, how to get it. */
    private record CostRow(String key, String label, Function<CostPerTransaction, Double> value) {
    }

    private static final List<CostRow> COST_ROWS = List.of(
            new CostRow("driverCpuMicros", "driver CPU, us", CostPerTransaction::driverCpuMicros),
            new CostRow("driverUserMicros", "driver CPU, user, us", CostPerTransaction::driverUserMicros),
            new CostRow("driverSystemMicros", "driver CPU, system, us", CostPerTransaction::driverSystemMicros),
            new CostRow("driverJitMicros", "driver CPU, of it the JIT compiler, us", CostPerTransaction::driverJitMicros),
            new CostRow("driverGcMicros", "driver CPU, of it the garbage collector, us",
                    CostPerTransaction::driverGcMicros),
            new CostRow("driverMachinePct", "driver's share of the machine, %", CostPerTransaction::driverMachinePct),
            new CostRow("databaseCpuMicros", "database CPU, us", CostPerTransaction::databaseCpuMicros),
            new CostRow("databaseMachinePct", "database's share of the machine, %",
                    CostPerTransaction::databaseMachinePct),
            new CostRow("roundTrips", "round trips (requests sent and waited for)", CostPerTransaction::roundTrips),
            new CostRow("statements", "statements", CostPerTransaction::statements),
            new CostRow("resultSets", "result sets", CostPerTransaction::resultSets),
            new CostRow("commits", "commits", CostPerTransaction::commits),
            new CostRow("rollbacks", "rollbacks", CostPerTransaction::rollbacks),
            new CostRow("bytesSent", "bytes sent by the driver", CostPerTransaction::bytesSent),
            new CostRow("bytesReceived", "bytes received by the driver", CostPerTransaction::bytesReceived),
            new CostRow("walBytes", "WAL / redo bytes", CostPerTransaction::walBytes),
            new CostRow("blockReads", "block reads", CostPerTransaction::blockReads));

    /** The per-type cost columns: name in result.json and value (negative: not counted). */
    private static final Map<String, Function<TypeCost, Double>> TYPE_COST = new LinkedHashMap<>();

    static {
        TYPE_COST.put("roundTrips", TypeCost::roundTrips);
        TYPE_COST.put("statements", TypeCost::statements);
        TYPE_COST.put("resultSets", TypeCost::resultSets);
        TYPE_COST.put("driverCpuMicros", TypeCost::driverCpuMicros);
        TYPE_COST.put("bytesSent", TypeCost::bytesSent);
        TYPE_COST.put("bytesReceived", TypeCost::bytesReceived);
    }

    /** What a committed transaction cost, for the run and per type (result.json "cost"). */
    void write() {
        CostPerTransaction c = result.cost();
        if (c == null || c.committed() == 0) {
            return;
        }
        html.append("<h2>Cost per committed transaction</h2>\n<table id=\"cost\">\n");
        for (CostRow r : COST_ROWS) {
            Double v = r.value().apply(c);
            if (v != null) {
                row(r.label(), "cost." + r.key(), v);
            }
        }
        html.append("</table>\n<p class=\"sub\">").append(Html.escape(c.basis()));
        if (c.databaseCpuSource() != null) {
            html.append(". Database CPU: ").append(Html.escape(c.databaseCpuSource()));
        }
        html.append(".</p>\n");
        if (!each(c.notes()).isEmpty()) {
            html.append("<ul class=\"na\">");
            c.notes().forEach(n -> html.append("<li>").append(Html.escape(n)).append("</li>"));
            html.append("</ul>\n");
        }
        html.append("<table id=\"cost-by-type\"><tr><th>per transaction of</th><th>round trips</th><th>statements</th>"
                + "<th>result sets</th><th>driver CPU us</th><th>bytes sent</th><th>bytes received</th></tr>\n");
        int i = 0;
        for (TypeSummary t : each(result.metrics().types())) {
            String k = "metrics.types." + i++ + ".cost.";
            TypeCost tc = t.cost();
            if (tc == null || tc.transactions() == 0) {
                continue;
            }
            html.append("<tr><td>").append(Html.escape(t.name())).append("</td>");
            TYPE_COST.forEach((f, value) -> {
                double v = value.apply(tc);
                if (v < 0) {
                    html.append("<td class=\"na\">-</td>");
                } else {
                    cell(k + f, v);
                }
            });
            html.append("</tr>\n");
        }
        html.append("</table>\n<p class=\"sub\">Per type: per transaction executed (committed, rolled back or "
                + "failed, retries included); driver CPU of the connection's thread from the first statement to the "
                + "commit.</p>\n");
    }

    private void row(String label, String key, double value) {
        html.append("<tr><td>").append(Html.escape(label)).append("</td><td data-key=\"").append(key).append("\">")
                .append(fmt(value)).append("</td></tr>\n");
    }
}
