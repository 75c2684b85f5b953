package io.tpkit.report;

import io.tpkit.result.RunResult;

/** The headline figures: the workload's own, then TPS. */
final class HeadlineTable extends ReportSection {
    HeadlineTable(RunResult result, StringBuilder html) {
        super(result, html);
    }

    /**
     * The workload's own headline figures first (TPC-C: NOPM), then TPS: label, value (data-key
     * {@code headline.ID.value}, the figure's path in result.json) and unit.
     */
    void write() {
        html.append("<h2>Headline</h2>\n<table id=\"headline\">\n");
        each(result.headline()).forEach((id, f) -> html.append("<tr><td>").append(Html.escape(f.label()))
                .append("</td><td data-key=\"headline.").append(Html.escape(id)).append(".value\"")
                .append(f.value() == null ? " class=\"na\" style=\"text-align:left\">" : ">")
                .append(Html.escape(f.value() == null ? f.display() : io.tpkit.metrics.HeadlineFigure.COUNT.equals(f.unit())
                        ? f.display() : fmt(f.value()))).append("</td><td>").append(Html.escape(unitInWords(f.unit())))
                .append("</td></tr>\n"));
        html.append("<tr><td>TPS (committed transactions per second of the measurement interval, wall clock)</td>");
        cell("metrics.throughput.overWallClock", result.metrics().throughput().overWallClock());
        html.append("<td>").append(Html.escape(io.tpkit.metrics.HeadlineFigure.PER_SECOND)).append("</td></tr>\n");
        html.append("</table>\n");
    }

    /** A headline figure's unit as read: "per second", not result.json's "1/s". */
    static String unitInWords(String unit) {
        if (unit == null) {
            return "";
        }
        return switch (unit) {
            case io.tpkit.metrics.HeadlineFigure.PER_SECOND -> "per second";
            case io.tpkit.metrics.HeadlineFigure.PER_MINUTE -> "per minute";
            case io.tpkit.metrics.HeadlineFigure.COUNT -> "";
            default -> unit;
        };
    }
}
