package io.tpkit.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding the database server's processes in a /proc tree laid out as Linux does. */
class ServerProcessTest {
    private static final List<String> POSTGRES = List.of("postgres", "postmaster");

    @TempDir
    Path proc;

    private void table(String name, String... rows) throws IOException {
        Files.createDirectories(proc.resolve("net"));
        StringBuilder text = new StringBuilder("  sl  local_address rem_address   st tx_queue rx_queue tr tm->when "
                + "retrnsmt   uid  timeout inode\n");
        for (String r : rows) {
            text.append(r).append('\n');
        }
        Files.writeString(proc.resolve("net/" + name), text);
    }

    /** A process with its stat line, the sockets it holds, and its children. */
    private void process(int pid, String name, int parent, long utime, long stime, long cutime, long cstime,
                         List<String> sockets, int... children) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Integer.toString(pid)));
        Files.writeString(dir.resolve("stat"), pid + " (" + name + ") S " + parent + " " + pid + " " + pid
                + " 0 -1 4194560 1000 0 0 0 " + utime + " " + stime + " " + cutime + " " + cstime
                + " 20 0 1 0 100 1000000 100 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n");
        Path fd = Files.createDirectories(dir.resolve("fd"));
        for (int i = 0; i < sockets.size(); i++) {
            Path link = fd.resolve(Integer.toString(i + 3));
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, Path.of("socket:[" + sockets.get(i) + "]"));
        }
        Path task = Files.createDirectories(dir.resolve("task/" + pid));
        StringBuilder list = new StringBuilder();
        for (int c : children) {
            list.append(c).append(' ');
        }
        Files.writeString(task.resolve("children"), list.toString());
    }

    /** A postmaster on 5432 (IPv4 and IPv6) with two backends; another program on 6000. */
    private void postgresMachine() throws IOException {
        table("tcp",
                "   0: 00000000:1538 00000000:0000 0A 00000000:00000000 00:00000000 00000000   104        0 7001 1",
                "   1: 0100007F:1538 0100007F:9C40 01 00000000:00000000 00:00000000 00000000   104        0 7005 1",
                "   2: 00000000:1770 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 8001 1");
        table("tcp6",
                "   0: 00000000000000000000000000000000:1538 00000000000000000000000000000000:0000 0A 00000000:00000000 "
                        + "00:00000000 00000000   104        0 7002 1");
        process(100, "postgres", 1, 50, 20, 300, 100, List.of("7001", "7002"), 101, 102);
        process(101, "postgres", 100, 400, 150, 0, 0, List.of("7005"));
        process(102, "postgres", 100, 30, 10, 0, 0, List.of());
        process(200, "some-proxy", 1, 5, 5, 0, 0, List.of("8001"));
    }

    @Test
    void theServerIsTheOwnerOfTheListeningSocketAndItsCpuIncludesItsChildren() throws Exception {
        postgresMachine();
        ServerProcess server = ServerProcess.locate(proc, "127.0.0.1", 5432, POSTGRES, OptionalInt.empty());

        assertThat(server.pid()).isEqualTo(100);
        assertThat(server.describe()).contains("PID 100 (postgres)", "listening on port 5432");
        // postmaster 50+20 (+400 ended backends' 300+100), live backends 400+150 and 30+10: 1060 ticks of 10 ms
        assertThat(server.cpuNanos()).isEqualTo(1060 * 10_000_000L);
    }

    @Test
    void anEndedChildMovesIntoItsParentsReapedTimeSoTheTotalNeverDrops() throws Exception {
        postgresMachine();
        ServerProcess server = ServerProcess.locate(proc, "localhost", 5432, POSTGRES, OptionalInt.empty());
        long before = server.cpuNanos();
        // backend 101 ends; the postmaster reaps it and adds its times to cutime/cstime
        deleteTree(proc.resolve("101"));
        process(100, "postgres", 1, 50, 20, 300 + 400, 100 + 150, List.of("7001", "7002"), 102);
        assertThat(server.cpuNanos()).isEqualTo(before);
    }

    @Test
    void aPortOwnedByAnotherProgramIsNotTakenForTheDatabase() throws Exception {
        postgresMachine();
        assertThatThrownBy(() -> ServerProcess.locate(proc, "127.0.0.1", 6000, POSTGRES, OptionalInt.empty()))
                .isInstanceOf(io.tpkit.spi.database.ServerCpuClock.Unavailable.class).hasMessageContaining("belongs to 'some-proxy'");
    }

    @Test
    void whyTheServerIsNotFoundIsSaid() throws Exception {
        postgresMachine();
        assertThatThrownBy(() -> ServerProcess.locate(proc, "127.0.0.1", 5433, POSTGRES, OptionalInt.empty()))
                .hasMessageContaining("nothing on this machine listens on port 5433");
        assertThatThrownBy(() -> ServerProcess.locate(proc, "db.example.invalid", 5432, POSTGRES, OptionalInt.empty()))
                .hasMessageContaining("is not on this machine");
        assertThatThrownBy(() -> ServerProcess.locate(proc.resolve("missing"), "127.0.0.1", 5432, POSTGRES,
                OptionalInt.empty())).hasMessageContaining("no /proc");
    }

    @Test
    void withoutTheSocketsOwnerTheProcessIdTheServerReportsIsUsed() throws Exception {
        postgresMachine();
        // the postmaster's descriptors are not visible (another user's process)
        deleteTree(proc.resolve("100/fd"));
        ServerProcess server = ServerProcess.locate(proc, "127.0.0.1", 5432, POSTGRES, OptionalInt.of(100));
        assertThat(server.pid()).isEqualTo(100);
        assertThat(server.describe()).contains("the process id the server reports");
        assertThatThrownBy(() -> ServerProcess.locate(proc, "127.0.0.1", 5432, POSTGRES, OptionalInt.of(200)))
                .hasMessageContaining("not visible to this user");
    }

    @Test
    void hostAndPortComeFromTheJdbcUrl() {
        assertThat(ServerProcess.hostPort("jdbc:postgresql://127.0.0.1:5433/test", 5432))
                .containsExactly("127.0.0.1", "5433");
        assertThat(ServerProcess.hostPort("jdbc:postgresql://db/test?user=x", 5432)).containsExactly("db", "5432");
        assertThat(ServerProcess.hostPort("jdbc:mysql://root:pw@[::1]:3307/test", 3306)).containsExactly("::1", "3307");
        assertThat(ServerProcess.hostPort("jdbc:postgresql://a:5440,b:5441/test", 5432)).containsExactly("a", "5440");
        assertThat(ServerProcess.hostPort("jdbc:postgresql:test", 5432)).isNull();
    }

    private static void deleteTree(Path p) throws IOException {
        try (var walk = Files.walk(p)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(f -> {
                try {
                    Files.delete(f);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
    }
}
