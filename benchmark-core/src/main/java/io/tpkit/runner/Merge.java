package io.tpkit.runner;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.merge.MergedHistograms;
import io.tpkit.merge.MergedMetrics;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.report.RunReport;
import io.tpkit.result.CostPerTransaction;
import io.tpkit.result.ResultFolder;
import io.tpkit.result.ResultReader;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
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
    /** Rules each driver judged on its own process and interval; the whole run meets one only if every part did. */
    private static final List<String> PER_DRIVER_RULES = List.of("long-enough", "driver-saturation", "warm-up-cycle",
            "steady-state", "rate-reached", "complete", CoreRules.QUIET_MACHINE, CoreRules.NO_ADDED_DELAY);

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
        RunMetrics metrics = MergedMetrics.of(parts.stream().map(RunResult::metrics).toList(),
                MergedHistograms.of(folders.stream().map(f -> f.resolve("histograms.hlog")).toList()));
        List<Double> origins = parts.stream().map(Merge::originAfterStartSeconds).toList();
        List<io.tpkit.metrics.IntervalSample> seconds = io.tpkit.merge.MergedTimeseries.of(List.copyOf(byFolder.keySet()), origins);
        metrics = metrics.withStalls(io.tpkit.metrics.Stalls.find(seconds));
        if (parts.stream().allMatch(p -> !p.metrics().iterations().isEmpty())) {
            metrics = metrics.withIterations(MergedMetrics.iterations(parts.stream().map(RunResult::metrics).toList(),
                    origins, parts.stream().mapToLong(p -> longOf(partOf(p).get("databaseCountBefore"))).min().orElse(-1)));
        }
        BenchmarkConfig config = target.apply(configOf(first)).build();
        String runName = (String) partOf(first).get("runName");
        try (ResultFolder folder = ResultFolder.create(outDir, config.workload(), "merged-" + runName);
             WorkloadOnTarget db = WorkloadOnTarget.start(Binding.of(config), 2, listener, null)) {
            listener.message("checking the consistency of the whole database after " + parts.size() + " parts");
            List<CheckResult> consistency = check(db, parts);
            Map<String, Object> dbRecord = first.database();
            SettingsSnapshot server = new SettingsSnapshot(String.valueOf(dbRecord.get("product")),
                    String.valueOf(dbRecord.get("version")), stringMap(dbRecord.get("settings")),
                    stringList(dbRecord.get("durabilityIssues")));
            int terminals = parts.stream().mapToInt(p -> number(p.workload().get("terminals"))).sum();
            int connections = parts.stream().mapToInt(p -> number(p.workload().get("connections"))).sum();
            MeasuredRun run = new MeasuredRun(metrics, terminals, connections,
                    ((Number) first.configuration().getOrDefault("thinkFactor", 1.0)).doubleValue(), server.settings());
            List<RuleResult> rules = new ArrayList<>(CoreRules.evaluate(server, metrics,
                    db.bound.fixedRun().isPresent() ? null : db.bound.minimumMeasurement(), consistency));
            java.util.Set<String> byEachPart = db.bound.rulesJudgedByEachPart();
            db.bound.validityRules(run).stream()
                    .filter(r -> !byEachPart.contains(r.id()) && !PER_DRIVER_RULES.contains(r.id())).forEach(rules::add);
            rules.addAll(combinedFromParts(parts, byEachPart));
            rules.addAll(combinedFromParts(parts, PER_DRIVER_RULES));
            Verdict verdict = Verdict.of(rules);

            Map<String, Object> configuration = new LinkedHashMap<>(first.configuration());
            configuration.remove("partition");
            configuration.put("mergedFrom", folders.stream().map(f -> f.toAbsolutePath().toString()).toList());
            Map<String, Object> environment = new LinkedHashMap<>(first.environment());
            environment.put("drivers", parts.stream().map(p -> p.environment().get("host")).toList());
            int cpus = parts.stream().mapToInt(p -> number(p.environment().get("cpus"))).sum();
            Map<String, Object> workload = new LinkedHashMap<>(first.workload());
            workload.remove("part");
            workload.put("terminals", terminals);
            workload.put("connections", connections);
            workload.put("parts", parts.stream().map(Merge::partOf).toList());
            Map<String, String> firstErrors = new LinkedHashMap<>();
            parts.forEach(p -> p.firstErrors().forEach(firstErrors::putIfAbsent));
            CostPerTransaction cost = CostPerTransaction.of(metrics, null, null,
                    "no part could read the server's CPU", cpus);
            if (first.cost() != null && first.cost().databaseCpuSource() != null) {
                // every part read the same server's clock over the same interval: the largest reading counts, once
                cost = cost.withDatabaseCpuSource(first.cost().databaseCpuSource() + "; read by each part, counted once");
            }
            RunResult result = new RunResult(folder.finalPath().toString(),
                    parts.stream().map(RunResult::startedAt).min(Comparator.naturalOrder()).orElse(started),
                    parts.stream().map(RunResult::finishedAt).max(Comparator.naturalOrder()).orElse(started),
                    configuration, environment, first.database(), workload, db.bound.headline(run), null, metrics,
                    consistency, verdict, firstErrors, List.of(), null, cost);
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
            if (!(r.workload().get("part") instanceof Map<?, ?>)) {
                throw new BadInputException(f + " is not a part of a split run (it ran without --partition)");
            }
            parts.add(r);
        }
        Map<String, Object> first = partOf(parts.getFirst());
        int count = number(first.get("parts"));
        Set<Integer> seen = new HashSet<>();
        Set<Integer> terminals = new HashSet<>();
        for (int i = 0; i < parts.size(); i++) {
            Map<String, Object> p = partOf(parts.get(i));
            Path f = folders.get(i);
            if (!p.get("runName").equals(first.get("runName")) || number(p.get("parts")) != count
                    || !p.get("startEpochMs").equals(first.get("startEpochMs"))
                    || !java.util.Objects.equals(parts.get(i).configuration().get("scale"),
                    parts.getFirst().configuration().get("scale"))
                    || !parts.get(i).workload().get("name").equals(parts.getFirst().workload().get("name"))) {
                throw new BadInputException(f + " is a part of another run (run '" + p.get("runName") + "', "
                        + p.get("parts") + " parts, started " + p.get("startEpochMs") + ") than " + folders.getFirst()
                        + ": merge the parts of one run");
            }
            int index = number(p.get("part"));
            if (!seen.add(index)) {
                throw new BadInputException("part " + index + " of run '" + first.get("runName") + "' is given twice ("
                        + f + "): give each part once");
            }
            for (Object t : (List<?>) p.get("terminals")) {
                if (!terminals.add(number(t))) {
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
            throw new BadInputException("part(s) " + missing + " of " + count + " of run '" + first.get("runName")
                    + "' are missing: give every part's result folder");
        }
        Map<Path, RunResult> inOrder = new LinkedHashMap<>();
        java.util.stream.IntStream.range(0, parts.size()).boxed()
                .sorted(Comparator.comparingInt(i -> number(partOf(parts.get(i)).get("part"))))
                .forEach(i -> inOrder.put(folders.get(i), parts.get(i)));
        return inOrder;
    }

    /**
     * How long after the common start a part's elapsed 0 came: from the wall clock it recorded
     * there, or, for parts written before it was recorded, from its lateness for the start.
     */
    private static double originAfterStartSeconds(RunResult part) {
        Map<String, Object> p = partOf(part);
        Object origin = p.get("originEpochMs");
        return origin == null ? longOf(p.get("lateMs")) / 1e3
                : (longOf(origin) - longOf(p.get("startEpochMs"))) / 1e3;
    }

    /** The workload's checks on the whole database, and every part's count against the database's. */
    private static List<CheckResult> check(WorkloadOnTarget db, List<RunResult> parts) throws SQLException {
        List<CheckResult> checks = new ArrayList<>();
        try (Connection c = db.connection()) {
            long before = parts.stream().mapToLong(p -> longOf(partOf(p).get("databaseCountBefore"))).min().orElse(-1);
            long after = db.bound.databaseTransactionCount(c);
            if (before >= 0 && after >= 0) {
                int type = db.bound.crossCheckedType();
                checks.add(RunChecks.driverCountMatchesDatabase(after - before,
                        parts.stream().mapToLong(p -> longOf(partOf(p).get("crossChecked"))).sum(),
                        parts.stream().mapToLong(p -> longOf(partOf(p).get("crossUnknown"))).sum(),
                        type < 0 ? "" : db.bound.transactionTypes().get(type) + " "));
            }
            checks.addAll(db.bound.checkConsistency(c));
        }
        return checks;
    }

    /** Each rule as every part judged it: met when every part met it, with each part's detail. */
    private static List<RuleResult> combinedFromParts(List<RunResult> parts, java.util.Collection<String> ids) {
        List<RuleResult> rules = new ArrayList<>();
        for (String id : ids.stream().sorted().toList()) {
            List<RuleResult> each = new ArrayList<>();
            for (RunResult p : parts) {
                p.validity().rules().stream().filter(r -> r.id().equals(id)).findFirst().ifPresent(each::add);
            }
            if (each.isEmpty()) {
                continue;
            }
            RuleResult worst = each.stream().filter(r -> r.status() == RuleResult.Status.FAILED).findFirst()
                    .orElse(each.getFirst());
            StringBuilder detail = new StringBuilder();
            for (int i = 0; i < each.size(); i++) {
                detail.append(i == 0 ? "" : "; ").append("part ").append(i + 1).append(": ").append(each.get(i).detail());
            }
            rules.add(new RuleResult(id, worst.rule(), worst.status(), detail.toString()));
        }
        return rules;
    }

    /** The configuration the parts ran, as a builder: the merge connects where they did. */
    private static BenchmarkConfig.Builder configOf(RunResult part) {
        Map<String, Object> c = part.configuration();
        BenchmarkConfig.Builder b = BenchmarkConfig.builder((String) c.get("workload"))
                .target((String) c.get("target"));
        if (c.get("scale") != null) { // null: the workload's default, as the parts ran it
            b.scale(number(c.get("scale")));
        }
        if (c.get("user") != null) {
            b.user((String) c.get("user"));
        }
        if (c.get("options") instanceof Map<?, ?> options) {
            options.forEach((k, v) -> b.option(String.valueOf(k), String.valueOf(v)));
        }
        return b;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> partOf(RunResult r) {
        return (Map<String, Object>) r.workload().get("part");
    }

    private static int number(Object o) {
        return o instanceof Number n ? n.intValue() : Integer.parseInt(String.valueOf(o));
    }

    private static long longOf(Object o) {
        return o instanceof Number n ? n.longValue() : Long.parseLong(String.valueOf(o));
    }

    private static Map<String, String> stringMap(Object o) {
        Map<String, String> m = new LinkedHashMap<>();
        if (o instanceof Map<?, ?> map) {
            map.forEach((k, v) -> m.put(String.valueOf(k), String.valueOf(v)));
        }
        return m;
    }

    private static List<String> stringList(Object o) {
        return o instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
    }
}
