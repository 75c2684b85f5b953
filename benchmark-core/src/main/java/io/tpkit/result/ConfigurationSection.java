package io.tpkit.result;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.tpkit.config.BenchmarkConfig;
import java.util.List;
import java.util.Map;

/**
 * The configuration of a run as given ({@code configuration} in result.json), with the names of
 * {@link BenchmarkConfig#describe()}: a setting left to its default is null (the workload's
 * section says what the run had), a setting that does not apply is left out. {@code scale},
 * {@code terminals} and {@code arrival} are written even when null, as they always were.
 *
 * @param workload              the workload's name
 * @param target                where it ran, any password masked
 * @param user                  the user given, if any
 * @param password              where the password came from (never the password)
 * @param dataDir               where an embedded server keeps its files, if given
 * @param serverSettings        the server settings given with {@code --server-setting}
 * @param containerResources    the container's limits, when limited
 * @param scale                 the scale given, or null for the workload's default
 * @param connections           the connections
 * @param terminals             the terminals given, or null for the workload's default
 * @param arrival               the arrival model given, or null for the workload's default
 * @param logic                 where the transaction logic runs ({@code client}, ...)
 * @param thinkFactor           the factor on the workload's think times
 * @param warmupSeconds         the warm-up, or its least when it goes on until the JIT compiler settles
 * @param warmupUntilJitSettled true when the warm-up goes on until the driver's JIT compiler settles
 * @param warmupMostSeconds     the most such a warm-up lasts
 * @param transactions          the transactions to measure, for a run by count
 * @param durationSeconds       the measurement's length, for a run by time
 * @param ratePerSecond         the paced rate, if any
 * @param latencyLimitMs        how late a paced request may start before it is skipped
 * @param interarrival          how paced requests are spaced
 * @param ratePerTerminal       true when the rate is each terminal's
 * @param networkDelayOneWayMs  the delay added to each message, if any
 * @param isolation             the isolation level asked for
 * @param databaseCpu           how the database's CPU is read
 * @param load                  the load policy ({@code if_empty}, {@code always}, {@code never})
 * @param maxRetries            how often a failed transaction is tried again
 * @param seed                  the seed of the run's random inputs
 * @param partition             a part of a split run: which part ({@code 1/2})
 * @param runName               a part of a split run: the name the parts meet under
 * @param options               the workload's options as given
 * @param mergedFrom            a merged run's: the parts' folders
 * @param rest                  keys this version does not name (written by an older or a later version)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConfigurationSection(String workload, String target, String user, String password, String dataDir,
                                   Map<String, String> serverSettings, Map<String, Object> containerResources,
                                   @JsonInclude(JsonInclude.Include.ALWAYS) Integer scale, Integer connections,
                                   @JsonInclude(JsonInclude.Include.ALWAYS) Integer terminals,
                                   @JsonInclude(JsonInclude.Include.ALWAYS) String arrival, String logic,
                                   Double thinkFactor, Double warmupSeconds, Boolean warmupUntilJitSettled,
                                   Double warmupMostSeconds, Long transactions, Double durationSeconds,
                                   Double ratePerSecond, Double latencyLimitMs, String interarrival,
                                   Boolean ratePerTerminal, Double networkDelayOneWayMs, String isolation,
                                   String databaseCpu, String load, Integer maxRetries, Long seed, String partition,
                                   String runName, Map<String, String> options, List<String> mergedFrom,
                                   @JsonAnySetter @JsonAnyGetter Map<String, Object> rest) {
    public ConfigurationSection {
        rest = Sections.rest(rest);
    }

    /** The configuration as given. */
    public static ConfigurationSection of(BenchmarkConfig config) {
        return Sections.of(config.describe(), ConfigurationSection.class);
    }

    /** The section as written, for a walk over every key. */
    public Map<String, Object> asMap() {
        return Sections.asMap(this);
    }

    /** The think factor, 1 when not recorded. */
    public double thinkFactorOrOne() {
        return thinkFactor == null ? 1.0 : thinkFactor;
    }

    /**
     * The same with the warm-up the run had: {@code leastSeconds} and, for a warm-up until the
     * JIT compiler settles, {@code mostSeconds}; null for a fixed one.
     */
    public ConfigurationSection withWarmup(double leastSeconds, Double mostSeconds) {
        return new ConfigurationSection(workload, target, user, password, dataDir, serverSettings,
                containerResources, scale, connections, terminals, arrival, logic, thinkFactor, leastSeconds,
                mostSeconds == null ? null : warmupUntilJitSettled, mostSeconds, transactions, durationSeconds,
                ratePerSecond, latencyLimitMs, interarrival, ratePerTerminal, networkDelayOneWayMs, isolation,
                databaseCpu, load, maxRetries, seed, partition, runName, options, mergedFrom, rest);
    }

    /** The same without the settings a fixed-shape benchmark ignores (its own shape is the run's). */
    public ConfigurationSection withoutRunShape() {
        return new ConfigurationSection(workload, target, user, password, dataDir, serverSettings,
                containerResources, scale, null, null, null, null, null, null, null, null, transactions, null,
                ratePerSecond, latencyLimitMs, interarrival, ratePerTerminal, networkDelayOneWayMs, isolation,
                databaseCpu, load, maxRetries, seed, partition, runName, options, mergedFrom, rest);
    }

    /** The same with another seed (null: none recorded). */
    public ConfigurationSection withSeed(Long otherSeed) {
        return new ConfigurationSection(workload, target, user, password, dataDir, serverSettings,
                containerResources, scale, connections, terminals, arrival, logic, thinkFactor, warmupSeconds,
                warmupUntilJitSettled, warmupMostSeconds, transactions, durationSeconds, ratePerSecond,
                latencyLimitMs, interarrival, ratePerTerminal, networkDelayOneWayMs, isolation, databaseCpu, load,
                maxRetries, otherSeed, partition, runName, options, mergedFrom, rest);
    }

    /** The configuration of a run merged from the parts in {@code folders}: no longer a part. */
    public ConfigurationSection mergedFrom(List<String> folders) {
        return new ConfigurationSection(workload, target, user, password, dataDir, serverSettings,
                containerResources, scale, connections, terminals, arrival, logic, thinkFactor, warmupSeconds,
                warmupUntilJitSettled, warmupMostSeconds, transactions, durationSeconds, ratePerSecond,
                latencyLimitMs, interarrival, ratePerTerminal, networkDelayOneWayMs, isolation, databaseCpu, load,
                maxRetries, seed, null, runName, options, folders, rest);
    }
}
