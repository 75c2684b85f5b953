package io.tpkit.runner;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.merge.MergedHistograms;
import io.tpkit.merge.MergedMetrics;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.report.RunReport;
import io.tpkit.result.ConfigurationSection;
import io.tpkit.result.CostPerTransaction;
import io.tpkit.result.EnvironmentSection;
import io.tpkit.result.PartRecord;
import io.tpkit.result.ResultFolder;
import io.tpkit.result.ResultReader;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import io.tpkit.result.WorkloadSection;
import io.tpkit.spi.database.SettingsSnapshot;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.MeasuredRun;
import io.tpkit.spi.workload.RuleResult;
import io.tpkit.validity.CoreRules;
import io.tpkit.validity.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * {@code tpkit merge}: the parts of a run split across driver processes made one result, as if
 * one driver had run it. Latencies come from the parts' histograms added together, counts and
 * costs are summed, the database is checked once, and the whole run is judged.
 */
public final class Merge {
    private static final String HLOG = "histograms.hlog";
    /**
     * Rules each driver judged on its own process and interval; the whole run meets one only if
     * every part did. (Whether the database answered, {@code no-outage}, is judged again on the
     * merged seconds instead: a part that lost its connections while the others committed saw
     * no outage of the database.)
     */
    private static final List<String> PER_DRIVER_RULES = List.of("long-enough", "driver-saturation", "warm-up-cycle",
            "rate-reached", "complete", CoreRules.QUIET_MACHINE, CoreRules.NO_ADDED_DELAY);

    private Merge() {
    }

