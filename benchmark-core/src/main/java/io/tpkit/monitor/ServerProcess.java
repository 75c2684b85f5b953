package io.tpkit.monitor;

import io.tpkit.measurement.ProcStat;
import io.tpkit.spi.database.ServerCpuClock;
import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The database server when it runs on this machine: its main process (found through the port
 * it listens on) and the CPU time of that process and its children, from Linux's /proc. A
 * PostgreSQL server is a postmaster with one child per connection and background workers;
 * the children that have ended are in the postmaster's reaped-children times, so the sum over
 * the live tree at two moments gives the server's CPU between them. A MySQL server is one
 * process.
 */
public final class ServerProcess implements ServerCpuClock {
    /** Linux's clock tick, 1/100 s (USER_HZ). */
    private static final long NANOS_PER_TICK = 10_000_000L;

    private final Path proc;
    private final int pid;
    private final String name;
    private final String foundBy;

    private ServerProcess(Path proc, int pid, String name, String foundBy) {
        this.proc = proc;
        this.pid = pid;
        this.name = name;
        this.foundBy = foundBy;
    }

    /**
     * Finds the server a JDBC URL points to ({@code jdbc:KIND://HOST[:PORT]/...}, the first host
     * of a list), asking the database for its process id as a fallback.
     */
    public static ServerProcess locate(String jdbcUrl, io.tpkit.spi.database.DatabasePlugin plugin, java.sql.Connection c)
            throws Unavailable {
        String[] hostPort = hostPort(jdbcUrl, plugin.defaultPort());
        if (hostPort == null) {
            throw new Unavailable("the server's host and port cannot be read from the JDBC URL");
        }
        OptionalInt hint;
        try {
            hint = plugin.serverPid(c);
        } catch (java.sql.SQLException | RuntimeException e) {
            hint = OptionalInt.empty();
        }
        return locate(hostPort[0], Integer.parseInt(hostPort[1]), plugin.serverProcessNames(), hint);
    }

