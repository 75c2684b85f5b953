package io.tpkit.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.config.BadInputException;
import io.tpkit.result.RunResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which repetitions enter the statistics, and how those left out are counted. */
class UsableRunsTest {
    @Test
    void incompleteFailedAndInconsistentRunsAreLeftOutAndCounted() {
        List<RunResult> runs = List.of(
                HandMadeRuns.run("/r/1").tps(100).result(),
                HandMadeRuns.run("/r/2").tps(40).incomplete().result(),
                HandMadeRuns.run("/r/3").tps(0).committed(0).result(),
                HandMadeRuns.run("/r/4").tps(104).inconsistent().result(),
                HandMadeRuns.run("/r/5").tps(98).result(),
                HandMadeRuns.run("/r/6").tps(12).incomplete().result());
        UsableRuns u = UsableRuns.of(runs);
        assertThat(u.used()).extracting(RunResult::resultDir).containsExactly("/r/1", "/r/5");
        assertThat(u.counts().leftOut()).containsExactly(new RunsUsed.LeftOut("/r/2", "incomplete"),
                new RunsUsed.LeftOut("/r/3", "failed"), new RunsUsed.LeftOut("/r/4", "inconsistent"),
                new RunsUsed.LeftOut("/r/6", "incomplete"));
        assertThat(u.counts().summary()).isEqualTo("2 of 6 repetitions used (2 incomplete, 1 failed, 1 inconsistent)");
    }

    @Test
    void repetitionsNeverRunAreCountedToo() {
        UsableRuns u = UsableRuns.of(List.of(HandMadeRuns.run("/r/1").result(), HandMadeRuns.run("/r/2").result(),
                HandMadeRuns.run("/r/3").incomplete().result()), 5);
        assertThat(u.counts().summary()).isEqualTo("2 of 5 repetitions used (1 incomplete, 2 not run)");
        assertThat(UsableRuns.of(List.of(HandMadeRuns.run("/r/1").result(), HandMadeRuns.run("/r/2").result()))
                .counts().summary()).isEqualTo("2 of 2 repetitions used");
    }

    @Test
    void aSetWithoutAUsableRunIsRefusedInOneLine() {
        assertThatThrownBy(() -> RunSet.of(List.of(HandMadeRuns.run("/r/1").incomplete().result(),
                HandMadeRuns.run("/r/2").committed(0).tps(0).result())))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("none of its 2 runs is usable (1 incomplete, 1 failed)")
                .hasMessageNotContaining("\n");
    }

    @Test
    void aSingleRunIsShownAsItIsNotJudgedByTheRule() {
        RunSet one = RunSet.of(List.of(HandMadeRuns.run("/r/1").inconsistent().result()));
        assertThat(one.runs()).hasSize(1);
        assertThat(one.counts().summary()).isEqualTo("1 run");
    }
}
