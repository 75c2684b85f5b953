package io.tpkit.spi.workload;

/**
 * An option only one workload understands, shown in its {@code --help} and passed through
 * {@link io.tpkit.config.BenchmarkConfig#options()} under {@link #name()} (without dashes).
 */
public record WorkloadOption(String name, String paramLabel, String description, String defaultValue) {
}
