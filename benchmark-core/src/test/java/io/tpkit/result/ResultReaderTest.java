package io.tpkit.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.config.BadInputException;
import io.tpkit.metrics.HeadlineFigure;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** result.json read back into the typed result; older and foreign files refused in one line. */
class ResultReaderTest {
    @TempDir
    Path temp;

    private Path folder(String json) throws Exception {
        Path dir = Files.createDirectories(temp.resolve("run-" + System.nanoTime()));
        Files.writeString(dir.resolve("result.json"), json);
        return dir;
    }

    @Test
    void headlineFiguresAreReadByTheirIds() throws Exception {
        RunResult r = ResultReader.read(folder("""
                {"workload": {"name": "tpcc"}, "metrics": {"measurementSeconds": 10.0},
                 "headline": {"nopm": {"label": "NOPM (...)", "value": 1234.5, "unit": "1/min"},
                              "efficiencyPct": {"label": "efficiency %", "value": null, "unit": "%", "note": "why"}},
                 "aFigureOfALaterVersion": 1}
                """));
        assertThat(r.headline()).containsOnlyKeys("nopm", "efficiencyPct");
        assertThat(r.headline().get("nopm")).isEqualTo(new HeadlineFigure("NOPM (...)", 1234.5, "1/min", null));
        assertThat(r.headline().get("efficiencyPct").display()).isEqualTo("not shown: why");
        assertThat(r.metrics().measurementSeconds()).isEqualTo(10.0);
    }

    /** Earlier versions keyed each figure by its label; the figure gets the id this version gives it. */
    @Test
    void headlineKeyedBySentencesIsReadToo() throws Exception {
        RunResult r = ResultReader.read(folder("""
                {"workload": {"name": "tpcc"}, "metrics": {},
                 "headline": {"NOPM (New-Orders completed per minute of the measurement interval)": 1234.5,
                              "efficiency % (NOPM / (12.61 x warehouses))": "not shown: needs --think spec"}}
                """).resolve("result.json"));
        assertThat(r.headline()).containsOnlyKeys("nopm", "efficiencyPct");
        assertThat(r.headline().get("nopm").value()).isEqualTo(1234.5);
        assertThat(r.headline().get("nopm").label()).startsWith("NOPM (New-Orders");
        assertThat(r.headline().get("efficiencyPct").value()).isNull();
        assertThat(r.headline().get("efficiencyPct").display()).isEqualTo("not shown: needs --think spec");
    }

    @Test
    void aFileThisVersionCannotBindIsRefusedInOneLine() throws Exception {
        Path dir = folder("""
                {"workload": {"name": "tp1"}, "metrics": {"types": "debit-credit: 5745 committed"}}
                """);
        assertThatThrownBy(() -> ResultReader.read(dir)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("result.json from an older tpkit version: re-run")
                .hasMessageContaining("at metrics.types")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void whatIsNoResultIsSaidSo() throws Exception {
        assertThatThrownBy(() -> ResultReader.read(folder("{\"tool\": \"tpkit sweep\"}")))
                .isInstanceOf(BadInputException.class).hasMessageContaining("is not a tpkit result.json");
        assertThatThrownBy(() -> ResultReader.read(folder("{\"workload\": ")))
                .isInstanceOf(BadInputException.class).hasMessageContaining("cannot read");
        assertThatThrownBy(() -> ResultReader.read(temp.resolve("nope")))
                .isInstanceOf(BadInputException.class).hasMessageContaining("no such file");
        assertThatThrownBy(() -> ResultReader.read(temp))
                .isInstanceOf(BadInputException.class).hasMessageContaining("holds no result.json");
    }
}
