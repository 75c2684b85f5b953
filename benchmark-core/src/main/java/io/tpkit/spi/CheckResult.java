package io.tpkit.spi;

/** One consistency condition and what the database said about it. */
public record CheckResult(String name, boolean passed, String detail) {
    public static CheckResult of(String name, boolean passed, String detail) {
        return new CheckResult(name, passed, detail);
    }
}
