package io.tpkit.cli;

import picocli.CommandLine;

/** {@code --think spec|off|FACTOR}: the benchmark's keying and think times, none, or scaled. */
final class ThinkConverter implements CommandLine.ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
        String v = value.trim().toLowerCase(java.util.Locale.ROOT);
        if (v.equals("spec")) {
            return 1.0;
        }
        if (v.equals("off")) {
            return 0.0;
        }
        try {
            double f = Double.parseDouble(v);
            if (f >= 0 && Double.isFinite(f)) {
                return f;
            }
        } catch (NumberFormatException ignored) {
            // fall through to the message
        }
        throw new CommandLine.TypeConversionException("'" + value + "' is not spec, off or a factor >= 0 (e.g. 0.1)");
    }
}
