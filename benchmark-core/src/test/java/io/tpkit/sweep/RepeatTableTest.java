package io.tpkit.sweep;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tpkit.analysis.Spread;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RepeatTableTest {
    private static RepeatResult repeat(Map<String, List<Double>> figures) {
        List<RepeatResult.Statistic> statistics = figures.entrySet().stream()
                .map(e -> new RepeatResult.Statistic(e.getKey(), "by hand", Spread.of(e.getValue(), 0.95))).toList();
        List<RepeatResult.Repetition> runs = List.of(1, 2, 3).stream().map(i -> new RepeatResult.Repetition(i, i,
                Map.of("TPS", figures.get("TPS").get(i - 1), "duplicateKeys", figures.get("duplicateKeys").get(i - 1)),
                "conformant", true, false, "run" + i)).toList();
        return new RepeatResult(RepeatResult.TOOL, "hpss", 3, 0.95, "seeds", "reloaded", null, "a", "b", Map.of(), Map.of(),
                "PostgreSQL", "18.6", runs, statistics, false, "folder", null, null);
    }

    @Test
    void aFigureThatIsZeroEveryTimeHasAnIntervalButNoRelativeWidth() {
        String table = SweepTables.render(repeat(new java.util.LinkedHashMap<>(Map.of(
                "TPS", List.of(100.0, 110.0, 120.0), "duplicateKeys", List.of(0.0, 0.0, 0.0)))));
        assertFalse(table.contains("NaN"), table);
        String zeros = table.lines().filter(l -> l.startsWith("duplicateKeys")).findFirst().orElseThrow();
        assertTrue(zeros.endsWith("[0.00, 0.00]"), zeros);
        String tps = table.lines().filter(l -> l.startsWith("TPS")).findFirst().orElseThrow();
        // mean 110, s 10, t(0.975, 2) 4.303: half width 24.84, 22.6% of the mean
        assertTrue(tps.endsWith("[85.16, 134.84] (mean +/- 22.6%)"), tps);
    }
}
