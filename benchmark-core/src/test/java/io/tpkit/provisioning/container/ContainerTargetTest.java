package io.tpkit.provisioning.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.config.BadInputException;
import io.tpkit.spi.Plugins;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which plugin serves an image, and what it starts it with: no Docker engine needed. */
class ContainerTargetTest {
    private final ContainerTarget target = new ContainerTarget();

    @Test
    void thePluginsSayWhichImagesTheyServe() {
        assertThat(target.plugin("container:postgres:17").name()).isEqualTo("postgresql");
        assertThat(target.plugin("container:docker.io/library/postgres:16@sha256:abc").name()).isEqualTo("postgresql");
        assertThat(target.plugin("container:mysql:8.4").name()).isEqualTo("mysql");
        assertThat(target.plugin("container:registry.example.com/db/mariadb:11.4").name()).isEqualTo("mysql");
    }

    @Test
    void anImageNoPluginServesIsRefusedNamingThoseThatAre() {
        assertThatThrownBy(() -> target.plugin("container:oracle:23")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("tpkit runs postgres, mysql and mariadb images")
                .hasMessageContaining("container:postgres:TAG");
        assertThat(target.summary()).contains("a postgres, mysql or mariadb image");
    }

    @Test
    void thePluginBuildsTheUrlAndTheEnvironment() {
        assertThat(Plugins.database("postgresql").jdbcUrl("localhost", 32768, "test"))
                .isEqualTo("jdbc:postgresql://localhost:32768/test");
        assertThat(Plugins.database("mysql").jdbcUrl("localhost", 32769, "test"))
                .isEqualTo("jdbc:mysql://localhost:32769/test");
        assertThat(Plugins.database("postgresql").containerEnvironment("test", "u", "p"))
                .isEqualTo(Map.of("POSTGRES_DB", "test", "POSTGRES_USER", "u", "POSTGRES_PASSWORD", "p"));
        assertThat(Plugins.database("mysql").containerEnvironment("test", "u", "p"))
                .containsEntry("MYSQL_DATABASE", "test").containsEntry("MYSQL_USER", "u");
    }
}
