package io.tpkit.provisioning.container;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The labels on every container tpkit starts, and the removal of those whose tpkit process is
 * gone. A tpkit that ends normally, fails or is interrupted removes its containers itself; one
 * killed outright (SIGKILL, a crash of the machine's JVM) cannot, and the next tpkit on the same
 * machine removes what it left before it starts a container of its own. A container of a tpkit
 * still running (another terminal, a parallel CI job) is never touched: its process id and the
 * process's start time must both match a live process for it to be kept.
 */
final class Leftovers {
    /** On every container tpkit starts: what it holds. */
    static final String KIND = "io.tpkit.container";
    /** The machine and process that started it, and when that process started (epoch ms). */
    static final String HOST = "io.tpkit.host";
    static final String PID = "io.tpkit.pid";
    static final String PROCESS_STARTED = "io.tpkit.process-started";

    private Leftovers() {
    }

    /** The labels of a container this process starts. */
    static Map<String, String> labels(String kind) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(KIND, kind);
        m.put(HOST, hostName());
        ProcessHandle self = ProcessHandle.current();
        m.put(PID, Long.toString(self.pid()));
        m.put(PROCESS_STARTED, Long.toString(self.info().startInstant().map(Instant::toEpochMilli).orElse(0L)));
        return m;
    }

    /**
     * Removes the containers tpkit started on this machine whose process has ended, saying so.
     * Failures are reported and otherwise ignored: a leftover must not stop the next run.
     *
     * @return how many were removed
     */
    static int removeDead(DockerClient client, Consumer<String> progress) {
        List<Container> mine;
        try {
            mine = client.listContainersCmd().withShowAll(true).withLabelFilter(List.of(KIND)).exec();
        } catch (RuntimeException e) {
            progress.accept("could not list tpkit's earlier containers: " + Messages.firstLine(e));
            return 0;
        }
        String host = hostName();
        int removed = 0;
        for (Container c : mine) {
            Map<String, String> labels = c.getLabels() == null ? Map.of() : c.getLabels();
            if (!host.equals(labels.get(HOST)) || alive(labels.get(PID), labels.get(PROCESS_STARTED))) {
                continue;
            }
            String name = c.getNames() != null && c.getNames().length > 0 ? c.getNames()[0].replaceFirst("^/", "")
                    : c.getId().substring(0, 12);
            try {
                client.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
                removed++;
                progress.accept("removed container " + name + " (" + c.getImage() + "), left running by tpkit process "
                        + labels.get(PID) + " which has ended");
            } catch (RuntimeException e) {
                progress.accept("could not remove container " + name + " left by an ended tpkit: "
                        + Messages.firstLine(e) + " (remove it with 'docker rm -f " + name + "')");
            }
        }
        return removed;
    }

    /** Whether the process that started a container still runs: the same id, started at the same time. */
    static boolean alive(String pid, String started) {
        long id;
        long startedMs;
        try {
            id = Long.parseLong(pid);
            startedMs = Long.parseLong(started);
        } catch (NumberFormatException | NullPointerException e) {
            return true; // not a label tpkit wrote: leave it alone
        }
        Optional<ProcessHandle> p = ProcessHandle.of(id);
        if (p.isEmpty() || !p.get().isAlive()) {
            return false;
        }
        // a recycled process id belongs to a process that started later
        return p.get().info().startInstant().map(i -> Math.abs(i.toEpochMilli() - startedMs) < 2_000).orElse(true);
    }

    /** This machine's name as the kernel has it (no name service lookup, which may hang). */
    static String hostName() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException | RuntimeException e) {
            String env = System.getenv("HOSTNAME");
            if (env != null && !env.isBlank()) {
                return env;
            }
            try {
                return java.net.InetAddress.getLocalHost().getHostName();
            } catch (IOException unknown) {
                return "unknown";
            }
        }
    }
}
