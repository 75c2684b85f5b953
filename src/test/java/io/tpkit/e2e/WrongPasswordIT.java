package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A wrong password is refused by the server: one line naming the target (password redacted)
 * and what to check, exit code 2, no result folder. Against the machine's MariaDB, whose root
 * has an empty password (PostgreSQL here trusts every local user, so it cannot refuse).
 */
class WrongPasswordIT {
    private static final String WRONG = "not-the-password-17";

    @TempDir
    Path temp;

    @Test
    void theServerRefusesAndTheMessageSaysSo() throws Exception {
        String url = TestDatabases.externalMysqlUrl() + "?password=" + WRONG;
        Cli cli = Cli.run("run", "tp1", "--db", url, "--user", TestDatabases.externalMysqlUser(),
                "--out", temp.resolve("results").toString());

        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
        assertThat(cli.err().strip().lines()).singleElement().asString()
                .contains("cannot connect to", "Access denied", "--password-env").doesNotContain(WRONG);
        if (Files.exists(temp.resolve("results"))) {
            try (Stream<Path> left = Files.list(temp.resolve("results"))) {
                assertThat(left).isEmpty();
            }
        }
    }
}
