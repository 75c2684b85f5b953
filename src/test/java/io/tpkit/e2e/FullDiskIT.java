package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

    /** Mounts a tmpfs of {@code size} at {@code dir}, or skips the test with a message. */
    private static void mount(Path dir, String size) throws Exception {
        Files.createDirectories(dir);
        boolean mounted = run("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString());
        if (!mounted) {
            System.err.println("[tpkit tests] skipped FullDiskIT: cannot mount a small tmpfs here (needs root on Linux)");
        }
        assumeTrue(mounted, "cannot mount a small tmpfs here (needs root on Linux)");
    }

    /** Too little room for the results: refused before the run, in one line, and nothing left. */
    @Test
    void aDiskWithoutRoomIsRefusedBeforeTheRun() throws Exception {
        Path full = temp.resolve("full");
        mount(full, "12k");
        try {
            Cli cli = Cli.run("run", "tp1", "--accounts-per-branch", "1000", "--transactions", "200", "--warmup", "0",
                    "--out", full.toString());

            assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
            assertThat(cli.errLines()).hasSize(1);
            assertThat(cli.err()).contains("not enough room for the results in " + full, "choose another --out");
            assertThat(cli.out()).as("nothing ran").doesNotContain("TPS");
            try (Stream<Path> left = Files.list(full)) {
                assertThat(left).as("nothing half-written").isEmpty();
            }
        } finally {
            run("umount", full.toString());
        }
    }

    /**
     * The disk fills up during the run (another program takes the room): the summary is printed
     * all the same, what was written is kept under the result's name, and the error says so.
     */
    @Test
    void aDiskThatFillsDuringTheRunKeepsWhatWasWrittenAndPrintsTheSummary() throws Exception {
        Path full = temp.resolve("fills");
        mount(full, "6m");
        Thread filler = Thread.ofPlatform().daemon().start(() -> {
            try {
                Path partial = null;
                while (partial == null) {
                    try (Stream<Path> s = Files.list(full)) {
                        partial = s.filter(p -> p.getFileName().toString().contains(".partial-")).findFirst()
                                .orElse(null);
                    }
                    Thread.sleep(20);
                }
                Thread.sleep(1_000);
                try (java.io.OutputStream o = Files.newOutputStream(full.resolve("filler"))) {
                    byte[] block = new byte[64 << 10];
                    while (true) {
                        o.write(block);
                    }
                }
            } catch (java.io.IOException full1) {
                // the disk is full: what the test wanted
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            Cli cli = Cli.run("run", "tp1", "--accounts-per-branch", "1000", "--duration", "3s", "--warmup", "0",
                    "--out", full.toString());
            filler.join(10_000);

            assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
            assertThat(cli.out()).as("the summary").contains("TPS (committed transactions only)");
            assertThat(cli.err()).contains("No space left on device", "what was written is kept in ");
            List<Path> kept;
            try (Stream<Path> s = Files.list(full)) {
                kept = s.filter(p -> p.getFileName().toString().startsWith("tp1-")).toList();
            }
            assertThat(kept).hasSize(1);
            assertThat(kept.getFirst().resolve("histograms.hlog")).exists();
        } finally {
            run("umount", full.toString());
        }
    }
}
