package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Testcontainers path: a short TP1 run in a postgres container. Needs a Docker engine; where
 * there is none it is skipped (BadInputTest then checks the no-Docker error instead). postgres:15
 * is the version Debian bookworm ships, which scripts/container-images builds where no registry
 * is reachable; skipped too where the image is neither there nor pullable.
 */
class ContainerTargetIT {
    private static final String IMAGE = "postgres:15";

    @TempDir
    Path temp;

    @BeforeEach
    void needsDocker() {
        boolean docker = Docker.available();
        if (!docker) {
            System.err.println("[tpkit tests] skipped ContainerTargetIT: needs a Docker engine (none is reachable)");
        }
        assumeTrue(docker, "needs a Docker engine (none is reachable)");
        boolean image = Docker.hasImage(IMAGE);
        String why = IMAGE + " is not on this Docker engine and cannot be pulled: scripts/container-images builds it";
        if (!image) {
            System.err.println("[tpkit tests] skipped ContainerTargetIT: " + why);
        }
        assumeTrue(image, why);
    }

    @Test
    void tp1RunsInAPostgresContainer() {
        Cli cli = Cli.run("run", "tp1", "--db", "container:" + IMAGE, "--accounts-per-branch", "1000",
                "--transactions", "200", "--warmup", "0", "--out", temp.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.err()).contains("starting container " + IMAGE);
        assertThat(cli.out()).contains("PostgreSQL 15", "Consistency: passed");
    }
}
