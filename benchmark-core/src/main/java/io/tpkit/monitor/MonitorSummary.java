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
 * @param gaps        the stretches of the run in which the server's series (db.*) were not read
 *                    because the monitor's connection was lost; empty when none (null in results
 *                    of versions that did not record them)
 */
public record MonitorSummary(double intervalSeconds, Double fromSeconds, Double toSeconds, int samples,
                             Map<String, Stat> series, List<Event> events, List<String> notes, List<Gap> gaps) {
    public MonitorSummary(double intervalSeconds, Double fromSeconds, Double toSeconds, int samples,
                          Map<String, Stat> series, List<Event> events, List<String> notes) {
        this(intervalSeconds, fromSeconds, toSeconds, samples, series, events, notes, List.of());
    }

    /**
     * @param fromSeconds the end of the last second read before the loss (elapsed seconds)
     * @param toSeconds   when a new connection took its first reading (the next second's figures
     *                    are read again), or null when none did before the run ended
     * @param reason      the error that ended the connection, and those of failed attempts after it
     */
    public record Gap(double fromSeconds, Double toSeconds, String reason) {
    }

    public record Stat(double mean, double max) {
    }

    /** @param elapsedSeconds the end of the second in which it was seen (elapsed_s of its row) */
    public record Event(double elapsedSeconds, String event) {
    }
}
