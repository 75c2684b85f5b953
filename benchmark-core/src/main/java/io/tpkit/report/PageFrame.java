package io.tpkit.report;

import io.tpkit.result.RunResult;

/** The page around the sections: its head, style and title, and its closing note. */
final class PageFrame extends ReportSection {
    PageFrame(RunResult result, StringBuilder html) {
        super(result, html);
    }

    void open() {
        String title = text(workload().name()) + " on " + text(database().product()) + " "
                + text(database().version());
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(Html.escape(title)).append("</title><style>").append(Html.STYLE).append("</style></head><body>\n");
        html.append("<h1>").append(Html.escape(title)).append("</h1>\n");
    }

    void close() {
        html.append("<p class=\"sub\">Response time = completion minus intended start (queueing included); "
                + "percentiles from HdrHistogram. Per-second figures come from timeseries.csv, server and OS "
                + "figures from monitor.csv; every number here is in result.json or those files.</p>\n");
        html.append("</body></html>\n");
    }
}
