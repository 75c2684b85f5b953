package io.tpkit.provisioning.container;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import io.tpkit.config.BadInputException;
import io.tpkit.config.ContainerResources;
import io.tpkit.config.TargetText;
import io.tpkit.provisioning.StopOnExit;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.database.ServerCpuClock;
import io.tpkit.spi.provisioning.Target;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A database server in a container that tpkit started for one command and removes after it:
 * created with tpkit's labels, its port published on 127.0.0.1 (for a local engine), the server
 * settings given as the image's command arguments, Docker's CPU and memory limits when asked;
 * ready when a JDBC connection succeeds. Removed on close, on Ctrl-C or a kill of the driver (a
 * shutdown hook), and, after a SIGKILL, by the next tpkit ({@link Leftovers}).
 */
public final class DatabaseContainer implements Target {
    /** How long a server may take to accept its first connection (an image's first start initialises its data). */
    private static final Duration READY = Duration.ofMinutes(3);
    /** The database and user the image's entry point creates. */
    private static final String DATABASE = "test";
    private static final String USER = "test";
    private static final AtomicInteger STARTED = new AtomicInteger();
    /** A log line that names what went wrong (PostgreSQL's FATAL, MariaDB's [ERROR], an entry point's error). */
    private static final java.util.regex.Pattern ERROR_LINE =
            java.util.regex.Pattern.compile("FATAL|PANIC|ERROR|\\[ERROR\\]|(?i)\\berror:|unrecognized|unknown variable");

    private final DockerEngine engine;
    private final DatabasePlugin plugin;
    private final ContainerImage image;
    private final String id;
    private final String name;
    private final String password;
    private final List<String> arguments;
    private final Consumer<String> progress;
    private StopOnExit removal;
    private int hostPort;
    private int pid;
    private ContainerResources applied = ContainerResources.NONE;

    private DatabaseContainer(DockerEngine engine, DatabasePlugin plugin, ContainerImage image, String id, String name,
                              String password, List<String> arguments, Consumer<String> progress) {
        this.engine = engine;
        this.plugin = plugin;
        this.image = image;
        this.id = id;
        this.name = name;
        this.password = password;
        this.arguments = arguments;
        this.progress = progress;
    }

