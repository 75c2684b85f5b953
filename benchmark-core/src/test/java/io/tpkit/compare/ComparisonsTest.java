package io.tpkit.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.result.ResultReader;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Comparisons of hand-made results: their rows, names and table, without a database. */
class ComparisonsTest {
    private static RunResult run(String target, String product, String version, String logic, double tps,
                                 double nopm, String load, String before) throws Exception {
        return ResultReader.of(ResultWriter.json().readTree("""
                {"resultDir": "/r/%s-%s",
                 "startedAt": "2026-11-24T07:32:47.1Z",
                 "workload": {"name": "tpcc"},
                 "configuration": {"target": "%s", "scale": 1, "logic": "%s", "seed": 1},
                 "database": {"product": "%s", "version": "%s" %s},
                 "load": %s,
                 "metrics": {"measurementSeconds": 10.0, "totalFailed": 0, "totalRetries": 3,
                   "throughput": {"overWallClock": %s, "sumOfStreams": 1},
                   "types": [{"name": "new-order", "committed": 1, "perSecond": %s,
                     "response": {"count": 1, "p50Ms": 1.5, "p90Ms": 2.5, "p99Ms": 12345.678}}],
                   "stalls": {"count": 0, "totalSeconds": 0, "longestSeconds": 0, "stretches": []}},
                 "headline": {"nopm": {"label": "NOPM (New-Orders completed per minute of the measurement interval, rollbacks included; not tpmC)", "value": %s, "unit": "1/min"}},
                 "validity": {"verdict": "non-standard: measurement-interval, long-enough", "conformant": false, "rules": []},
                 "consistency": []}
                """.formatted(target, logic, target, logic, product, version,
                before == null ? "" : ", \"transactionsBefore\": " + before, load, tps, tps / 2, nopm)), "test");
    }

    private static final String LOADED = """
            {"workload": "tpcc", "scale": 1, "seconds": 9.1, "rows": 598569, "rowsPerSecond": 65749.0,
             "databaseBytes": 126367423, "bytesPerScaleUnit": 126367423}""";

