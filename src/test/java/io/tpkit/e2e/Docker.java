package io.tpkit.e2e;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import java.util.concurrent.TimeUnit;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.utility.DockerImageName;

/** Whether a Docker engine is reachable, for tests that need one (or need its absence), and its images. */
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

    /**
     * Whether the image is on the engine, pulling it when it is not; false where it cannot be
     * pulled (no registry reachable: scripts/container-images builds postgres:15 and mariadb:10.11).
     */
    static boolean hasImage(String name) {
        DockerClient docker = DockerClientFactory.instance().client();
        try {
            docker.inspectImageCmd(name).exec();
            return true;
        } catch (NotFoundException absent) {
            DockerImageName image = DockerImageName.parse(name);
            try {
                return docker.pullImageCmd(image.getUnversionedPart()).withTag(image.getVersionPart())
                        .start().awaitCompletion(5, TimeUnit.MINUTES);
            } catch (RuntimeException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }
}
