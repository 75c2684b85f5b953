package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadInterruptedException;
import io.tpkit.config.LoadPolicy;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C during a load stops it within seconds, and the next command refuses the half-loaded data. */
class InterruptedLoadIT {
    @TempDir
    Path temp;

    @Test
    void anInterruptedLoadStopsAndIsDetectedByTheNextCommand() throws Exception {
        BenchmarkConfig config = BenchmarkConfig.builder("tpcc").scale(4).dataDir(temp.resolve("pgdata"))
                .outDir(temp.resolve("results")).build();
        RunControl control = new RunControl();
        long[] abortedAt = new long[1];
        RunListener abortOnceRowsFlow = new RunListener() {
            @Override
            public void loadProgress(String step, long rowsDone, long rowsExpected, double elapsedSeconds) {
                if (rowsDone > 50_000 && abortedAt[0] == 0) {
                    abortedAt[0] = System.nanoTime();
                    control.abort();
                }
            }
        };

        assertThatThrownBy(() -> Tpkit.load(config, abortOnceRowsFlow, control))
                .isInstanceOf(LoadInterruptedException.class).hasMessageContaining("tpcc data is incomplete");
        assertThat(abortedAt[0]).as("the load was under way").isPositive();
        assertThat((System.nanoTime() - abortedAt[0]) / 1e9).as("seconds from Ctrl-C to the end").isLessThan(10);

        assertThatThrownBy(() -> Tpkit.run(config.toBuilder().loadPolicy(LoadPolicy.NEVER).build()))
                .isInstanceOf(BadInputException.class).hasMessageContaining("did not finish")
                .hasMessageContaining("--reload");
    }
}
