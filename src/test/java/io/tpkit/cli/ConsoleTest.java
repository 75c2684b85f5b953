package io.tpkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
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
            console.listener().loadProgress("item", i * 1000, 10_000, i);
        }
        // no carriage returns or escape codes in a CI log, and not a line per call
        assertThat(err.toString()).doesNotContain("\r").doesNotContain("\u001b");
        assertThat(err.toString().lines().count()).isLessThanOrEqualTo(1);
    }
}
