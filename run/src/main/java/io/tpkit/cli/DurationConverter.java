package io.tpkit.cli;

import io.tpkit.config.BadInputException;
import io.tpkit.config.DurationText;
import java.time.Duration;
import picocli.CommandLine;

/** Durations as people type them: {@code 90}, {@code 90s}, {@code 5m}, {@code 1h30m}, {@code 500ms}. */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
        return parse(value);
    }

    static Duration parse(String value) {
        try {
            return DurationText.parse(value);
        } catch (BadInputException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
