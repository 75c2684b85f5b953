package io.tpkit.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.config.BadInputException;
import io.tpkit.spi.database.ConnectionLimit;
import org.junit.jupiter.api.Test;

/** The number of connections advised when a run asks for more than the server accepts is one that fits. */
class ConnectionAdviceTest {
    private static final ConnectionLimit LIMIT = new ConnectionLimit(98, "max_connections 100, 2 in use");

    /** Opened for a run of {@code c}: its servers, its deferred workers (they grow with c) and the spares. */
    private static int opened(int c, boolean defers) {
        return c + (defers ? RunSettings.deferredWorkers(c) : 0) + RunSettings.SPARE_CONNECTIONS;
    }

    @Test
    void theAdviceFitsAndOneMoreWouldNot() {
        for (boolean defers : new boolean[] {true, false}) {
            for (int available = 5; available <= 400; available++) {
                int most = ServerConnections.mostThatFit(available, defers);
                assertThat(opened(most, defers)).as("available %d", available).isLessThanOrEqualTo(available);
                assertThat(opened(most + 1, defers)).as("available %d", available).isGreaterThan(available);
            }
        }
    }

    /** TPC-C's 400 connections against max_connections 100 once read "use at most 0 connections". */
    @Test
    void aRunThatDefersWorkIsAdvisedANumberThatWorks() {
        int asked = 400;
        assertThatThrownBy(() -> ServerConnections.refuseOverLimit("--connections 400", opened(asked, true), asked, 98, LIMIT,
                "PostgreSQL", "connections")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("use at most 76 connections").hasMessageNotContaining("at most 0");
        assertThat(opened(76, true)).isLessThanOrEqualTo(98);
    }

    @Test
    void aServerWithNoRoomForEvenOneSaysSo() {
        assertThatThrownBy(() -> ServerConnections.refuseOverLimit("--connections 4", opened(4, true), 4, 3, LIMIT,
                "PostgreSQL", "connections")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("too few for a run of even 1, which needs 5").hasMessageNotContaining("at most 0");
    }
}
