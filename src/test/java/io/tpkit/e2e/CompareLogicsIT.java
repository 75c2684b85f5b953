package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.result.ResultWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seed 001's table from one command: {@code tpkit compare WORKLOAD --logic
 * interactive,client,procedure} puts the three logics side by side with, per logic, the round
 * trips per transaction (in total and per type), the driver's CPU (in total and per type), the
 * database's CPU and the throughput, every run consistent. The figures are the database's and
 * the machine's; what is asserted is that each is there, and the round trips, which the logics
 * fix: TP1 6, 1 and 1.
 */
class CompareLogicsIT {
    private static final boolean MARIADB = Files.isExecutable(Path.of("/usr/sbin/mariadbd"))
            || Files.isExecutable(Path.of("/usr/bin/mariadbd"));

    @TempDir
    Path temp;

    private static JsonNode comparison(Cli cli) throws Exception {
        Matcher m = Pattern.compile("Comparison: (.+)").matcher(cli.out());
        assertThat(m.find()).as(cli.out()).isTrue();
        return ResultWriter.json().readTree(Path.of(m.group(1).trim()).resolve("comparison.json").toFile());
    }

    /** The row's mean per run, in the runs' order; null where a run has none. */
    private static List<Double> row(JsonNode comparison, String id) {
        for (JsonNode row : comparison.get("rows")) {
            if (row.get("id").asText().equals(id)) {
                List<Double> values = new ArrayList<>();
                row.get("values").forEach(v -> values.add(v.isNull() ? null : v.asDouble()));
                return values;
            }
        }
        throw new AssertionError("no row " + id + " in " + comparison.get("rows"));
    }

    private static void theThreeLogicsSideBySide(JsonNode json) {
        assertThat(json.get("runs")).extracting(r -> r.get("variant").asText())
                .containsExactly("logic interactive", "logic client", "logic procedure");
        assertThat(json.get("runs")).allMatch(r -> r.get("consistent").asBoolean());
        for (String id : List.of("tps", "driverCpu", "databaseCpu", "roundTrips")) {
            assertThat(row(json, id)).as(id).hasSize(3).allMatch(v -> v != null && v > 0);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"embedded-postgres", "embedded-mariadb"})
    void tp1(String target) throws Exception {
        if (target.equals("embedded-mariadb")) {
            io.tpkit.testing.TestDatabases.assumeFullSuite("the three TP1 logics compared on the embedded MariaDB");
        }
        Assumptions.assumeTrue(target.equals("embedded-postgres") || MARIADB, "needs MariaDB's mariadbd");
        Cli cli = Cli.run("compare", "tp1", "--db", target, "--logic", "interactive,client,procedure",
                "--accounts-per-branch", "2000", "--connections", "2", "--transactions", "300", "--warmup", "0",
                "--out", temp.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("run 1: logic interactive", "run 2: logic client", "run 3: logic procedure",
                "cost: round trips per commit", "debit-credit: driver CPU us per transaction");
        JsonNode json = comparison(cli);
        theThreeLogicsSideBySide(json);
        assertThat(row(json, "roundTrips")).containsExactly(6.0, 1.0, 1.0);
        assertThat(row(json, "debit-credit.roundTrips")).containsExactly(6.0, 1.0, 1.0);
        assertThat(row(json, "debit-credit.driverCpu")).hasSize(3).allMatch(v -> v != null && v > 0);
    }

    /**
     * TPC-C on PostgreSQL: New-Order 9 + 2 per line interactively (5 to 15 lines), 2 round trips
     * with the client logic (3 for the few with an item twice or the unused item), 1 with the
     * procedure; Stock-Level 3, 1 and 1.
     */
    @Test
    void tpcc() throws Exception {
        io.tpkit.testing.TestDatabases.assumeFullSuite("the three TPC-C logics compared on the embedded PostgreSQL");
        Cli cli = Cli.run("compare", "tpcc", "--logic", "interactive,client,procedure", "--warehouses", "1",
                "--think", "off", "--connections", "2", "--duration", "4s", "--warmup", "1s", "--out", temp.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode json = comparison(cli);
        theThreeLogicsSideBySide(json);
        List<Double> newOrder = row(json, "new-order.roundTrips");
        assertThat(newOrder.get(0)).isBetween(17.0, 39.0);
        // the client's 2, and one more for an item ordered twice or the unused item
        assertThat(newOrder.get(1)).isBetween(2.0, 2.2);
        assertThat(newOrder.get(2)).isEqualTo(1.0);
        assertThat(row(json, "stock-level.roundTrips")).containsExactly(3.0, 1.0, 1.0);
        assertThat(row(json, "new-order.driverCpu")).hasSize(3).allMatch(v -> v != null && v > 0);
    }
}
