package io.tpkit.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people type them: {@code 90} (seconds), {@code 90s}, {@code 5m}, {@code 1h30m}, {@code 500ms}. */
public final class DurationText {
    private static final Pattern PART = Pattern.compile("(\\d+)(ms|h|m|s)");

    private DurationText() {
    }

    /** @throws BadInputException when {@code value} is not such a duration */
    public static Duration parse(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.matches("\\d+")) {
            return Duration.ofSeconds(Long.parseLong(v));
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
            throw new BadInputException("'" + value + "' is not a duration (examples: 90s, 5m, 1h30m)");
        }
        return d;
    }
}
