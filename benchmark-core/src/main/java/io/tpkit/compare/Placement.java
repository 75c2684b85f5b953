package io.tpkit.compare;

import io.tpkit.config.ContainerResources;
import io.tpkit.config.JdbcAddress;
import io.tpkit.result.RunResult;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where each run's server ran: in a container (with its limits), directly on the driver's
 * machine, or on another host. A comparison across these is allowed, but not like for like: a
 * container's CPU and memory may be capped, its storage is the engine's, and a remote server pays
 * a network the local one does not; so the comparison says so.
 */
final class Placement {
    private Placement() {
    }

    /** "where the servers ran: in a container (no CPU or memory limit) | directly on this machine", or empty. */
    static Optional<String> difference(List<RunResult> results) {
        List<String> where = results.stream().map(Placement::of).toList();
        if (new LinkedHashSet<>(where).size() <= 1) {
            return Optional.empty();
        }
        return Optional.of("where the servers ran: " + String.join(" | ", where));
    }

    static String of(RunResult r) {
        String kind = r.database() == null ? null : r.database().kind();
        if ("container".equals(kind)) {
            return "in a container (" + limits(r.database().resources()) + ")";
        }
        if (kind != null && kind.startsWith("embedded")) {
            return "directly on the driver's machine";
        }
        String target = r.configuration() == null ? null : r.configuration().target();
        if (target != null && target.startsWith("jdbc:")) {
            String host = JdbcAddress.of(target).host();
            return host.isEmpty() || host.equals("localhost") || host.startsWith("127.") || host.equals("::1")
                    ? "directly on the driver's machine" : "on " + host;
        }
        return "?";
    }

    private static String limits(Object recorded) {
        if (!(recorded instanceof Map<?, ?> m)) {
            return "limits not recorded";
        }
        Double cpus = m.get("cpus") instanceof Number n ? n.doubleValue() : null;
        Long memory = m.get("memoryBytes") instanceof Number n ? n.longValue() : null;
        return new ContainerResources(cpus, memory).describe();
    }
}
