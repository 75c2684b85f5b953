package io.tpkit.spi.database;

import java.util.List;
import java.util.Map;

/**
 * The server as it was during the run.
 *
 * @param product         e.g. "PostgreSQL"
 * @param version         the server's version string
 * @param settings        the settings that matter to a benchmark, by name
 * @param durabilityIssues settings that make commits non-durable (empty when durable)
 */
public record SettingsSnapshot(String product, String version, Map<String, String> settings,
                               List<String> durabilityIssues) {
    public boolean durable() {
        return durabilityIssues.isEmpty();
    }
}
