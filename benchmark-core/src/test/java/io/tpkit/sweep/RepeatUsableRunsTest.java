package io.tpkit.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tpkit.compare.HandMadeRuns;
import io.tpkit.result.RunResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** --repeat's statistics leave out what the usable-run rule leaves out, and say how many they use. */
class RepeatUsableRunsTest {
    @Test
    void anIncompleteRepetitionIsCountedNotAveragedIn() {
        List<RunResult> runs = List.of(HandMadeRuns.run("/r/1").tps(100).result(),
                HandMadeRuns.run("/r/2").tps(110).result(),
                HandMadeRuns.run("/r/3").tps(3).incomplete().result());
        RepeatResult r = RepeatResult.of(5, 0.95, "seeds", "loaded once", null, runs, Map.of(), "a", "b", true, "folder");

        RepeatResult.Statistic tps = r.statistics().stream().filter(s -> s.figure().equals(RepeatResult.TPS))
                .findFirst().orElseThrow();
        assertThat(tps.spread().n()).isEqualTo(2);
        assertThat(tps.spread().mean()).isCloseTo(105, within(1e-9));
        assertThat(r.runs().get(2).leftOut()).isEqualTo("incomplete");
        assertThat(r.runs().get(0).leftOut()).isNull();
        assertThat(r.used().summary()).isEqualTo("2 of 5 repetitions used (1 incomplete, 2 not run)");

        String table = SweepTables.render(r);
        assertThat(table).contains("statistics of 2 of 5 repetitions used (1 incomplete, 2 not run)", "run 3*",
                "* left out of the statistics: run 3 incomplete");
    }
}