    /**
     * @param target   overrides the target the parts recorded (its password, which no result
     *                 records, comes this way), or null to connect where the parts ran
     */
    public static RunResult merge(List<Path> folders, UnaryOperator<BenchmarkConfig.Builder> target, Path outDir,
                                  RunListener listener) throws Exception {
        Map<Path, RunResult> byFolder = readParts(folders);
        List<RunResult> parts = List.copyOf(byFolder.values());
        RunResult first = parts.getFirst();
        String started = OffsetDateTime.now().toString();
        List<Path> inOrder = List.copyOf(byFolder.keySet());
        MergedHistograms histograms = MergedHistograms.of(inOrder.stream().map(f -> f.resolve(HLOG)).toList());
        for (Path f : inOrder) {
            histograms.requireCountsOf("part " + partOf(byFolder.get(f)).part() + " (" + f + ")", f.resolve(HLOG),
                    byFolder.get(f).metrics().types());
        }
        RunMetrics metrics = MergedMetrics.of(parts.stream().map(RunResult::metrics).toList(), histograms);
        List<Double> origins = parts.stream().map(p -> partOf(p).originAfterStartSeconds()).toList();
        List<io.tpkit.metrics.IntervalSample> seconds = io.tpkit.merge.MergedTimeseries.of(inOrder, origins);
        metrics = metrics.withStalls(io.tpkit.metrics.Stalls.find(seconds));
        List<io.tpkit.metrics.Outage> outages = io.tpkit.metrics.Outage.find(seconds);
        if (parts.stream().allMatch(p -> !p.metrics().iterations().isEmpty())) {
            metrics = metrics.withIterations(MergedMetrics.iterations(parts.stream().map(RunResult::metrics).toList(),
                    origins, parts.stream().mapToLong(p -> partOf(p).databaseCountBefore()).min().orElse(-1)));
        }
        BenchmarkConfig config = target.apply(configOf(first)).build();
        String runName = partOf(first).runName();
        try (ResultFolder folder = ResultFolder.create(outDir, config.workload(), "merged-" + runName);
             WorkloadOnTarget db = WorkloadOnTarget.start(Binding.of(config), 2, listener, null)) {
            listener.message("checking the consistency of the whole database after " + parts.size() + " parts");
            List<CheckResult> consistency = check(db, parts);
            SettingsSnapshot server = first.database().server();
            int terminals = parts.stream().mapToInt(p -> p.workload().terminalsOrZero()).sum();
            int connections = parts.stream().mapToInt(p -> p.workload().connectionsOrZero()).sum();
            MeasuredRun run = new MeasuredRun(metrics, terminals, connections,
                    first.configuration().thinkFactorOrOne(), server.settings());
            List<RuleResult> rules = new ArrayList<>(CoreRules.evaluate(server, metrics,
                    db.bound.fixedRun().isPresent() ? null : db.bound.minimumMeasurement(), consistency));
            java.util.Set<String> byEachPart = db.bound.rulesJudgedByEachPart();
            db.bound.validityRules(run).stream()
                    .filter(r -> !byEachPart.contains(r.id()) && !PER_DRIVER_RULES.contains(r.id())).forEach(rules::add);
            rules.addAll(combinedFromParts(parts, byEachPart));
            rules.addAll(combinedFromParts(parts, PER_DRIVER_RULES));
            rules.add(CoreRules.steadyState(outages, phaseStart(seconds, io.tpkit.metrics.Phase.MEASUREMENT),
                    phaseEnd(seconds, io.tpkit.metrics.Phase.MEASUREMENT)));
            Verdict verdict = Verdict.of(rules);

            ConfigurationSection configuration = first.configuration()
                    .mergedFrom(folders.stream().map(f -> f.toAbsolutePath().toString()).toList());
            Map<String, Integer> machines = io.tpkit.merge.MergedMachines.cpusByMachine(parts);
            int cpus = machines.values().stream().mapToInt(Integer::intValue).sum();
            EnvironmentSection environment = first.environment().merged(
                    parts.stream().map(p -> p.environment().host()).toList(), cpus, machines.size());
            WorkloadSection workload = first.workload().merged(terminals, connections,
                    parts.stream().map(Merge::partOf).toList());
            Map<String, String> firstErrors = new LinkedHashMap<>();
            parts.forEach(p -> p.firstErrors().forEach(firstErrors::putIfAbsent));
            io.tpkit.monitor.MonitorSummary serverCounters = io.tpkit.merge.MergedMachines.serverCounters(parts, origins,
                    phaseStart(seconds, io.tpkit.metrics.Phase.MEASUREMENT),
                    phaseEnd(seconds, io.tpkit.metrics.Phase.MEASUREMENT));
            String databaseCpuSource = first.cost() == null || first.cost().databaseCpuSource() == null ? null
                    // every part read the same server's clock over the same interval: the largest reading counts, once
                    : first.cost().databaseCpuSource() + "; read by each part, counted once";
            CostPerTransaction cost = CostPerTransaction.of(metrics, serverCounters, databaseCpuSource,
                    io.tpkit.merge.MergedMachines.databaseMachineCpus(parts), "no part could read the server's CPU", cpus);
            RunResult result = new RunResult(folder.finalPath().toString(),
                    parts.stream().map(RunResult::startedAt).min(Comparator.naturalOrder()).orElse(started),
                    parts.stream().map(RunResult::finishedAt).max(Comparator.naturalOrder()).orElse(started),
                    configuration, environment, first.database(), workload, db.bound.headline(run), null, metrics,
                    consistency, verdict, firstErrors, outages, serverCounters, cost);
            ResultWriter.writeJson(folder.file("result.json"), result);
            ResultWriter.writeSummary(folder.file("summary.csv"), metrics);
            io.tpkit.result.TimeseriesCsv.write(folder.file(io.tpkit.result.TimeseriesCsv.FILE), seconds);
            RunReport.write(folder.file("result.json").getParent());
            Path dir = folder.commit();
            return ResultReader.read(dir);
        } catch (SQLException e) {
            throw new IllegalStateException("the merge's checks failed: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new BadInputException("cannot write results to " + outDir + ": " + e.getMessage()
                    + " (is the disk full? choose another --out)", e);
        }
    }

