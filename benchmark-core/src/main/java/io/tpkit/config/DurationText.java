package io.tpkit.config;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people type them: {@code 90s}, {@code 5m}, {@code 1h30m}, {@code 500ms}, {@code 0}. */
public final class DurationText {
    private static final Pattern PART = Pattern.compile("(\\d+)(ms|h|m|s)");
    /** The longest duration any time option takes: longer ones are typing errors, and overflow nanoseconds. */
    public static final Duration LONGEST = Duration.ofDays(366);

    private DurationText() {
    }

    /** A bare number is seconds ({@code 90}), as in earlier versions and the Java API's option maps. */
    public static Duration parse(String value) {
        return parse(value, ChronoUnit.SECONDS);
    }

    /**
     * @param bareUnit what a number without a unit means (pgbench's: seconds for -T, milliseconds
     *                 for -L), or null when a unit is required (a bare 0 is zero in every unit)
     * @throws BadInputException when {@code value} is not such a duration
     */
    public static Duration parse(String value, ChronoUnit bareUnit) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        try {
            if (v.matches("\\d+")) {
                long n = Long.parseLong(v);
                if (n != 0 && bareUnit == null) {
                    throw new BadInputException("'" + value + "' needs a unit: " + v + "ms, " + v + "s, " + v + "m "
                            + "or " + v + "h");
                }
                return n == 0 ? Duration.ZERO : bounded(value, Duration.of(n, bareUnit));
            }
            Matcher m = PART.matcher(v);
            Duration d = Duration.ZERO;
            int end = 0;
            while (m.find()) {
                if (m.start() != end) {
                    break;
                }
                long n = Long.parseLong(m.group(1));
                d = d.plus(switch (m.group(2)) {
                    case "h" -> Duration.ofHours(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "ms" -> Duration.ofMillis(n);
                    default -> Duration.ofSeconds(n);
                });
                end = m.end();
            }
            if (end == 0 || end != v.length()) {
                throw new BadInputException("'" + value + "' is not a duration (examples: 90s, 5m, 1h30m, 500ms)");
            }
            return bounded(value, d);
        } catch (NumberFormatException | ArithmeticException e) {
            throw tooLong(value);
        }
    }

    private static Duration bounded(String value, Duration d) {
        if (d.compareTo(LONGEST) > 0) {
            throw tooLong(value);
        }
        return d;
    }

    private static BadInputException tooLong(String value) {
        return new BadInputException("'" + value + "' is longer than a time option takes (at most "
                + LONGEST.toHours() + "h, a year)");
    }
}
