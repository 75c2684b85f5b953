package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** tpkit history refuses what it cannot use in one line, exit code 2, and writes nothing. */
class HistoryCommandTest {
    @TempDir
    Path temp;

    private static void assertOneLineError(Cli cli, String... fragments) {
        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
        assertThat(cli.errLines()).as(cli.err()).hasSize(1);
        assertThat(cli.err()).startsWith("tpkit: ").doesNotContain("Exception", "\tat ").contains(fragments);
        assertThat(cli.out()).isEmpty();
    }

    @Test
    void noFolderAMissingFolderOrNoResults() throws Exception {
        assertOneLineError(Cli.run("history"), "history needs at least one folder", "tpkit history results");
        assertOneLineError(Cli.run("history", temp.resolve("missing").toString()), "no such folder: ");
        Path junk = Files.createDirectories(temp.resolve("junk/a"));
        Files.writeString(junk.resolve("result.json"), "{\"hello\": 1}");
        Path out = temp.resolve("out");
        assertOneLineError(Cli.run("history", temp.resolve("junk").toString(), "--out", out.toString()),
                "no tpkit result.json or repeat.json under ", "skipped: 1 result.json that is not a tpkit result");
        assertThat(out).doesNotExist();
    }

    @Test
    void parametersOutsideTheirRange() {
        String dir = temp.toString();
        assertOneLineError(Cli.run("history", dir, "--permutations", "0"), "--permutations must be at least 1");
        assertOneLineError(Cli.run("history", dir, "--permutations", "9"), "9 permutations cannot show p <= 0.05",
                "--permutations 19");
        assertOneLineError(Cli.run("history", dir, "--p-value", "5"), "--p-value must be between 0 and 1");
        assertOneLineError(Cli.run("history", dir, "--min-size", "1"), "--min-size must be at least 2");
    }
}
