package io.tpkit.validity;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.spi.workload.RuleResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The line that says what a run of these settings is good for, from the rules it met and failed. */
class RunFramingTest {
    @Test
    void aDemoRunIsAFirstLookByDesignAndSaysWhatAStandardOneAdds() {
        Verdict demo = Verdict.of(List.of(
                RuleResult.check("measurement-interval", "the measurement interval lasts at least 15 min", false,
                        "measured for 60.0 s"),
                RuleResult.check("throughput-per-branch", "at most 1 TPS per branch", false, "800 TPS"),
                RuleResult.check("quiet-machine", "the machine was the benchmark's", false, "others took 40%"),
                RuleResult.check("failed-transactions", "no transaction failed", false, "3 failed"),
                RuleResult.check("durability", "commits are durable", true, "")));
        assertThat(RunFraming.of(demo)).isEqualTo("A first look, non-standard by design (measurement-interval, "
                + "throughput-per-branch): for comparing runs of these settings on one machine. For a standard run: "
                + "a --duration of 15 min or more, a --branches per TPS (throughput-per-branch), a quiet machine "
                + "(quiet-machine). Not met by what happened: failed-transactions.");
    }

    @Test
    void aConformantRunSaysSo() {
        assertThat(RunFraming.of(Verdict.of(List.of(RuleResult.check("durability", "commits are durable", true, "")))))
                .startsWith("A standard run by tpkit's rules");
    }
}
