package io.tpkit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ContainerResourcesTest {
    @Test
    void sizesAreReadAsDockerReadsThem() {
        assertThat(ContainerResources.parseSize("512m")).isEqualTo(512L << 20);
        assertThat(ContainerResources.parseSize("2g")).isEqualTo(2L << 30);
        assertThat(ContainerResources.parseSize("1.5GiB")).isEqualTo(3L << 29);
        assertThat(ContainerResources.parseSize("1048576")).isEqualTo(1L << 20);
        assertThatThrownBy(() -> ContainerResources.parseSize("lots")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("512m, 2g");
    }

    @Test
    void limitsAreDescribedAndRecorded() {
        assertThat(ContainerResources.NONE.describe()).isEqualTo("no CPU or memory limit");
        assertThat(ContainerResources.NONE.record()).containsEntry("cpus", "none").containsEntry("memoryBytes", "none");
        ContainerResources r = new ContainerResources(2.0, 4L << 30);
        assertThat(r.describe()).isEqualTo("2 CPUs, 4 GiB of memory");
        assertThat(r.options()).isEqualTo(" --container-cpus 2 --container-memory 4294967296");
        assertThat(new ContainerResources(1.5, null).describe()).isEqualTo("1.5 CPUs, no memory limit");
    }

    @Test
    void limitsBelowWhatDockerAcceptsAreRefused() {
        assertThatThrownBy(() -> new ContainerResources(0.0, null)).isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> new ContainerResources(null, 1024L)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("at least 6m");
    }

    @Test
    void onlyAContainerTargetTakesLimits() {
        assertThatThrownBy(() -> BenchmarkConfig.builder("tp1").target("embedded-postgres")
                .containerResources(new ContainerResources(2.0, null)).build())
                .isInstanceOf(BadInputException.class).hasMessageContaining("apply to --db container:IMAGE");
        BenchmarkConfig c = BenchmarkConfig.builder("tp1").target("container:postgres:15")
                .containerResources(new ContainerResources(2.0, null)).build();
        assertThat(c.describe()).containsKey("containerResources");
        assertThat(c.targetOptions()).contains("--container-cpus 2");
    }
}
