package io.tpkit.e2e;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tpkit.provisioning.container.DockerEngine;

/**
 * Whether a Docker engine answers and holds an image, for tests that need them (or need their
 * absence): asked the way tpkit's container targets ask, which pulls nothing.
 */
final class Docker {
    private Docker() {
    }

    static boolean available() {
        return DockerEngine.absentBecause() == null;
    }

    /** Whether an engine answers and holds {@code image} (nothing is pulled). */
    static boolean hasImage(String image) {
        return available() && DockerEngine.find("the test").hasImage(image);
    }

    /** Skips the calling test, saying why, unless an engine answers and holds every image (never pulled here). */
    static void assumeImages(String test, String... images) {
        String absent = DockerEngine.absentBecause();
        if (absent != null) {
            skip(test, "needs a Docker engine: " + absent);
        }
        DockerEngine engine = DockerEngine.find("the test");
        for (String image : images) {
            if (!engine.hasImage(image)) {
                skip(test, "needs the image " + image + " on the Docker engine (pull it, or build it from Debian's "
                        + "packages with scripts/container-images; .ci/run does)");
            }
        }
        io.tpkit.testing.SharedServers.share(io.tpkit.testing.SharedServers.Server.DOCKER); // across test JVMs
    }

    private static void skip(String test, String why) {
        System.err.println("[tpkit tests] skipped " + test + ": " + why);
        assumeTrue(false, why);
    }
}
