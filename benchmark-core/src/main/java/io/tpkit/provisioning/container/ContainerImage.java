package io.tpkit.provisioning.container;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.InspectImageResponse;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.PullResponseItem;
import io.tpkit.config.BadInputException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.testcontainers.utility.DockerImageName;

/**
 * The image a database container starts from: the one already on the engine when there is one,
 * else pulled once. Nothing else is pulled: no helper images.
 *
 * @param name the image as given ("postgres:15")
 * @param id   the engine's id of the image used ("sha256:..."), which pins exactly what ran
 * @param how  "local" or "pulled"
 */
record ContainerImage(String name, String id, String how) {
    /** The images {@code scripts/container-images} builds from Debian's packages where no registry is reachable. */
    static final Set<String> BUILT_LOCALLY = Set.of("postgres:15", "mariadb:10.11");
    private static final Duration PULL_TIMEOUT = Duration.ofMinutes(15);

    static ContainerImage ensure(DockerClient client, String image, Consumer<String> progress) {
        InspectImageResponse local = inspect(client, image);
        if (local != null) {
            return new ContainerImage(image, local.getId(), "local");
        }
        progress.accept("image " + image + " is not on this machine: pulling it");
        DockerImageName parsed;
        try {
            parsed = DockerImageName.parse(image);
        } catch (RuntimeException e) {
            throw new BadInputException("--db container:" + image + ": not an image name (" + Messages.firstLine(e)
                    + "), e.g. container:postgres:17", e);
        }
        AtomicReference<String> error = new AtomicReference<>();
        ResultCallback.Adapter<PullResponseItem> pull = new ResultCallback.Adapter<>() {
            /** The engine's refusal is the message; docker-java would log it with a stack trace first. */
            @Override
            public void onError(Throwable throwable) {
                error.compareAndSet(null, Messages.firstLine(throwable));
                try {
                    close();
                } catch (java.io.IOException ignored) {
                    // the pull is over either way
                }
            }

            @Override
            public void onNext(PullResponseItem item) {
                if (item.getErrorDetail() != null || item.getError() != null) {
                    error.set(item.getErrorDetail() != null && item.getErrorDetail().getMessage() != null
                            ? item.getErrorDetail().getMessage() : item.getError());
                }
            }
        };
        try {
            String tag = parsed.getVersionPart();
            client.pullImageCmd(parsed.getUnversionedPart()).withTag(tag == null || tag.isEmpty() ? "latest" : tag)
                    .exec(pull);
            if (!pull.awaitCompletion(PULL_TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
                pull.close();
                error.compareAndSet(null, "no answer from the registry in " + PULL_TIMEOUT.toMinutes() + " minutes");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadInputException("interrupted while pulling " + image, e);
        } catch (RuntimeException | java.io.IOException e) {
            error.compareAndSet(null, Messages.firstLine(e));
        }
        InspectImageResponse pulled = inspect(client, image);
        if (pulled == null) {
            throw new BadInputException(cannotHave(image, error.get() == null ? "the pull ended without it" : error.get()));
        }
        return new ContainerImage(image, pulled.getId(), "pulled");
    }

    private static InspectImageResponse inspect(DockerClient client, String image) {
        try {
            return client.inspectImageCmd(image).exec();
        } catch (NotFoundException e) {
            return null;
        }
    }

    /** The one line for an image that is neither here nor pullable: the cause and both ways to have it. */
    static String cannotHave(String image, String why) {
        String build = BUILT_LOCALLY.contains(image)
                ? "build it from Debian's packages with scripts/container-images (it makes "
                        + String.join(" and ", BUILT_LOCALLY.stream().sorted().toList()) + ")"
                : "build or load it on this engine (scripts/container-images makes "
                        + String.join(" and ", BUILT_LOCALLY.stream().sorted().toList()) + " without a registry)";
        return "image " + image + " is not on this machine and could not be pulled (" + oneLine(why) + "): "
                + "pull it where a registry is reachable ('docker pull " + image + "'), or " + build;
    }

    private static String oneLine(String s) {
        return s.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse(s).strip();
    }
}
