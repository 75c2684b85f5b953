package io.tpkit.e2e;

import org.testcontainers.DockerClientFactory;

/** Whether a Docker engine is reachable, for tests that need one (or need its absence). */
final class Docker {
    private Docker() {
    }

    static boolean available() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }
}
