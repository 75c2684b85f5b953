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
        rules.add(quietMachine(rounds));
        return rules;
    }

    static final String NO_CHECKPOINT = "no database checkpoint during the iterations (the report: \"Databases do "
            + "not need to checkpoint during the test run\"; Oracle's two \"should have been avoided\")";

    /**
     * The report's run rules want no checkpoint in the run (DB2 sized its logs so that none came;
     * Oracle's two cost it its low iteration): any checkpoint the monitor saw start or under way
     * from the first iteration's start to the last one's end fails the run, naming the iterations.
     */
    static RuleResult noCheckpoint(List<Iteration> rounds) {
        List<String> started = new ArrayList<>();
        List<Integer> underWay = new ArrayList<>();
        long total = 0;
        boolean counted = false;
        List<Integer> unread = new ArrayList<>();
        for (Iteration it : rounds) {
            Iteration.Conditions c = it.conditions();
            if (c == null || c.checkpoints() == null) {
                if (c != null && c.samples() > 0) {
                    unread.add(it.number()); // monitored, but the counter not read throughout (a lost connection)
                }
                continue;
            }
            counted = true;
            if (c.checkpoints() > 0) {
                total += c.checkpoints();
                started.add(it.number() + (c.checkpoints() > 1 ? " (" + c.checkpoints() + ")" : ""));
            }
            if (c.checkpoints() > 0 || (c.checkpointSeconds() != null && c.checkpointSeconds() > 0)) {
                underWay.add(it.number());
            }
        }
        if (!counted) {
            return RuleResult.notApplicable("no-checkpoint", NO_CHECKPOINT, "cannot be judged: the monitor counted "
                    + "no checkpoints on this database (InnoDB checkpoints continuously, a little at a time, and has "
                    + "no checkpoint counter; on PostgreSQL see the monitor's notes)");
        }
        if (underWay.isEmpty() && !unread.isEmpty()) {
            // the monitor lost its connection: a checkpoint may have come in a second it did not read
            return RuleResult.notApplicable("no-checkpoint", NO_CHECKPOINT, "cannot be judged: no checkpoint in the "
                    + (rounds.size() - unread.size()) + " iterations the monitor read whole, but the checkpoint counter "
                    + "was not read throughout iteration" + (unread.size() == 1 ? " " : "s ") + ranges(unread)
                    + " (see monitor.gaps in result.json)");
        }
        if (underWay.isEmpty()) {
            return RuleResult.check("no-checkpoint", NO_CHECKPOINT, true, "no checkpoint in the " + rounds.size()
                    + (rounds.size() == 1 ? " iteration" : " iterations"));
        }
        String where = "iteration" + (underWay.size() == 1 ? " " : "s ") + ranges(underWay);
        String what = total == 0 ? "a checkpoint begun before was under way in " + where
                : total + (total == 1 ? " checkpoint started, in iteration " : " checkpoints started, in iterations ")
                + String.join(", ", started) + ", and " + (total == 1 ? "was" : "were") + " under way in " + where;
        return RuleResult.check("no-checkpoint", NO_CHECKPOINT, false, what + ": raise the server's max_wal_size and "
                + "checkpoint_timeout above what the run writes and lasts (for the servers tpkit starts: "
                + "--server-setting max_wal_size=16GB --server-setting checkpoint_timeout=1d)");
    }

    /** The share of the machine's CPUs other processes may take in an iteration before it is disturbed. */
    static final double OTHER_CPU_LIMIT_PCT = 10;

    static final String QUIET_MACHINE = "no iteration shared the machine: other processes than the database and "
            + "the driver took at most " + (int) OTHER_CPU_LIMIT_PCT + "% of its CPUs in each (the report read its "
            + "monitor beside every iteration's rate)";

    /**
     * An iteration during which other processes took CPU from the database or the driver measured
     * the machine's other work as much as the database: its rate, and the high, low, first and last
     * figures built on it, say less about the database. The run is labelled, naming the iterations.
     */
    static RuleResult quietMachine(List<Iteration> rounds) {
        List<Integer> busy = new ArrayList<>();
        double most = 0;
        boolean measured = false;
        for (Iteration it : rounds) {
            Double other = it.conditions() == null ? null : it.conditions().otherCpuPct();
            if (other == null) {
                continue;
            }
            measured = true;
            most = Math.max(most, other);
            if (other > OTHER_CPU_LIMIT_PCT) {
                busy.add(it.number());
            }
        }
        if (!measured) {
            return RuleResult.notApplicable("quiet-machine", QUIET_MACHINE, "cannot be judged: the CPU of the "
                    + "database's processes is measured only when the database runs on the driver's machine");
        }
        String peak = String.format(java.util.Locale.ROOT, "%.1f%%", most);
        if (busy.isEmpty()) {
            return RuleResult.check("quiet-machine", QUIET_MACHINE, true, "other processes took at most " + peak
                    + " of the CPUs in an iteration");
        }
        return RuleResult.check("quiet-machine", QUIET_MACHINE, false, "other processes took more than "
                + (int) OTHER_CPU_LIMIT_PCT + "% of the CPUs in iteration" + (busy.size() == 1 ? " " : "s ")
                + ranges(busy) + " (at most " + peak + "): run on a machine nothing else uses, and compare those "
                + "iterations' rates with the others' before reading a trend into them");
    }

    /** 1, 2, 3, 7, 9, 10 as "1-3, 7, 9-10". */
    static String ranges(List<Integer> numbers) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < numbers.size(); ) {
            int j = i;
            while (j + 1 < numbers.size() && numbers.get(j + 1) == numbers.get(j) + 1) {
                j++;
            }
            parts.add(j == i ? numbers.get(i).toString() : numbers.get(i) + "-" + numbers.get(j));
            i = j + 1;
        }
        return String.join(", ", parts);
    }
}
