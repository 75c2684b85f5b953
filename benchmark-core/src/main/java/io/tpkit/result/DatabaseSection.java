package io.tpkit.result;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.tpkit.spi.database.SettingsSnapshot;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The database a run measured ({@code database} in result.json): the target's description (its
 * kind and address, and what else a kind of target says of itself), the server's product,
 * version and settings snapshot, and what the data had been through before the run.
 *
 * @param kind               the kind of target ({@code embedded-postgres}, {@code jdbc-url}, {@code container})
 * @param url                its JDBC URL, any password masked
 * @param dataDir            where an embedded server keeps its files ({@code temporary} when nowhere given)
 * @param user               the user a {@code jdbc-url} target connects as
 * @param image              a container's image
 * @param resources          a container's limits ({@code cpus}, {@code memoryBytes}: a number or {@code none})
 * @param plugin             the database plugin's name
 * @param product            the server's product name
 * @param version            the server's version
 * @param durable            whether every committed transaction survives a crash of the server
 * @param durabilityIssues   the settings that make it not durable, in words
 * @param settings           the server's settings snapshot: open-ended, each plugin's own
 * @param transactionsBefore the workload's count of its transactions before the run, when it keeps one
 * @param startingData       for a run of a series, how its data was prepared
 * @param rest               the rest of the target's description (a container's image id, engine, port...),
 *                           and keys this version does not name
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DatabaseSection(String kind, String url, String dataDir, String user, String image,
                              Map<String, Object> resources, String plugin, String product, String version,
                              Boolean durable, List<String> durabilityIssues, Map<String, String> settings,
                              Long transactionsBefore, StartingDataSection startingData,
                              @JsonAnySetter @JsonAnyGetter Map<String, Object> rest) {
    public DatabaseSection {
        rest = Sections.rest(rest);
    }

    /**
     * The target's own description ({@code Target.describe()}) with the server's snapshot.
     *
     * @param plugin the database plugin's name
     */
    public static DatabaseSection of(Map<String, Object> target, String plugin, SettingsSnapshot server) {
        DatabaseSection t = Sections.of(new LinkedHashMap<>(target), DatabaseSection.class);
        return new DatabaseSection(t.kind, t.url, t.dataDir, t.user, t.image, t.resources, plugin, server.product(),
                server.version(), server.durable(), server.durabilityIssues(), server.settings(), null, null, t.rest);
    }

    /** The same with what the data had been through before the run (either may be null: not known). */
    public DatabaseSection withStart(Long transactionsBefore, StartingDataSection startingData) {
        return new DatabaseSection(kind, url, dataDir, user, image, resources, plugin, product, version, durable,
                durabilityIssues, settings, transactionsBefore, startingData, rest);
    }

    /** The server's snapshot as the run took it. */
    public SettingsSnapshot server() {
        return new SettingsSnapshot(product, version, settings == null ? Map.of() : settings,
                durabilityIssues == null ? List.of() : durabilityIssues);
    }

    /** The product and its version, as a line says them ({@code PostgreSQL 18.1}). */
    public String productVersion() {
        return product + " " + version;
    }

    /** The data was restored from the series' copy before the run. */
    public boolean restored() {
        return startingData != null && startingData.restored();
    }

    /** The section as written, for a walk over every key. */
    public Map<String, Object> asMap() {
        return Sections.asMap(this);
    }
}
