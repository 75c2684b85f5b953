package io.tpkit.metrics;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One of a benchmark's own headline figures, as result.json's {@code headline} holds it under
 * its id (see {@link Headline}): {@code "nopm": {"label": "NOPM (...)", "value": 1234.5,
 * "unit": "1/min"}}.
 *
 * @param label what the figure is and how it was obtained, in words: what the console prints
 * @param value the figure, or null when it is not shown (then {@code note} says why)
 * @param unit  its unit: {@link #PER_MINUTE}, {@link #PER_SECOND}, {@link #PERCENT} or {@link #COUNT}
 * @param note  why the figure is not shown, or null (absent from result.json when null)
 */
public record HeadlineFigure(String label, Double value, String unit,
                             @JsonInclude(JsonInclude.Include.NON_NULL) String note) {
    /** Events per minute. */
    public static final String PER_MINUTE = "1/min";
    /** Events per second. */
    public static final String PER_SECOND = "1/s";
    /** A percentage. */
    public static final String PERCENT = "%";
    /** A number of things (keys, rows...). */
    public static final String COUNT = "count";

    /**
     * The value as the console shows it: a count as an integer, any other figure with two
     * decimals (also when whole), or "not shown: WHY".
     */
    public String display() {
        if (value == null) {
            return "not shown: " + (note == null ? "no value" : note);
        }
        return COUNT.equals(unit) && value == Math.rint(value) ? Long.toString(value.longValue())
                : String.format(java.util.Locale.ROOT, "%.2f", value);
    }
}
