package io.tpkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleTest {
    @Test
    void aLoadLineShowsRowsPercentRateAndTimeLeft() {
        // 250,000 of 1,000,000 rows after 10 s: 25,000 rows/s, 30 s to go
        assertThat(Console.loadLine("stock", 250_000, 1_000_000, 10))
                .contains("[########", " 25%", "250,000/1,000,000 rows", "25,000 rows/s", "00:30 left");
        assertThat(Console.loadLine("stock", 1_000_000, 1_000_000, 40)).contains("100%").doesNotContain("left");
    }

    @Test
    void withoutATerminalProgressIsAPlainLineNowAndThen() {
        StringWriter err = new StringWriter();
        Console console = new Console(new PrintWriter(new StringWriter()), new PrintWriter(err), false);
        for (int i = 0; i < 5; i++) {
            console.listener().loadProgress("item", i * 100, 10_000, i);
        }
        // no carriage returns or escape codes in a CI log, and not a line per call
        assertThat(err.toString()).doesNotContain("\r").doesNotContain("\u001b");
        assertThat(err.toString().lines().count()).isEqualTo(1);
    }

    @Test
    void withoutATerminalALoadShowsEveryTenthOfItsRowsWithRowsAndRate() {
        // the loader reports twice a second: 1,000,000 rows in 20 s, 25,000 rows per report
        List<String> lines = logOf(console -> {
            for (int i = 0; i <= 40; i++) {
                console.listener().loadProgress(i < 20 ? "history" : "account", i * 25_000L, 1_000_000, i * 0.5);
            }
        });
        assertThat(lines).hasSize(11);
        assertThat(lines.getFirst()).isEqualTo("loading history:   0%, 0/1,000,000 rows in 00:00, 0 rows/s");
        assertThat(lines.get(1)).isEqualTo("loading history:  10%, 100,000/1,000,000 rows in 00:02, 50,000 rows/s, "
                + "00:18 left");
        assertThat(lines.get(5)).startsWith("loading account:  50%, 500,000/1,000,000 rows in 00:10, 50,000 rows/s");
        assertThat(lines.getLast()).isEqualTo("loading account: 100%, 1,000,000/1,000,000 rows in 00:20, 50,000 rows/s");
    }

    @Test
    void aStepAfterTheRowsShowsItsOwnTimeNotAPercentage() {
        // MariaDB's foreign keys on TPC-C took 30 s after the last row: "100%" with a falling rate said nothing
        List<String> lines = logOf(console -> {
            console.listener().loadProgress("stock", 500_000, 1_000_000, 10);
            console.listener().loadProgress("stock", 1_000_000, 1_000_000, 20);
            for (int i = 0; i <= 30; i++) {
                console.listener().loadProgress("foreign keys", 1_000_000, 1_000_000, 20 + i);
            }
        });
        assertThat(lines).hasSize(6);
        assertThat(lines.get(1)).startsWith("loading stock: 100%");
        assertThat(lines.get(2)).isEqualTo("loading foreign keys: all 1,000,000 rows written; this step 00:00 so far "
                + "(the load 00:20)");
        assertThat(lines.getLast()).isEqualTo("loading foreign keys: all 1,000,000 rows written; this step 00:30 so far "
                + "(the load 00:50)");
        assertThat(lines).noneMatch(l -> l.startsWith("loading foreign keys") && l.contains("%"));
    }

    @Test
    void withoutATerminalASlowLoadShowsALineEveryTenSeconds() {
        // 1,000 rows a second of 1,000,000: no tenth is reached in the minute, a line every 10 s
        List<String> lines = logOf(console -> {
            for (int i = 0; i <= 120; i++) {
                console.listener().loadProgress("stock", i * 500L, 1_000_000, i * 0.5);
            }
        });
        assertThat(lines).extracting(l -> l.replaceFirst(".* rows in (\\d\\d:\\d\\d),.*", "$1"))
                .containsExactly("00:00", "00:10", "00:20", "00:30", "00:40", "00:50", "01:00");
        assertThat(lines.get(1)).contains("1%", "10,000/1,000,000 rows", "1,000 rows/s", "16:30 left");
    }

    @Test
    void withoutATerminalALoadOfUnknownSizeShowsRowsAndRateEveryTenSeconds() {
        List<String> lines = logOf(console -> {
            for (int i = 0; i <= 50; i++) {
                console.listener().loadProgress("rows", i * 1_000L, 0, i * 0.5);
            }
        });
        assertThat(lines).containsExactly("loading rows: 0 rows in 00:00, 0 rows/s",
                "loading rows: 20,000 rows in 00:10, 2,000 rows/s", "loading rows: 40,000 rows in 00:20, 2,000 rows/s");
    }

    @Test
    void withoutATerminalTheNextLoadStartsItsLinesAgain() {
        List<String> lines = logOf(console -> {
            for (int load = 0; load < 2; load++) {
                for (int i = 0; i <= 4; i++) {
                    console.listener().loadProgress("item", i * 250L, 1_000, i * 0.5);
                }
            }
        });
        assertThat(lines).hasSize(10).filteredOn(l -> l.contains(" 0%")).hasSize(2);
    }

    private static List<String> logOf(java.util.function.Consumer<Console> use) {
        StringWriter err = new StringWriter();
        Console console = new Console(new PrintWriter(new StringWriter()), new PrintWriter(err), false);
        use.accept(console);
        assertThat(err.toString()).doesNotContain("\r").doesNotContain("\u001b");
        return err.toString().lines().toList();
    }
}
