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
        rules.add(noCheckpoint(rounds));
        return rules;
    }

    static final String NO_CHECKPOINT = "no database checkpoint during the iterations (the report: \"Databases do "
            + "not need to checkpoint during the test run\"; Oracle's two \"should have been avoided\")";

    /**
     * The report's run rules want no checkpoint in the run (DB2 sized its logs so that none came;
     * Oracle's two cost it its low iteration): any checkpoint the monitor counted from the first
     * iteration's start to the last one's end fails the run, naming the iterations.
     */
    static RuleResult noCheckpoint(List<Iteration> rounds) {
        List<String> with = new ArrayList<>();
        long total = 0;
        boolean counted = false;
        for (Iteration it : rounds) {
            Long c = it.conditions() == null ? null : it.conditions().checkpoints();
            if (c != null) {
                counted = true;
                if (c > 0) {
                    total += c;
                    with.add(it.number() + (c > 1 ? " (" + c + ")" : ""));
                }
            }
        }
        if (!counted) {
            return RuleResult.notApplicable("no-checkpoint", NO_CHECKPOINT, "cannot be judged: the monitor counted "
                    + "no checkpoints on this database (InnoDB checkpoints continuously, a little at a time, and has "
                    + "no checkpoint counter; on PostgreSQL see the monitor's notes)");
        }
        if (total == 0) {
            return RuleResult.check("no-checkpoint", NO_CHECKPOINT, true, "no checkpoint in the " + rounds.size()
                    + (rounds.size() == 1 ? " iteration" : " iterations"));
        }
        return RuleResult.check("no-checkpoint", NO_CHECKPOINT, false, total + (total == 1 ? " checkpoint" : " checkpoints")
                + " counted, in iteration" + (with.size() == 1 ? " " : "s ") + String.join(", ", with)
                + ": raise the server's max_wal_size and checkpoint_timeout above what the run writes and lasts (for "
                + "the servers tpkit starts: --server-setting max_wal_size=16GB --server-setting checkpoint_timeout=1d)");
    }
}