    /**
     * The parts by their folders, in part order, refused unless they are all the parts of one
     * run, each once.
     */
    static Map<Path, RunResult> readParts(List<Path> folders) {
        if (folders.size() < 2) {
            throw new BadInputException("give the result folders of every part of a split run (at least two)");
        }
        List<RunResult> parts = new ArrayList<>();
        for (Path f : folders) {
            RunResult r = ResultReader.read(f);
            if (r.part() == null) {
                throw new BadInputException(f + " is not a part of a split run (it ran without --partition)");
            }
            parts.add(r);
        }
        PartRecord first = partOf(parts.getFirst());
        int count = first.parts();
        Set<Integer> seen = new HashSet<>();
        Set<Integer> terminals = new HashSet<>();
        for (int i = 0; i < parts.size(); i++) {
            PartRecord p = partOf(parts.get(i));
            Path f = folders.get(i);
            if (!p.runName().equals(first.runName()) || p.parts() != count
                    || p.startEpochMs() != first.startEpochMs()
                    || !java.util.Objects.equals(parts.get(i).configuration().scale(),
                    parts.getFirst().configuration().scale())
                    || !java.util.Objects.equals(parts.get(i).workload().name(), parts.getFirst().workload().name())) {
                throw new BadInputException(f + " is a part of another run (run '" + p.runName() + "', "
                        + p.parts() + " parts, started " + p.startEpochMs() + ") than " + folders.getFirst()
                        + ": merge the parts of one run");
            }
            int index = p.part();
            if (!seen.add(index)) {
                throw new BadInputException("part " + index + " of run '" + first.runName() + "' is given twice ("
                        + f + "): give each part once");
            }
            for (int t : p.terminals()) {
                if (!terminals.add(t)) {
                    throw new BadInputException("the parts overlap: terminal " + t + " ran in more than one (" + f
                            + "); their slices must be disjoint");
                }
            }
        }
        if (seen.size() != count) {
            List<Integer> missing = new ArrayList<>();
            for (int i = 1; i <= count; i++) {
                if (!seen.contains(i)) {
                    missing.add(i);
                }
            }
            throw new BadInputException("part(s) " + missing + " of " + count + " of run '" + first.runName()
                    + "' are missing: give every part's result folder");
        }
        Map<Path, RunResult> inOrder = new LinkedHashMap<>();
        java.util.stream.IntStream.range(0, parts.size()).boxed()
                .sorted(Comparator.comparingInt(i -> partOf(parts.get(i)).part()))
                .forEach(i -> inOrder.put(folders.get(i), parts.get(i)));
        return inOrder;
    }

    /**
     * The workload's checks on the whole database, and every part's count against the database's.
     * A database whose count is below what it held before the parts started, or below what a
     * part read at its end, is not as the parts left it (reloaded since, or another database):
     * the merge is refused rather than print a count the run cannot have produced.
     */
    private static List<CheckResult> check(WorkloadOnTarget db, List<RunResult> parts) throws SQLException {
        List<CheckResult> checks = new ArrayList<>();
        try (Connection c = db.connection()) {
            long before = parts.stream().mapToLong(p -> partOf(p).databaseCountBefore()).min().orElse(-1);
            long after = db.bound.databaseTransactionCount(c);
            if (before >= 0 && after >= 0) {
                int type = db.bound.crossCheckedType();
                String what = (type < 0 ? db.workload.name() : db.bound.transactionTypes().get(type)) + " transactions";
                refuseChangedDatabase(parts, before, after, what, db.target.label());
                long committed = parts.stream().mapToLong(p -> partOf(p).crossChecked()).sum();
                long unknown = parts.stream().mapToLong(p -> partOf(p).crossUnknown()).sum();
                CheckResult count = RunChecks.driverCountMatchesDatabase(after - before, committed, unknown,
                        type < 0 ? "" : db.bound.transactionTypes().get(type) + " ");
                checks.add(count.passed() ? count : countMismatch(after - before, committed, unknown, what));
            }
            checks.addAll(db.bound.checkConsistency(c));
        }
        return checks;
    }

    private static void refuseChangedDatabase(List<RunResult> parts, long before, long after, String what,
                                              String target) {
        String fix = ": it was reloaded since the parts ran, or it is another database; merge against the database "
                + "the parts ran on (--db), before it is loaded again";
        if (after < before) {
            throw new BadInputException(String.format(java.util.Locale.ROOT, "the database at %s holds %,d %s, fewer "
                    + "than the %,d it held when the parts started%s", target, after, what, before, fix));
        }
        for (RunResult p : parts) {
            Long atEnd = partOf(p).databaseCountAfter();
            if (atEnd != null && atEnd >= 0 && after < atEnd) {
                throw new BadInputException(String.format(java.util.Locale.ROOT, "the database at %s holds %,d %s, fewer "
                        + "than the %,d part %s read at its end%s", target, after, what, atEnd,
                        partOf(p).part(), fix));
            }
        }
    }

