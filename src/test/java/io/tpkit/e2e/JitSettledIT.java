package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.result.ResultWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jit-settled}: a fresh driver JVM measured from its first transaction (no warm-up) is
 * still compiling its code in the interval, and the run is labelled with the compiler's share of
 * the machine. Its own JVM, since this test JVM's code is long compiled. Needs Linux
 * (/proc/self/task); skipped with a message elsewhere.
 */
class JitSettledIT {
    @TempDir
    Path temp;

    @Test
    void aFreshDriverMeasuredWithoutWarmUpIsStillCompiling() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("a fresh driver measured without warm-up");
        boolean linux = Files.isDirectory(Path.of("/proc/self/task"));
        if (!linux) {
            System.err.println("[tpkit tests] skipped JitSettledIT: the JIT compiler's CPU is read from /proc/self/task");
        }
        assumeTrue(linux, "needs /proc/self/task");
        Path out = temp.resolve("results");
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), "io.tpkit.cli.Main", "run", "tp1",
                "--accounts-per-branch", "2000", "--warmup", "0s", "--duration", "3s", "--out", out.toString()));
        Path log = temp.resolve("tpkit.log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(log)).isIn(0, 1);
        Path dir;
        try (Stream<Path> folders = Files.list(out)) {
            dir = folders.filter(f -> Files.exists(f.resolve("result.json"))).findFirst().orElseThrow();
        }
        JsonNode json = ResultWriter.json().readTree(dir.resolve("result.json").toFile());
        JsonNode rule = null;
        for (JsonNode r : json.at("/validity/rules")) {
            if (r.at("/id").asText().equals("jit-settled")) {
                rule = r;
            }
        }
        assertThat(rule).as(json.at("/validity").toString()).isNotNull();
        assertThat(rule.at("/status").asText()).as(rule.toString()).isEqualTo("FAILED");
        assertThat(rule.at("/detail").asText()).contains("of the machine's", "the warm-up did not let compilation settle");
        assertThat(json.at("/validity/verdict").asText()).contains("jit-settled");
        assertThat(Files.readString(log)).contains("jit-settled");
    }
}
