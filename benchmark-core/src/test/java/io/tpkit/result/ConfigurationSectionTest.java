package io.tpkit.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.ContainerResources;
import io.tpkit.config.Partition;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The configuration's names are {@link BenchmarkConfig#describe()}'s: every key it writes, with
 * every setting given, is a field of the section, none left to its rest.
 */
class ConfigurationSectionTest {
    @Test
    void everyKeyTheConfigurationWritesIsAField() {
        BenchmarkConfig everything = BenchmarkConfig.builder("tp1").target("jdbc:postgresql://db/x").user("me")
                .password("secret", "TPKIT_PW").dataDir(Path.of("/data"))
                .serverSetting("synchronous_commit", "off").scale(2).connections(3).terminals(6)
                .arrival(ArrivalModel.values()[0]).thinkFactor(0.5).warmup(Duration.ofSeconds(3)).transactions(1000L)
                .ratePerSecond(50).latencyLimit(Duration.ofMillis(20)).ratePerTerminal(true)
                .networkDelay(Duration.ofMillis(1)).partition(Partition.parse("1/2", "night")).seed(9)
                .option("accounts-per-branch", "10").build();
        ConfigurationSection c = ConfigurationSection.of(everything);

        assertThat(c.rest()).isEmpty();
        assertThat(c.asMap()).containsOnlyKeys(everything.describe().keySet());
        assertThat(c.scale()).isEqualTo(2);
        assertThat(c.connections()).isEqualTo(3);
        assertThat(c.terminals()).isEqualTo(6);
        assertThat(c.transactions()).isEqualTo(1000L);
        assertThat(c.ratePerSecond()).isEqualTo(50.0);
        assertThat(c.latencyLimitMs()).isEqualTo(20.0);
        assertThat(c.networkDelayOneWayMs()).isEqualTo(1.0);
        assertThat(c.partition()).isEqualTo("1/2");
        assertThat(c.runName()).isEqualTo("night");
        assertThat(c.password()).doesNotContain("secret");
        assertThat(c.serverSettings()).isEqualTo(Map.of("synchronous_commit", "off"));
        assertThat(c.options()).isEqualTo(Map.of("accounts-per-branch", "10"));

        BenchmarkConfig container = BenchmarkConfig.builder("tp1").target("container:postgres:18")
                .containerResources(new ContainerResources(2.0, 1L << 30)).build();
        ConfigurationSection limited = ConfigurationSection.of(container);
        assertThat(limited.rest()).isEmpty();
        assertThat(limited.asMap()).containsOnlyKeys(container.describe().keySet());
        assertThat(limited.containerResources()).containsEntry("cpus", 2.0).containsEntry("memoryBytes", 1L << 30);
    }

    /** A setting left to its default is null where the workload's section says what the run had. */
    @Test
    void theDefaultsAreNullAndScaleTerminalsAndArrivalAreWrittenSo() {
        ConfigurationSection c = ConfigurationSection.of(BenchmarkConfig.builder("tp1").build());
        assertThat(c.scale()).isNull();
        assertThat(c.terminals()).isNull();
        assertThat(c.warmupUntilJitSettled()).isTrue();
        assertThat(c.user()).isNull();
        assertThat(c.asMap()).containsEntry("scale", null).containsEntry("terminals", null)
                .containsEntry("arrival", null).doesNotContainKeys("user", "transactions", "partition");
    }

    @Test
    void aMergedRunIsNoLongerAPart() {
        ConfigurationSection part = ConfigurationSection.of(BenchmarkConfig.builder("tp1")
                .partition(Partition.parse("2/2", "night")).build());
        ConfigurationSection merged = part.mergedFrom(List.of("/r/a", "/r/b"));
        assertThat(merged.partition()).isNull();
        assertThat(merged.runName()).isEqualTo("night");
        assertThat(merged.mergedFrom()).containsExactly("/r/a", "/r/b");
    }
}