    /** The cross-check failed: by how much, in figures that can be, and what can explain it. */
    private static CheckResult countMismatch(long recorded, long committed, long unknown, String what) {
        String counted = String.format(java.util.Locale.ROOT, "the database recorded %,d %s since the parts started; "
                + "they counted %,d committed%s", recorded, what, committed,
                unknown == 0 ? "" : String.format(java.util.Locale.ROOT, " and %,d with an unknown outcome", unknown));
        String why = recorded > committed + unknown
                ? String.format(java.util.Locale.ROOT, ": %,d more than they can have committed: another run or load "
                + "wrote to the database after the parts ended (merge right after the parts' run, before anything else "
                + "runs on it), or a part lost count", recorded - committed - unknown)
                : String.format(java.util.Locale.ROOT, ": %,d fewer than they committed: the database lost committed "
                + "transactions, or a part counted some it did not commit", committed - recorded);
        return CheckResult.of("driver-count-matches-database", false, counted + why);
    }

    /** Each rule as every part judged it: met when every part met it, with each part's detail. */
    private static List<RuleResult> combinedFromParts(List<RunResult> parts, java.util.Collection<String> ids) {
        List<RuleResult> rules = new ArrayList<>();
        for (String id : ids.stream().sorted().toList()) {
            // by part number: a rule only some parts judged (complete, when one was interrupted) names those
            Map<Integer, RuleResult> each = new java.util.TreeMap<>();
            for (RunResult p : parts) {
                p.validity().rules().stream().filter(r -> r.id().equals(id)).findFirst()
                        .ifPresent(r -> each.put(partOf(p).part(), r));
            }
            if (each.isEmpty()) {
                continue;
            }
            RuleResult worst = each.values().stream().filter(r -> r.status() == RuleResult.Status.FAILED).findFirst()
                    .orElse(each.values().iterator().next());
            StringBuilder detail = new StringBuilder();
            each.forEach((part, r) -> detail.append(detail.isEmpty() ? "" : "; ").append("part ").append(part)
                    .append(": ").append(r.detail()));
            rules.add(new RuleResult(id, worst.rule(), worst.status(), detail.toString()));
        }
        return rules;
    }

    /** The configuration the parts ran, as a builder: the merge connects where they did. */
    private static BenchmarkConfig.Builder configOf(RunResult part) {
        ConfigurationSection c = part.configuration();
        BenchmarkConfig.Builder b = BenchmarkConfig.builder(c.workload()).target(c.target());
        if (c.scale() != null) { // null: the workload's default, as the parts ran it
            b.scale(c.scale());
        }
        if (c.user() != null) {
            b.user(c.user());
        }
        if (c.options() != null) {
            c.options().forEach(b::option);
        }
        return b;
    }

    /** The start of a phase's first merged second, on the common clock, or null when none. */
    private static Double phaseStart(List<io.tpkit.metrics.IntervalSample> seconds, io.tpkit.metrics.Phase phase) {
        return seconds.stream().filter(s -> s.phase() == phase).findFirst()
                .map(s -> s.elapsedSeconds() - s.seconds()).orElse(null);
    }

    /** The end of a phase's last merged second, or null when none. */
    private static Double phaseEnd(List<io.tpkit.metrics.IntervalSample> seconds, io.tpkit.metrics.Phase phase) {
        Double end = null;
        for (io.tpkit.metrics.IntervalSample s : seconds) {
            if (s.phase() == phase) {
                end = s.elapsedSeconds();
            }
        }
        return end;
    }

    /** A part's record, read once its folder is known to hold a part ({@link #readParts}). */
    private static PartRecord partOf(RunResult r) {
        return r.part();
    }
}