    @Test
    void columnsAreHeadedByWhatTellsTheRunsApart() throws Exception {
        Comparison logics = Comparisons.ofResults(List.of(
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 330.4, 8634, LOADED, null),
                run("embedded-postgres", "PostgreSQL", "18.6", "procedure", 512.25, 13400, LOADED, null)),
                Set.of("logic"));
        assertThat(logics.runs()).extracting(Comparison.Run::name)
                .containsExactly("run 1: logic client", "run 2: logic procedure");
        Comparison products = Comparisons.ofResults(List.of(
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 1, 1, LOADED, null),
                run("embedded-mariadb", "MariaDB", "10.11.19-MariaDB-0+deb12u1", "client", 1, 1, LOADED, null)));
        assertThat(products.runs()).extracting(Comparison.Run::name)
                .containsExactly("run 1: PostgreSQL 18.6", "run 2: MariaDB 10.11.19");
        Comparison hosts = Comparisons.ofResults(List.of(
                run("jdbc:postgresql://db1:5432/bench", "PostgreSQL", "18.6", "client", 1, 1, LOADED, null),
                run("jdbc:postgresql://db2:5432/bench", "PostgreSQL", "18.6", "client", 1, 1, LOADED, null)));
        assertThat(hosts.runs()).extracting(Comparison.Run::name)
                .containsExactly("run 1: db1:5432/bench", "run 2: db2:5432/bench");
        Comparison same = Comparisons.ofResults(List.of(
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 1, 1, LOADED, null),
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 1, 1, LOADED, null)));
        assertThat(same.runs().getFirst().name()).isEqualTo("run 1: started 2026-11-24 07:32:47");
    }

    @Test
    void theHeadlineComesFirstAndCountsAreIntegers() throws Exception {
        Comparison c = Comparisons.ofResults(List.of(
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 330.4, 8634, LOADED, null),
                run("embedded-postgres", "PostgreSQL", "18.6", "procedure", 512.25, 13400, LOADED, null)),
                Set.of("logic"));
        assertThat(c.rows().get(0).metric()).startsWith("NOPM");
        assertThat(c.rows().get(1).metric()).startsWith("TPS");
        assertThat(c.rows()).filteredOn(r -> r.metric().equals("retries")).singleElement()
                .extracting(Comparison.Row::count).isEqualTo(true);
    }

    @Test
    void theTableIsAlignedWithOneNumberFormatAndNoTrailingSpaces() throws Exception {
        String table = ComparisonTable.render(Comparisons.ofResults(List.of(
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 330.4, 8634, LOADED, null),
                run("embedded-postgres", "PostgreSQL", "18.6", "procedure", 512.25, 13400, LOADED, null)),
                Set.of("logic")));
        List<String> lines = table.lines().toList();
        assertThat(lines).noneMatch(l -> l.endsWith(" "));
        assertThat(lines.getFirst()).contains("run 1: logic client", "run 2: logic procedure")
                .doesNotContain("PostgreSQL");
        // the table's lines (up to the blank one) line up: every run's values end in the same column
        List<String> rows = lines.subList(0, lines.indexOf(""));
        String nopm = rows.stream().filter(l -> l.startsWith("NOPM")).findFirst().orElseThrow();
        String tps = rows.stream().filter(l -> l.startsWith("TPS")).findFirst().orElseThrow();
        String retries = rows.stream().filter(l -> l.startsWith("retries")).findFirst().orElseThrow();
        assertThat(nopm).contains("8,634.00", "13,400.00 (1.55x)");
        assertThat(tps).contains("330.40", "512.25 (1.55x)");
        assertThat(retries).contains(" 3 ").doesNotContain("3.00");
        assertThat(nopm.indexOf("8,634.00") + "8,634.00".length()).isEqualTo(tps.indexOf("330.40") + "330.40".length());
        assertThat(nopm.indexOf("(1.55x)")).isEqualTo(tps.indexOf("(1.55x)"));
        assertThat(nopm).doesNotContain("rollbacks included"); // a long label is cut at its explanation
        String p99 = rows.stream().filter(l -> l.startsWith("new-order: response p99")).findFirst().orElseThrow();
        assertThat(p99).contains("12,345.68");
        assertThat(rows.stream().map(String::length).distinct().count()).isLessThanOrEqualTo(rows.size());
        assertThat(table).contains("validity: non-standard: measurement-interval, long-enough",
                "non-standard (2 rules)", "Otherwise the runs used the same configuration apart from the target.");
    }

    @Test
    void runsThatStartedFromDifferentDataAreNotCalledTheSame() throws Exception {
        Comparison mixed = Comparisons.ofResults(List.of(
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 1, 1, LOADED, "30010"),
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 1, 1, "null", "31667")));
        assertThat(mixed.startingData()).singleElement().asString()
                .contains("run 1 loaded fresh data; run 2 ran on the data already in the database");
        assertThat(mixed.runs()).extracting(Comparison.Run::name).containsExactly("run 1: fresh load", "run 2: no load");
        String table = ComparisonTable.render(mixed);
        assertThat(table).contains("NOT THE SAME STARTING DATA", "but did not start from the same data")
                .doesNotContain("used the same configuration apart from the target.");

        Comparison counters = Comparisons.ofResults(List.of(
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 1, 1, "null", "30010"),
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 1, 1, "null", "31667")));
        assertThat(counters.startingData()).singleElement().asString().contains("run 1 30,010, run 2 31,667");

        Comparison unknown = Comparisons.ofResults(List.of(
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 1, 1, "null", null),
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 1, 1, "null", null)));
        assertThat(unknown.startingData()).singleElement().asString().contains("not known to be the same");

        Comparison fresh = Comparisons.ofResults(List.of(
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 1, 1, LOADED, "30010"),
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 1, 1, LOADED, "30010")));
        assertThat(fresh.startingData()).isEmpty();
        assertThat(ComparisonTable.render(fresh)).contains("The runs used the same configuration apart from the target.");

        // a run of a series restored from the copy made after the load starts from the data as loaded, as a
        // reloaded one does (where one target keeps a copy and another loads again before every run)
        String restored = "0, \"startingData\": {\"method\": \"restore\", \"how\": \"restored from a copy\"}";
        Comparison copy = Comparisons.ofResults(List.of(
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 1, 1, LOADED, "0"),
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 1, 1, "null", restored)));
        assertThat(copy.startingData()).isEmpty();
        // but restored runs whose counters differ did not start from the same data
        Comparison restoredApart = Comparisons.ofResults(List.of(
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 1, 1, "null", restored),
                run("embedded-postgres", "PostgreSQL", "18.6", "client", 1, 1, "null", restored.replaceFirst("^0", "7"))));
        assertThat(restoredApart.startingData()).singleElement().asString().contains("run 1 0, run 2 7");
    }
}