    /** Host and port of {@code jdbc:KIND://HOST[:PORT][,...][/...]}, or null. */
    static String[] hostPort(String jdbcUrl, int defaultPort) {
        int start = jdbcUrl.indexOf("://");
        if (start < 0) {
            return null;
        }
        String rest = jdbcUrl.substring(start + 3);
        int end = 0;
        while (end < rest.length() && "/?,;".indexOf(rest.charAt(end)) < 0) {
            end++;
        }
        String authority = rest.substring(rest.lastIndexOf('@', end - 1) + 1, end);
        String host;
        String port;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            host = authority.substring(1, close);
            port = authority.length() > close + 2 ? authority.substring(close + 2) : null;
        } else {
            int colon = authority.indexOf(':');
            host = colon < 0 ? authority : authority.substring(0, colon);
            port = colon < 0 ? null : authority.substring(colon + 1);
        }
        if (host.isEmpty()) {
            host = "localhost";
        }
        if (port == null || port.isEmpty()) {
            if (defaultPort <= 0) {
                return null;
            }
            port = Integer.toString(defaultPort);
        }
        return port.chars().allMatch(Character::isDigit) ? new String[] {host, port} : null;
    }

    /**
     * Finds the server listening on {@code host:port}.
     *
     * @param names   command names the server's main process may have ({@code postgres}...)
     * @param pidHint the server's main process id when the database says it (used when the
     *                listening socket's owner cannot be seen, e.g. a server of another user)
     * @throws Unavailable with the reason, in words for the result's notes
     */
    public static ServerProcess locate(String host, int port, List<String> names, OptionalInt pidHint)
            throws Unavailable {
        return locate(Path.of("/proc"), host, port, names, pidHint);
    }

    static ServerProcess locate(Path proc, String host, int port, List<String> names, OptionalInt pidHint)
            throws Unavailable {
        if (!Files.isReadable(proc.resolve("net/tcp"))) {
            throw new Unavailable("there is no /proc on this machine (not Linux)");
        }
        if (!isThisMachine(host)) {
            throw new Unavailable("the server " + io.tpkit.config.TargetText.redact(host) + " is not on this machine");
        }
        Set<String> sockets = listeningSockets(proc, port);
        if (sockets.isEmpty()) {
            throw new Unavailable("nothing on this machine listens on port " + port
                    + " (a server in a container or another network namespace)");
        }
        int owner = owner(proc, sockets);
        if (owner > 0) {
            String name = name(proc, owner);
            if (!names.contains(name)) {
                throw new Unavailable("port " + port + " belongs to '" + name + "' (PID " + owner
                        + "), not to a database server process (" + String.join(", ", names) + ")");
            }
            return new ServerProcess(proc, owner, name, "the owner of the socket listening on port " + port);
        }
        if (pidHint.isPresent()) {
            int hinted = pidHint.getAsInt();
            String name = name(proc, hinted);
            if (name != null && names.contains(name)) {
                return new ServerProcess(proc, hinted, name, "the process id the server reports (the owner of "
                        + "port " + port + " is not visible to this user)");
            }
        }
        throw new Unavailable("the owner of port " + port + " is not visible to this user (run as the server's user "
                + "or as root)");
    }

    /**
     * The server whose main process id is known already (a container's first process, as its
     * engine reports it in this machine's process ids).
     *
     * @param foundBy how the id was found, for the result
     * @throws Unavailable when no such process is visible here
     */
    public static ServerProcess ofPid(int pid, String foundBy) throws Unavailable {
        Path proc = Path.of("/proc");
        String name = name(proc, pid);
        if (name == null) {
            throw new Unavailable("process " + pid + " (" + foundBy + ") is not visible on this machine");
        }
        return new ServerProcess(proc, pid, name, foundBy);
    }

    /** Loopback, or an address of one of this machine's interfaces. */
    static boolean isThisMachine(String host) {
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) {
                if (a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null) {
                    return true;
                }
            }
            return false;
        } catch (UnknownHostException | SocketException e) {
            return false;
        }
    }

    /** The inodes of the sockets listening on {@code port} (IPv4 and IPv6). */
    static Set<String> listeningSockets(Path proc, int port) {
        Set<String> inodes = new HashSet<>();
        String hexPort = String.format(Locale.ROOT, ":%04X", port);
        for (String table : List.of("net/tcp", "net/tcp6")) {
            List<String> lines;
            try {
                lines = Files.readAllLines(proc.resolve(table));
            } catch (IOException e) {
                continue;
            }
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] f = Words.of(line);
                // sl local_address rem_address st ... inode (field 9); st 0A is LISTEN
                if (f.length > 9 && f[1].endsWith(hexPort) && f[3].equals("0A")) {
                    inodes.add(f[9]);
                }
            }
        }
        return inodes;
    }

    /** The process holding one of the sockets, or -1 when no visible process does. */
    private static int owner(Path proc, Set<String> inodes) {
        Set<String> links = new HashSet<>();
        for (String inode : inodes) {
            links.add("socket:[" + inode + "]");
        }
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, "[0-9]*")) {
            for (Path p : pids) {
                try (DirectoryStream<Path> fds = Files.newDirectoryStream(p.resolve("fd"))) {
                    for (Path fd : fds) {
                        try {
                            if (links.contains(Files.readSymbolicLink(fd).toString())) {
                                return Integer.parseInt(p.getFileName().toString());
                            }
                        } catch (IOException ignored) {
                            // closed meanwhile
                        }
                    }
                } catch (IOException | SecurityException ignored) {
                    // another user's process, or gone
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return -1;
    }

    private static String name(Path proc, int pid) {
        try {
            return ProcStat.name(Files.readString(proc.resolve(pid + "/stat")));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * CPU nanoseconds of the server so far: its main process, its live children (each with the
     * children it reaped) and the children the main process reaped; -1 once it is gone.
     */
    @Override
    public long cpuNanos() {
        try {
            long ticks = 0;
            for (int child : children()) {
                try {
                    ticks += ProcStat.totalTicksWithReapedChildren(Files.readString(proc.resolve(child + "/stat")));
                } catch (IOException ignored) {
                    // ended meanwhile: its time moves into the parent's reaped-children time
                }
            }
            ticks += ProcStat.totalTicksWithReapedChildren(Files.readString(proc.resolve(pid + "/stat")));
            return ticks * NANOS_PER_TICK;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The main process's children, from each of its threads' children lists. */
    private List<Integer> children() throws IOException {
        List<Integer> children = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(proc.resolve(pid + "/task"))) {
            for (Path task : tasks) {
                Path list = task.resolve("children");
                if (!Files.exists(list)) {
                    return childrenByScan();
                }
                for (String c : Words.of(Files.readString(list))) {
                    if (!c.isEmpty()) {
                        children.add(Integer.parseInt(c));
                    }
                }
            }
        }
        return children;
    }

    /** Without the children lists (a kernel built without them): every process's parent. */
    private List<Integer> childrenByScan() throws IOException {
        List<Integer> children = new ArrayList<>();
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, "[0-9]*")) {
            for (Path p : pids) {
                try {
                    if (ProcStat.parentPid(Files.readString(p.resolve("stat"))) == pid) {
                        children.add(Integer.parseInt(p.getFileName().toString()));
                    }
                } catch (IOException | RuntimeException ignored) {
                    // gone meanwhile
                }
            }
        }
        return children;
    }

    public int pid() {
        return pid;
    }

    /** What the figure covers, for the result: "PID 2196 (postgres) and its children, ...". */
    @Override
    public boolean onThisMachine() {
        return true;
    }

    @Override
    public String describe() {
        return "PID " + pid + " (" + name + ") and its child processes, from /proc; found as " + foundBy;
    }
}