    /**
     * Starts a container of {@code imageName} for {@code plugin}'s database and waits until it
     * accepts connections.
     *
     * @param settings  server settings, passed as the image's command arguments
     * @param resources Docker's limits, or none
     * @throws BadInputException with the cause in one line: no engine, no image, the server
     *                           refused its settings or never became ready (with its last log lines)
     */
    public static DatabaseContainer start(String imageName, DatabasePlugin plugin, Map<String, String> settings,
                                          ContainerResources resources, Consumer<String> progress) {
        String what = "--db container:" + imageName;
        DockerEngine engine = DockerEngine.find(what);
        DockerClient client = engine.client();
        Leftovers.removeDead(client, progress);
        ContainerImage image = ContainerImage.ensure(client, imageName, progress);
        List<String> arguments = plugin.containerServerArguments(settings);
        String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
        String name = "tpkit-" + imageName.replaceAll("[^A-Za-z0-9_.-]", "-").replaceAll("-+", "-") + "-"
                + ProcessHandle.current().pid() + "-" + STARTED.incrementAndGet();
        ExposedPort port = ExposedPort.tcp(plugin.defaultPort());
        HostConfig host = HostConfig.newHostConfig()
                .withPortBindings(new PortBinding(Ports.Binding.bindIp(engine.bindAddress()), port));
        if (resources.cpus() != null) {
            host.withNanoCPUs(Math.round(resources.cpus() * 1e9));
        }
        if (resources.memoryBytes() != null) {
            // memory and swap alike, so that a limited server pages to its own disk, not to swap
            host.withMemory(resources.memoryBytes()).withMemorySwap(resources.memoryBytes());
        }
        List<String> env = new ArrayList<>();
        plugin.containerEnvironment(DATABASE, USER, password).forEach((k, v) -> env.add(k + "=" + v));
        CreateContainerCmd create = client.createContainerCmd(imageName).withName(name)
                .withLabels(Leftovers.labels("database")).withEnv(env).withExposedPorts(port).withHostConfig(host);
        if (!arguments.isEmpty()) {
            create.withCmd(arguments);
        }
        progress.accept("starting container " + imageName + " (" + image.how() + " image "
                + shortId(image.id()) + ", " + resources.describe() + ") on " + engine.describe()
                + (arguments.isEmpty() ? "" : ", server arguments " + String.join(" ", arguments)));
        String id;
        try {
            id = create.exec().getId();
        } catch (RuntimeException e) {
            throw new BadInputException("container " + imageName + " could not be created: " + Messages.firstLine(e), e);
        }
        DatabaseContainer c = new DatabaseContainer(engine, plugin, image, id, name, password, arguments, progress);
        c.removal = StopOnExit.register("tpkit-container-remove", c::remove);
        try {
            c.startAndAwait();
            return c;
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private void startAndAwait() {
        DockerClient client = engine.client();
        try {
            client.startContainerCmd(id).exec();
        } catch (RuntimeException e) {
            String m = Messages.firstLine(e);
            throw new BadInputException("container " + image.name() + " could not start: " + m
                    + (m.contains("port is already allocated") || m.contains("address already in use")
                    ? " (another process holds the port: free it or let Docker choose one)" : ""), e);
        }
        InspectContainerResponse inspected = client.inspectContainerCmd(id).exec();
        Ports.Binding[] bindings = inspected.getNetworkSettings().getPorts().getBindings()
                .get(ExposedPort.tcp(plugin.defaultPort()));
        if (bindings == null || bindings.length == 0) {
            throw new BadInputException("container " + image.name() + " published no port for "
                    + plugin.defaultPort() + ": " + lastLogLines(5));
        }
        hostPort = Integer.parseInt(bindings[0].getHostPortSpec());
        pid = inspected.getState().getPid() == null ? 0 : inspected.getState().getPid().intValue();
        applied = applied(inspected.getHostConfig());
        awaitConnection();
    }

    /** The limits the engine applied (what ran, not what was asked). */
    private static ContainerResources applied(HostConfig h) {
        Double cpus = null;
        if (h.getNanoCPUs() != null && h.getNanoCPUs() > 0) {
            cpus = h.getNanoCPUs() / 1e9;
        } else if (h.getCpuQuota() != null && h.getCpuQuota() > 0 && h.getCpuPeriod() != null && h.getCpuPeriod() > 0) {
            cpus = (double) h.getCpuQuota() / h.getCpuPeriod();
        }
        Long memory = h.getMemory() != null && h.getMemory() > 0 ? h.getMemory() : null;
        return new ContainerResources(cpus, memory);
    }

    /**
     * Waits until a connection succeeds: an official image's entry point first runs a server that
     * listens on its socket only while it creates the user and database, then the real one. A
     * container that exits (a setting the server refused, a bad environment) ends the wait at once.
     */
    private void awaitConnection() {
        long deadline = System.nanoTime() + READY.toNanos();
        Properties props = new Properties();
        props.putAll(plugin.connectionProperties());
        props.setProperty("user", USER);
        props.setProperty("password", password);
        String why = "no connection yet";
        while (true) {
            InspectContainerResponse.ContainerState state = engine.client().inspectContainerCmd(id).exec().getState();
            if (!Boolean.TRUE.equals(state.getRunning())) {
                throw new BadInputException("container " + image.name() + " stopped before its server was ready "
                        + "(exit code " + state.getExitCodeLong() + "): " + lastLogLines(3)
                        + (arguments.isEmpty() ? "" : " (check the --server-setting names and values)"));
            }
            try (Connection c = DriverManager.getConnection(jdbcUrl(), props)) {
                if (c.isValid(5)) {
                    progress.accept("container " + name + " ready: " + label());
                    return;
                }
                why = "the connection is not valid";
            } catch (SQLException e) {
                why = Messages.firstLine(e);
            }
            if (System.nanoTime() > deadline) {
                throw new BadInputException("container " + image.name() + " did not accept a connection in "
                        + READY.toMinutes() + " minutes (" + why + "); its last log lines: " + lastLogLines(3));
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BadInputException("interrupted while waiting for container " + image.name(), e);
            }
        }
    }

    /**
     * What the container's log says went wrong, on one line for an error message: its lines that
     * name an error (the first of them, where the cause is), else its last lines.
     */
    String lastLogLines(int lines) {
        StringBuilder out = new StringBuilder();
        ResultCallback.Adapter<Frame> collect = new ResultCallback.Adapter<>() {
            @Override
            public void onError(Throwable throwable) {
                out.append("(its log could not be read: ").append(Messages.firstLine(throwable)).append(")\n");
                try {
                    close();
                } catch (java.io.IOException ignored) {
                    // nothing more to read either way
                }
            }

            @Override
            public void onNext(Frame frame) {
                out.append(new String(frame.getPayload(), java.nio.charset.StandardCharsets.UTF_8));
            }
        };
        try {
            engine.client().logContainerCmd(id).withStdOut(true).withStdErr(true).withTail(60).exec(collect)
                    .awaitCompletion(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            return "(its log could not be read: " + Messages.firstLine(e) + ")";
        }
        List<String> all = out.toString().lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        List<String> errors = all.stream().filter(l -> ERROR_LINE.matcher(l).find()).limit(lines).toList();
        List<String> shown = !errors.isEmpty() ? errors : all.subList(Math.max(0, all.size() - lines), all.size());
        return shown.isEmpty() ? "(its log is empty)" : String.join(" | ", shown);
    }

    /** Started for this command: tpkit may create and drop databases on it (a copy of the data). */
    @Override
    public boolean ownsServer() {
        return true;
    }

    @Override
    public void holdOnInterrupt() {
        removal.hold();
    }

    @Override
    public String label() {
        return "container:" + image.name() + " (" + name + ", " + engine.connectHost() + ":" + hostPort
                + (applied.limited() ? ", " + applied.describe() : "") + ")";
    }

    @Override
    public String jdbcUrl() {
        return plugin.jdbcUrl(engine.connectHost(), hostPort, DATABASE);
    }

    @Override
    public String user() {
        return USER;
    }

    @Override
    public String password() {
        return password;
    }

    @Override
    public DatabasePlugin plugin() {
        return plugin;
    }

    @Override
    public ServerCpuClock serverCpu() throws ServerCpuClock.Unavailable {
        if (!engine.local() || pid <= 0) {
            throw new ServerCpuClock.Unavailable("the container runs on " + engine.describe()
                    + ", whose processes this machine cannot see");
        }
        return ContainerCpu.of(pid, id);
    }

    @Override
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", "container");
        m.put("image", image.name());
        m.put("imageId", image.id());
        m.put("imageSource", image.how());
        m.put("engine", engine.describe());
        m.put("container", name);
        m.put("published", engine.bindAddress() + ":" + hostPort);
        m.put("url", TargetText.redact(jdbcUrl()));
        if (!arguments.isEmpty()) {
            m.put("serverArguments", List.copyOf(arguments));
        }
        m.put("resources", applied.record());
        return m;
    }

    @Override
    public void close() {
        removal.stopNow();
    }

    private void remove() {
        try {
            engine.client().removeContainerCmd(id).withForce(true).withRemoveVolumes(true).exec();
        } catch (com.github.dockerjava.api.exception.NotFoundException gone) {
            // removed already (by hand, or by another tpkit's clean-up)
        } catch (RuntimeException e) {
            progress.accept("container " + name + " could not be removed: " + Messages.firstLine(e)
                    + " (remove it with 'docker rm -f " + name + "'; the next tpkit also removes it)");
        }
    }

    private static String shortId(String id) {
        String hex = id.startsWith("sha256:") ? id.substring(7) : id;
        return hex.substring(0, Math.min(12, hex.length()));
    }
}
