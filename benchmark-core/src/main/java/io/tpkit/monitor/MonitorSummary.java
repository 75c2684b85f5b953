package io.tpkit.monitor;

import java.util.List;
import java.util.Map;

/**
 * The {@code monitor} section of result.json.
 *
 * @param fromSeconds the measurement interval in the elapsed seconds of monitor.csv and
 *                    timeseries.csv (null when the whole run is summarised, see notes)
 * @param samples     the one-second rows the means and maxima are taken over
 * @param series      per monitor.csv column: mean and max over those rows
 * @param events      everything noticed during the whole run (checkpoints), by elapsed second
 * @param notes       why series are absent, or anything else a reader needs to know
 */
public record MonitorSummary(double intervalSeconds, Double fromSeconds, Double toSeconds, int samples,
                             Map<String, Stat> series, List<Event> events, List<String> notes) {
    public record Stat(double mean, double max) {
    }

    /** @param elapsedSeconds the end of the second in which it was seen (elapsed_s of its row) */
    public record Event(double elapsedSeconds, String event) {
    }
}
