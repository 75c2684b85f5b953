package io.tpkit.hpss;

import io.tpkit.metrics.Iteration;
import io.tpkit.spi.workload.MeasuredRun;
import io.tpkit.spi.workload.RuleResult;
import java.util.ArrayList;
import java.util.List;

/** The HPSS report's run shape as rules: what makes a run comparable with the report's. */
final class HpssRules {
    private HpssRules() {
    }

    /** @param filesAtStart file records in the tables when the run started */
    static List<RuleResult> evaluate(HpssSettings settings, long filesAtStart, MeasuredRun facts) {
        List<RuleResult> rules = new ArrayList<>();
        rules.add(RuleResult.check("standard-shape", "20 threads x 1,000 creates x 50 iterations (1,000,000 creates)",
                settings.standardShape(), settings.threads() + " threads x " + settings.createsPerThread()
                        + " creates x " + settings.iterations() + " iterations (" + settings.totalCreates() + ")"));
        rules.add(RuleResult.check("random-keys", "primary keys drawn from the whole BIGINT range",
                settings.keySpace() == HpssSettings.STANDARD_KEY_SPACE, "keys from 1.." + settings.keySpace()));
        rules.add(RuleResult.check("empty-at-start", "the tables held no file records when the run started",
                filesAtStart == 0, filesAtStart + " file records at the start"
                        + (filesAtStart > 0 ? " (start from empty tables with --reload)" : "")));
        List<Iteration> rounds = facts.metrics().iterations();
        // an interrupted run is labelled by the core's "complete" rule; its missing rounds say nothing more
        if (!facts.metrics().incomplete()) {
            rules.add(RuleResult.check("all-iterations", "every iteration ran to its end",
                    rounds.size() == settings.iterations(), rounds.size() + " of " + settings.iterations()));
        }
        return rules;
    }
}
