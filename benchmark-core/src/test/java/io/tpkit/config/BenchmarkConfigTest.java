package io.tpkit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BenchmarkConfigTest {
    @Test
    void aTransactionCountAndADurationAreRefusedTogether() {
        assertThatThrownBy(() -> BenchmarkConfig.builder("tp1").transactions(1_000L)
                .duration(Duration.ofSeconds(30)).build())
                .isInstanceOf(BadInputException.class)
                .hasMessage("--transactions and --duration contradict each other: give one "
                        + "(a count of committed transactions, or the length of the measurement)");
    }

    @Test
    void eitherAloneIsAccepted() {
        BenchmarkConfig counted = BenchmarkConfig.builder("tp1").transactions(1_000L).build();
        assertThat(counted.transactions()).isEqualTo(1_000L);
        assertThat(counted.describe()).containsEntry("transactions", 1_000L).doesNotContainKey("durationSeconds");

        BenchmarkConfig timed = BenchmarkConfig.builder("tp1").duration(Duration.ofSeconds(30)).build();
        assertThat(timed.duration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(timed.transactions()).isNull();
    }

    @Test
    void withNeitherTheDefaultDurationApplies() {
        BenchmarkConfig c = BenchmarkConfig.builder("tp1").build();
        assertThat(c.duration()).isEqualTo(BenchmarkConfig.DEFAULT_DURATION).isEqualTo(Duration.ofSeconds(60));
        assertThat(c.describe()).containsEntry("durationSeconds", 60.0);
    }

    /** The default is not a choice: a copy of a timed-by-default configuration can still be counted. */
    @Test
    void aCopyOfADefaultConfigurationCanBeGivenACount() {
        BenchmarkConfig base = BenchmarkConfig.builder("tp1").build();
        BenchmarkConfig counted = base.toBuilder().transactions(500L).build();
        assertThat(counted.transactions()).isEqualTo(500L);

        BenchmarkConfig timed = BenchmarkConfig.builder("tp1").duration(Duration.ofSeconds(5)).build();
        assertThatThrownBy(() -> timed.toBuilder().transactions(500L).build())
                .isInstanceOf(BadInputException.class).hasMessageContaining("contradict");
    }

    @Test
    void aZeroDurationIsStillRefused() {
        assertThatThrownBy(() -> BenchmarkConfig.builder("tp1").duration(Duration.ZERO).build())
                .isInstanceOf(BadInputException.class).hasMessageContaining("--duration must be longer than 0");
    }
}
