package io.tpkit.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Durations as people type them: {@code 90}, {@code 90s}, {@code 5m}, {@code 1h30m}, {@code 500ms}. */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    private static final Pattern PART = Pattern.compile("(\\d+)(ms|h|m|s)");

    @Override
    public Duration convert(String value) {
        return parse(value);
    }

    static Duration parse(String value) {
        String v = value.trim().toLowerCase(java.util.Locale.ROOT);
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
            throw new CommandLine.TypeConversionException("'" + value + "' is not a duration (examples: 90s, 5m, 1h30m)");
        }
        return d;
    }
}
