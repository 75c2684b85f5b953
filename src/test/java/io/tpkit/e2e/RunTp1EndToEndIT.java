package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.result.ResultWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's first command, shortened: tpkit run tp1 on the embedded PostgreSQL. */
class RunTp1EndToEndIT {
    @TempDir
    Path temp;

    @Test
    void runPrintsASummaryAndWritesTheResultFolder() throws Exception {
        Cli cli = Cli.run("run", "tp1", "--duration", "3s", "--warmup", "1s", "--out", temp.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.err()).contains("starting embedded PostgreSQL", "loading tp1: 1 branch (scale 1)", "loaded tp1 at scale 1",
                "running tp1");
        assertThat(cli.out()).contains("debit-credit", "TPS (committed transactions only)", "Consistency: passed",
                "Validity: non-standard: measurement-interval");
        Matcher m = Pattern.compile("Results: (.+)").matcher(cli.out());
        assertThat(m.find()).isTrue();
        Path dir = Path.of(m.group(1).trim());
        assertThat(dir.getParent()).isEqualTo(temp.toAbsolutePath());
        JsonNode json = ResultWriter.json().readTree(dir.resolve("result.json").toFile());
        assertThat(json.at("/workload/parameters/accounts").asLong()).isEqualTo(100_000);
        assertThat(json.at("/database/product").asText()).isEqualTo("PostgreSQL");
        assertThat(json.at("/metrics/totalCommitted").asLong()).isPositive();
        assertThat(Files.readAllLines(dir.resolve("timeseries.csv")).size()).isGreaterThan(3);
    }

    @Test
    void loadThenCheckThroughTheCliWithAKeptDataDirectory() throws Exception {
        String dataDir = temp.resolve("pgdata").toString();
        Cli load = Cli.run("load", "tp1", "--data-dir", dataDir, "--accounts-per-branch", "1000", "--scale", "2");
        assertThat(load.exitCode()).as(load.err()).isZero();
        assertThat(load.out()).contains("loaded tp1 at scale 2: 2,022 rows");

        // check and run take the scale the database holds, as pgbench does
        Cli check = Cli.run("check", "tp1", "--data-dir", dataDir, "--accounts-per-branch", "1000");
        assertThat(check.exitCode()).as(check.err() + check.out()).isZero();
        assertThat(check.out()).contains("consistency: passed");
        assertThat(check.err()).contains("the database holds tp1 at scale 2: using it");

        Cli run = Cli.run("run", "tp1", "--data-dir", dataDir, "--accounts-per-branch", "1000",
                "--no-load", "--transactions", "200", "--warmup", "0", "--out", temp.resolve("r").toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).doesNotContain("loading tp1");
        assertThat(run.out()).contains("200 committed transactions", "scale 2,");

        // a scale that contradicts the data is refused, with a hint that reaches the same database
        Cli other = Cli.run("run", "tp1", "--data-dir", dataDir, "--accounts-per-branch", "1000", "--scale", "3",
                "--no-load", "--out", temp.resolve("r").toString());
        assertThat(other.exitCode()).isEqualTo(2);
        assertThat(other.err().strip().lines().toList().getLast()).isEqualTo("tpkit: the database holds tp1 at scale "
                + "2, not 3: leave out --scale or reload with 'tpkit load tp1 --scale 3 --accounts-per-branch 1000 "
                + "--data-dir " + dataDir + "'");
    }

    @Test
    void noLoadOnAnEmptyDatabaseIsBadInput() {
        Cli cli = Cli.run("run", "tp1", "--no-load", "--out", temp.toString());
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.err()).contains("holds no tp1 data", "tpkit load tp1");
        assertThat(temp).isEmptyDirectory();
    }

    @Test
    void moreConnectionsThanTheServerAcceptsAreRefusedBeforeTheRun() {
        Cli cli = Cli.run("run", "tp1", "--connections", "400", "--out", temp.toString());
        assertThat(cli.exitCode()).isEqualTo(2);
        // the embedded server's max_connections is 300: the server's limit named, not a pool's timeout
        assertThat(cli.err().strip().lines().toList().getLast()).startsWith("tpkit: --connections 400 needs 402 "
                + "connections").contains("max_connections 300", "use at most", "nothing was run");
        assertThat(cli.err()).doesNotContain("loading tp1");
        assertThat(temp).isEmptyDirectory();
    }

    /**
     * TPC-C's deferred workers grow with its connections, so the advice is not the limit less
     * today's extras (which once read "use at most 0 connections"): the number advised fits the
     * server's own count of what it accepts, and one more would not.
     */
    @Test
    void theConnectionsAdvisedForADeferringRunAreANumberThatFits() {
        Cli cli = Cli.run("run", "tpcc", "--connections", "400", "--out", temp.toString());
        assertThat(cli.exitCode()).as(cli.err()).isEqualTo(2);
        String line = cli.err().strip().lines().toList().getLast();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("accepts (\\d+) more .*use at most (\\d+) "
                + "connections").matcher(line);
        assertThat(m.find()).as(line).isTrue();
        int accepts = Integer.parseInt(m.group(1));
        int advised = Integer.parseInt(m.group(2));
        // what a TPC-C run of N opens: N, its deferred workers (a quarter, at least 2) and 2 spares
        java.util.function.IntUnaryOperator opens = n -> n + Math.max(2, (n + 3) / 4) + 2;
        assertThat(advised).isPositive();
        assertThat(opens.applyAsInt(advised)).isLessThanOrEqualTo(accepts);
        assertThat(opens.applyAsInt(advised + 1)).isGreaterThan(accepts);
        assertThat(temp).isEmptyDirectory();
    }
}
