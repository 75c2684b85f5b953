package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.testing.TestDatabases;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A password given in the JDBC URL appears in no output and in no file of the result folder. */
class PasswordRedactionIT {
    private static final String SECRET = "Sekr1t-42-do-not-print";

    @TempDir
    Path temp;

    @Test
    void aPasswordInTheUrlIsNeverPrintedOrStored() throws Exception {
        String url = TestDatabases.externalPostgresUrl() + "?password=" + SECRET;
        Cli cli = Cli.run("run", "tp1", "--db", url, "--user", TestDatabases.externalPostgresUser(),
                "--accounts-per-branch", "1000", "--transactions", "100", "--warmup", "0", "--reload",
                "--out", temp.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out() + cli.err()).doesNotContain(SECRET).contains("password=***");
        List<Path> files;
        try (Stream<Path> s = Files.walk(temp)) {
            files = s.filter(Files::isRegularFile).toList();
        }
        assertThat(files).extracting(p -> p.getFileName().toString())
                .contains("result.json", "report.html", "timeseries.csv", "summary.csv");
        for (Path f : files) {
            String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
            assertThat(text).as(f.toString()).doesNotContain(SECRET);
        }
    }
}
