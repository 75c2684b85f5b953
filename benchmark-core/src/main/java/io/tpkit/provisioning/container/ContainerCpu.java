package io.tpkit.provisioning.container;

import io.tpkit.spi.database.ServerCpuClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A database container's CPU time from its control group as this machine's kernel keeps it: every
 * process in the container (PostgreSQL's backends and background workers, MariaDB's threads),
 * the same figure {@code docker stats} reports. The published port belongs to the engine's
 * proxy, not to the server, so the server cannot be found by its port as a local one is.
 *
 * <p>Read from cgroup v1's {@code cpuacct.usage} (nanoseconds) or cgroup v2's {@code cpu.stat}
 * {@code usage_usec}, under the mount this process sees.
 */
final class ContainerCpu implements ServerCpuClock {
    private final Path file;
    private final boolean v2;
    private final String containerId;

    private ContainerCpu(Path file, boolean v2, String containerId) {
        this.file = file;
        this.v2 = v2;
        this.containerId = containerId;
    }

    /**
     * The control group of the container whose first process is {@code pid} here.
     *
     * @throws Unavailable when the process is not on this machine or its group cannot be read
     */
    static ContainerCpu of(int pid, String containerId) throws Unavailable {
        return of(Path.of("/proc"), Path.of("/"), pid, containerId);
    }

    /** @param root where the cgroup mounts named by mountinfo are found (a test's folder) */
    static ContainerCpu of(Path proc, Path root, int pid, String containerId) throws Unavailable {
        List<String> groups;
        List<String> mounts;
        try {
            groups = Files.readAllLines(proc.resolve(pid + "/cgroup"));
            mounts = Files.readAllLines(proc.resolve("self/mountinfo"));
        } catch (IOException | RuntimeException e) {
            throw new Unavailable("the container's first process (" + pid + ") is not visible on this machine (the "
                    + "engine runs in a virtual machine or on another host)");
        }
        String v1 = null;
        String unified = null;
        for (String line : groups) {
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            if (List.of(f[1].split(",")).contains("cpuacct")) {
                v1 = f[2];
            } else if (f[0].equals("0") && f[1].isEmpty()) {
                unified = f[2];
            }
        }
        // the same pid may be another process on this machine when the engine is elsewhere
        String group = v1 != null ? v1 : unified;
        if (group == null || !group.contains(containerId)) {
            throw new Unavailable("process " + pid + " here is not in the container's control group (the engine "
                    + "runs in a virtual machine or on another host)");
        }
        if (v1 != null) {
            Path mount = mountOf(mounts, "cgroup", "cpuacct");
            if (mount != null) {
                Path file = root.resolve(mount.toString().substring(1)).resolve(v1.substring(1)).resolve("cpuacct.usage");
                if (Files.isReadable(file)) {
                    return new ContainerCpu(file, false, containerId);
                }
            }
        }
        if (unified != null) {
            Path mount = mountOf(mounts, "cgroup2", null);
            if (mount != null) {
                Path file = root.resolve(mount.toString().substring(1)).resolve(unified.substring(1)).resolve("cpu.stat");
                if (Files.isReadable(file)) {
                    return new ContainerCpu(file, true, containerId);
                }
            }
        }
        throw new Unavailable("the container's control group " + group + " is not readable here");
    }

    /**
     * The mount point of a cgroup file system from /proc/self/mountinfo: fields "ID PARENT M:N ROOT
     * MOUNTPOINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPEROPTIONS".
     *
     * @param option a v1 controller the mount must carry in its super options, or null for v2
     */
    static Path mountOf(List<String> mountinfo, String type, String option) {
        for (String line : mountinfo) {
            int dash = line.indexOf(" - ");
            if (dash < 0) {
                continue;
            }
            String[] before = line.substring(0, dash).split(" ");
            String[] after = line.substring(dash + 3).split(" ");
            if (before.length < 5 || after.length < 3 || !after[0].equals(type)) {
                continue;
            }
            if (!before[3].equals("/")) {
                continue; // a bind mount of a subtree: paths in /proc/PID/cgroup are not under it
            }
            if (option == null || List.of(after[2].split(",")).contains(option)) {
                return Path.of(before[4]);
            }
        }
        return null;
    }

    @Override
    public long cpuNanos() {
        try {
            if (!v2) {
                return Long.parseLong(Files.readString(file).strip());
            }
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith("usage_usec ")) {
                    return Long.parseLong(line.substring("usage_usec ".length()).strip()) * 1_000;
                }
            }
            return -1;
        } catch (IOException | RuntimeException e) {
            return -1; // the container is gone
        }
    }

    @Override
    public boolean onThisMachine() {
        return true;
    }

    @Override
    public String describe() {
        return "every process of container " + containerId.substring(0, Math.min(12, containerId.length()))
                + ", from its control group (" + file + ")";
    }
}
