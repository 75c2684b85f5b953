package io.tpkit.provisioning.container;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which containers' owners have ended, decided by the machine's real processes. */
class LeftoversTest {
    @Test
    void thisProcessIsAliveUnderItsOwnLabels() {
        Map<String, String> labels = Leftovers.labels("database");
        assertThat(labels).containsEntry(Leftovers.KIND, "database")
                .containsEntry(Leftovers.PID, Long.toString(ProcessHandle.current().pid()));
        assertThat(Leftovers.alive(labels.get(Leftovers.PID), labels.get(Leftovers.PROCESS_STARTED))).isTrue();
    }

    @Test
    void anEndedProcessOrARecycledIdIsNotAlive() throws Exception {
        Process p = new ProcessBuilder("true").start();
        long started = p.info().startInstant().map(java.time.Instant::toEpochMilli).orElse(0L);
        p.waitFor();
        assertThat(Leftovers.alive(Long.toString(p.pid()), Long.toString(started))).isFalse();
        // this process's id with another start time: the id was reused by a later process
        assertThat(Leftovers.alive(Long.toString(ProcessHandle.current().pid()), "1000")).isFalse();
    }

    @Test
    void labelsTpkitDidNotWriteAreLeftAlone() {
        assertThat(Leftovers.alive(null, "1")).isTrue();
        assertThat(Leftovers.alive("x", "1")).isTrue();
    }

    @Test
    void theEnginesMessageIsTakenFromItsAnswer() {
        RuntimeException e = new RuntimeException("Status 404: {\"message\":\"No such image: postgres:15\"}\n");
        assertThat(Messages.firstLine(e)).isEqualTo("No such image: postgres:15");
        assertThat(Messages.firstLine(new RuntimeException(new IllegalStateException("\n  first\nsecond"))))
                .isEqualTo("first");
    }
}
