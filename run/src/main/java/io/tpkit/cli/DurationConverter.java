package io.tpkit.cli;

import io.tpkit.config.BadInputException;
import io.tpkit.config.DurationText;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import picocli.CommandLine;

/**
 * Durations as people type them: {@code 90s}, {@code 5m}, {@code 1h30m}, {@code 500ms}. A number
 * without a unit is refused (a bare {@code 0} is zero in every unit), except where pgbench's
 * option of the same meaning takes one: {@link Seconds} (-T) and {@link Milliseconds} (-L).
 */
class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    private final ChronoUnit bare;

    DurationConverter() {
        this(null);
    }

    DurationConverter(ChronoUnit bare) {
        this.bare = bare;
    }

    @Override
    public Duration convert(String value) {
        try {
            return DurationText.parse(value, bare);
        } catch (BadInputException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }

    /** A bare number is seconds, as pgbench's -T. */
    static final class Seconds extends DurationConverter {
        Seconds() {
            super(ChronoUnit.SECONDS);
        }
    }

    /** A bare number is milliseconds, as pgbench's -L. */
    static final class Milliseconds extends DurationConverter {
        Milliseconds() {
            super(ChronoUnit.MILLIS);
        }
    }

    /** {@code --warmup}: a duration, or {@code auto} (null: the default, until the JIT compiler settles). */
    static final class OrAuto extends DurationConverter {
        @Override
        public Duration convert(String value) {
            return "auto".equalsIgnoreCase(value.trim()) ? null : super.convert(value);
        }
    }
}
