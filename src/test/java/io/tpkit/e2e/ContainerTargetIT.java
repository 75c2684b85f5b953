package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Testcontainers path: a short TP1 run in a postgres container. Needs a Docker engine; where
 * there is none it is skipped (BadInputTest then checks the no-Docker error instead).
 */
class ContainerTargetIT {
    @TempDir
    Path temp;

    @BeforeEach
    void needsDocker() {
        boolean docker = Docker.available();
        if (!docker) {
            System.err.println("[tpkit tests] skipped ContainerTargetIT: needs a Docker engine (none is reachable)");
        }
        assumeTrue(docker, "needs a Docker engine (none is reachable)");
    }

    @Test
    void tp1RunsInAPostgresContainer() {
        Cli cli = Cli.run("run", "tp1", "--db", "container:postgres:17", "--accounts-per-branch", "1000",
                "--transactions", "200", "--warmup", "0", "--out", temp.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.err()).contains("starting container postgres:17");
        assertThat(cli.out()).contains("PostgreSQL 17", "Consistency: passed");
    }
}
