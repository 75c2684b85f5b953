package io.tpkit.testing;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SharedServersTest {
    @AfterEach
    void letGo() {
        SharedServers.release();
    }

    @Test
    void aServerTakenOutOfOrderFailsAtOnceNamingTheOrder() {
        SharedServers.take(SharedServers.Server.MYSQL);
        assertThatThrownBy(() -> SharedServers.take(SharedServers.Server.POSTGRES))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("takes POSTGRES after MYSQL")
                .hasMessageContaining("[POSTGRES, MYSQL, DOCKER]");
    }

    @Test
    void inOrderAndAgainIsFine() {
        SharedServers.take(SharedServers.Server.POSTGRES);
        SharedServers.take(SharedServers.Server.MYSQL);
        SharedServers.take(SharedServers.Server.POSTGRES); // held already: nothing to wait for
        SharedServers.share(SharedServers.Server.DOCKER);
        SharedServers.take(SharedServers.Server.DOCKER); // shared, then alone
    }
}
