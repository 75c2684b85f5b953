package io.tpkit.report;

import io.tpkit.metrics.Outage;
import io.tpkit.metrics.Stalls;
import io.tpkit.monitor.MonitorSummary;
import io.tpkit.result.RunResult;
import java.util.Locale;

/** A chart over the run's time, with its phases, stalls, outages and server events drawn in. */
final class TimeChart {
    private TimeChart() {
    }

    /** Phases as shaded bands, stalls and outages hatched, server events as markers, on every time chart. */
    static SvgChart of(RunResult result, CsvTable series, String id, String yLabel) {
        SvgChart chart = new SvgChart(id, "seconds since the start of the run", yLabel).xFrom(0);
        TimeSeries.phases(series).forEach((phase, span) -> chart.band(span[0], span[1], phase));
        Stalls stalls = result.metrics().stalls();
        if (stalls != null) {
            for (Stalls.Stall s : stalls.stretches()) {
                chart.stall(s.from(), s.to(), String.format(Locale.ROOT, "stall: nothing completed from %.1f s to "
                        + "%.1f s while %d requests were outstanding", s.from(), s.to(), s.inFlight()));
            }
        }
        for (Outage o : ReportSection.each(result.outages())) {
            chart.stall(o.from(), o.to(), String.format(Locale.ROOT, "outage: no transaction completed from %.1f s "
                    + "to %.1f s while failures were reported", o.from(), o.to()));
        }
        if (!ReportSection.each(result.outages()).isEmpty()) {
            chart.stallLegend("stall or outage: nothing completed (hover for details)");
        }
        if (result.monitor() != null) {
            for (MonitorSummary.Event e : ReportSection.each(result.monitor().events())) {
                chart.marker(e.elapsedSeconds(), e.event());
            }
        }
        return chart;
    }
}
