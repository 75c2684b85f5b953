package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --out on a file system that fills up while the results are written: a one-line error naming
 * the problem and the fix, exit code 2, and no half-written folder. Needs to mount a tiny tmpfs
 * (root on Linux); skipped with a message elsewhere.
 */
class FullDiskIT {
    @TempDir
    Path temp;

    private static boolean run(String... command) throws Exception {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @Test
    void aFullDiskIsBadInputAndLeavesNothingBehind() throws Exception {
        Path full = temp.resolve("full");
        Files.createDirectories(full);
        boolean mounted = run("mount", "-t", "tmpfs", "-o", "size=12k", "tmpfs", full.toString());
        if (!mounted) {
            System.err.println("[tpkit tests] skipped FullDiskIT: cannot mount a small tmpfs here (needs root on Linux)");
        }
        assumeTrue(mounted, "cannot mount a small tmpfs here (needs root on Linux)");
        try {
            Cli cli = Cli.run("run", "tp1", "--accounts-per-branch", "1000", "--transactions", "200", "--warmup", "0",
                    "--out", full.toString());

            assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
            assertThat(cli.err()).contains("No space left on device", "choose another --out");
            try (Stream<Path> left = Files.list(full)) {
                assertThat(left).as("nothing half-written").isEmpty();
            }
        } finally {
            run("umount", full.toString());
        }
    }
}
