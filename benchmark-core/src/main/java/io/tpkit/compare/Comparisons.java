package io.tpkit.compare;

import io.tpkit.analysis.RatioOfMeans;
import io.tpkit.config.BadInputException;
import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.result.CostPerTransaction;
import io.tpkit.result.ResultReader;
import io.tpkit.result.RunResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Builds a {@link Comparison} from typed results, so that fresh runs and the result.json files of
 * earlier runs (read back into {@link RunResult}) are compared by the same code.
 */
public final class Comparisons {
    private Comparisons() {
    }

    public static Comparison ofResults(List<RunResult> results) {
        return ofResults(results, Set.of());
    }

    /** @throws BadInputException when a file is missing, not a tpkit result, or of another workload */
    public static Comparison ofFiles(List<Path> files) {
        return ofFiles(files, Judgement.DEFAULT);
    }

    /**
     * Compares result folders, repeat folders ({@code tpkit run --repeat}) and folders of result
     * folders, each one side ({@link RunSet#read}).
     *
     * @throws BadInputException when a file is missing, not a tpkit result, of another workload, or
     *                           a side has no usable run
     */
    public static Comparison ofFiles(List<Path> files, Judgement judgement) {
        if (files.size() < 2) {
            throw new BadInputException("compare needs at least two result folders (or repeat folders, or "
                    + "result.json files), got " + files.size());
        }
        return ofSets(files.stream().map(RunSet::read).toList(), Set.of(), judgement);
    }

    /** @param varied configuration keys the runs differ in on purpose (besides the target) */
    public static Comparison ofResults(List<RunResult> results, Set<String> varied) {
        return ofResults(results, varied, Judgement.DEFAULT);
    }

    /** Single runs side by side: each a column of its own, with a ratio but no interval. */
    public static Comparison ofResults(List<RunResult> results, Set<String> varied, Judgement judgement) {
        return ofSets(results.stream().map(r -> RunSet.of(List.of(r))).toList(), varied, judgement);
    }

    /**
     * Repetitions of each variant side by side (the first variant is the baseline): each column
     * the mean of a variant's usable runs ({@link UsableRuns}), and each judged figure's change
     * with its confidence interval and verdict. This is what runs done in any order (interleaved,
     * A B B A ...) are compared with: give each variant's runs in a list.
     *
     * @param variants each variant's runs, one configuration per list
     * @param varied   configuration keys the variants differ in on purpose (besides the target)
     */
    public static Comparison ofVariants(List<List<RunResult>> variants, Set<String> varied, Judgement judgement) {
        return ofSets(variants.stream().map(RunSet::of).toList(), varied, judgement);
    }

    /** The sides given, each a column. */
    public static Comparison ofSets(List<RunSet> sets, Set<String> varied, Judgement judgement) {
        if (sets.size() < 2) {
            throw new BadInputException("compare needs at least two sides, got " + sets.size());
        }
        List<RunResult> firsts = sets.stream().map(RunSet::first).toList();
        String workload = workload(firsts.getFirst());
        for (RunSet set : sets) {
            for (RunResult r : set.runs()) {
                String other = workload(r);
                if (!other.equals(workload)) {
                    throw new BadInputException("cannot compare a " + workload + " run with a " + other
                            + " run: give results of one workload");
                }
            }
        }
        List<Map<String, Object>> configurations = firsts.stream()
                .map(r -> r.configuration() == null ? Map.<String, Object>of() : r.configuration().asMap()).toList();
        boolean repetitions = sets.stream().anyMatch(s -> s.runs().size() > 1);
        String prefix = repetitions ? "set" : "run";
        List<Comparison.Run> named = named(sets.stream().map(s -> run(s, varied)).toList(), configurations,
                firsts.stream().map(RunResult::startedAt).toList(),
                firsts.stream().map(r -> r.load() != null ? "fresh load" : "no load").toList(),
                prefix);
        List<RoundPairs> pairs = pairs(sets, prefix);
        List<Comparison.Run> runs = new ArrayList<>();
        for (int i = 0; i < sets.size(); i++) {
            Comparison.Run run = named.get(i).counted(sets.get(i).counts());
            runs.add(pairs == null || i == 0 ? run : run.paired(pairs.get(i)));
        }
        String headline = headline(firsts);
        String main = mainType(firsts.getFirst());
        Rows rows = new Rows(sets, judgement, pairs);
        // the benchmark's own headline first (TPC-C: NOPM), then TPS
        numericHeadline(firsts).forEach((id, label) -> rows.add(id, label, id.equals(headline) ? Better.HIGHER : null,
                r -> r.headline() == null || r.headline().get(id) == null ? null : r.headline().get(id).value()));
        rows.add("tps", "TPS (committed per second of the interval, wall clock)", Better.HIGHER,
                r -> r.metrics().throughput() == null ? null : r.metrics().throughput().overWallClock());
        for (String type : typeNames(firsts)) {
            rows.add(type + ".perSecond", type + ": committed per second", null,
                    r -> ofType(r, type, TypeSummary::perSecond));
            for (Map.Entry<String, Function<LatencySummary, Double>> p : PERCENTILES.entrySet()) {
                boolean judged = type.equals(main) && !p.getKey().equals("p50");
                rows.add(type + "." + p.getKey(), type + ": response " + p.getKey() + " ms (from intended start)",
                        judged ? Better.LOWER : null,
                        r -> ofType(r, type, t -> t.response() == null ? null : p.getValue().apply(t.response())));
            }
        }
        rows.count("failed", "failed transactions", r -> (double) r.metrics().totalFailed());
        rows.count("retries", "retries", r -> (double) r.metrics().totalRetries());
        rows.count("stalls", "stalls (nothing completed, requests outstanding)",
                r -> r.metrics().stalls() == null ? null : (double) r.metrics().stalls().count());
        rows.add("longestStall", "stalls: the longest, in seconds", null,
                r -> r.metrics().stalls() == null || r.metrics().stalls().count() == 0 ? null
                        : r.metrics().stalls().longestSeconds());
        rows.add("measuredSeconds", "measured seconds", null, r -> r.metrics().measurementSeconds());
        // what a committed transaction cost (result.json "cost"); older results had the driver's CPU only
        rows.add("driverCpu", "cost: driver CPU us per commit (measurement interval)", Better.LOWER,
                r -> r.cost() != null ? r.cost().driverCpuMicros()
                        : r.environment() == null ? null : r.environment().driverCpuMicrosPerCommit());
        rows.add("databaseCpu", "cost: database CPU us per commit (source in each result's cost)", Better.LOWER,
                r -> cost(r, CostPerTransaction::databaseCpuMicros));
        rows.add("roundTrips", "cost: round trips per commit (requests sent and waited for)", null,
                r -> cost(r, CostPerTransaction::roundTrips));
        rows.add("bytes", "cost: bytes sent + received per commit", null,
                r -> sum(cost(r, CostPerTransaction::bytesSent), cost(r, CostPerTransaction::bytesReceived)));
        rows.add("walBytes", "cost: WAL/redo bytes per commit", null, r -> cost(r, CostPerTransaction::walBytes));
        rows.add("blockReads", "cost: block reads per commit", null, r -> cost(r, CostPerTransaction::blockReads));
        for (String type : typeNames(firsts)) {
            rows.add(type + ".roundTrips", type + ": round trips per transaction", null,
                    r -> positive(ofType(r, type, t -> t.cost() == null ? null : t.cost().roundTrips())));
            // the client's side of what a logic costs, per type, on the connection's thread (the
            // database's CPU is known only in total)
            rows.add(type + ".driverCpu", type + ": driver CPU us per transaction", null,
                    r -> positive(ofType(r, type, t -> t.cost() == null ? null : t.cost().driverCpuMicros())));
        }
        List<String> all = RunDifferences.differences(configurations, Set.of(), "run");
        List<String> differences = new ArrayList<>(RunDifferences.differences(configurations, varied, "run"));
        Placement.difference(firsts).ifPresent(differences::add);
        return new Comparison(workload, runs, rows.rows, differences,
                all.stream().filter(d -> varied.contains(d.substring(0, d.indexOf(':')))).toList(),
                RunDifferences.startingData(firsts, prefix), judgement.level(), judgement.noise(),
                pairs == null ? RatioOfMeans.METHOD : RatioOfMeans.PAIRED_METHOD,
                rows.rows.stream().anyMatch(r -> headline.equals(r.id())) ? headline : "tps", null);
    }

    /**
     * How each later side's runs pair with the baseline's, round by round, when every side holds
     * the runs of a variant of one interleaved comparison ({@link RunSet#rounds()}): the runs of a
     * round ran minutes apart, under the same conditions of the machine. Null otherwise (sides
     * run apart, single runs, a repeat.json written before rounds were recorded): each side's
     * runs are then taken as independent draws.
     *
     * @return null, or one entry per side, the first (the baseline's) null
     */
    static List<RoundPairs> pairs(List<RunSet> sets, String prefix) {
        RunSet baseline = sets.getFirst();
        if (!sets.stream().allMatch(s -> s.pairsWith(baseline))) {
            return null;
        }
        List<RoundPairs> out = new ArrayList<>();
        out.add(null);
        for (int k = 1; k < sets.size(); k++) {
            out.add(RoundPairs.of(baseline, sets.get(k), prefix + " 1", prefix + " " + (k + 1)));
        }
        return out;
    }

    /** The rows as they are added: each figure's values per side, their means and, for those judged, the changes. */
    private static final class Rows {
        private final List<RunSet> sets;
        private final Judgement judgement;
        /** Each side's pairs with the baseline, round by round, or null when the runs are not paired. */
        private final List<RoundPairs> pairs;
        final List<Comparison.Row> rows = new ArrayList<>();

        Rows(List<RunSet> sets, Judgement judgement, List<RoundPairs> pairs) {
            this.sets = sets;
            this.judgement = judgement;
            this.pairs = pairs;
        }

        void add(String id, String metric, Better better, Function<RunResult, Double> value) {
            add(id, metric, better, false, value);
        }

        void count(String id, String metric, Function<RunResult, Double> value) {
            add(id, metric, null, true, value);
        }

        private void add(String id, String metric, Better better, boolean count, Function<RunResult, Double> value) {
            List<List<Double>> samples = new ArrayList<>();
            List<Double> means = new ArrayList<>();
            for (RunSet set : sets) {
                List<Double> values = set.runs().stream().map(value).filter(v -> v != null).toList();
                samples.add(values);
                means.add(values.isEmpty() ? null : values.stream().mapToDouble(Double::doubleValue).sum() / values.size());
            }
            if (means.stream().allMatch(v -> v == null)) {
                return;
            }
            List<Change> changes = null;
            if (better != null) {
                changes = new ArrayList<>();
                changes.add(null);
                for (int k = 1; k < sets.size(); k++) {
                    if (pairs != null) {
                        List<List<Double>> paired = pairs.get(k).values(sets.getFirst(), sets.get(k), value);
                        changes.add(paired.getFirst().isEmpty() ? null
                                : Change.paired(paired.get(0), paired.get(1), better, judgement));
                    } else {
                        changes.add(samples.getFirst().isEmpty() || samples.get(k).isEmpty() ? null
                                : Change.of(samples.getFirst(), samples.get(k), better, judgement));
                    }
                }
            }
            rows.add(new Comparison.Row(metric, means, count, id, better, samples, changes));
        }
    }

    /**
     * The id of the workload's headline figure, the one a gate judges by default: its first
     * headline figure that is a rate (per second or per minute: TPC-C's NOPM, HPSS's creates/s
     * mean), else TPS.
     */
    static String headline(List<RunResult> results) {
        for (RunResult r : results) {
            if (r.headline() != null) {
                for (Map.Entry<String, io.tpkit.metrics.HeadlineFigure> e : r.headline().entrySet()) {
                    String unit = e.getValue().unit();
                    if (e.getValue().value() != null && (io.tpkit.metrics.HeadlineFigure.PER_SECOND.equals(unit)
                            || io.tpkit.metrics.HeadlineFigure.PER_MINUTE.equals(unit))) {
                        return e.getKey();
                    }
                }
            }
        }
        return "tps";
    }

    /**
     * The transaction type whose response times are judged: the workload's first (TP1's
     * debit-credit, TPC-C's new-order, HPSS's create), or null when the run has none.
     */
    static String mainType(RunResult r) {
        return types(r).isEmpty() ? null : types(r).getFirst().name();
    }

    /**
     * The runs named by what tells them apart, for column heads and legends: the product where
     * products differ, the target where targets differ and the product does not tell them apart,
     * the variant, the value of each other configuration key that differs, whether the run loaded
     * its data when that differs; the start time when nothing else tells them apart ("run 2: logic
     * procedure", "run 1: PostgreSQL 18.6", "run 2: scale 2", "run 2: no load").
     *
     * @param startedAt each run's start (ISO), or nulls
     */
    public static List<Comparison.Run> named(List<Comparison.Run> runs, List<Map<String, Object>> configurations,
                                             List<String> startedAt) {
        return named(runs, configurations, startedAt, List.of());
    }

    /**
     * @param data each run's data ("fresh load", "no load"): named when the runs differ in it, or
     *             empty when not known
     */
    public static List<Comparison.Run> named(List<Comparison.Run> runs, List<Map<String, Object>> configurations,
                                             List<String> startedAt, List<String> data) {
        return named(runs, configurations, startedAt, data, "run");
    }

    /** @param prefix what a column is called: "run", or "set" for sets of repetitions */
    static List<Comparison.Run> named(List<Comparison.Run> runs, List<Map<String, Object>> configurations,
                                      List<String> startedAt, List<String> data, String prefix) {
        int n = runs.size();
        List<List<String>> parts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            parts.add(new ArrayList<>());
        }
        List<String> products = runs.stream().map(r -> r.product() + " " + shortVersion(r.version())).toList();
        List<String> targets = runs.stream().map(r -> place(r.label())).toList();
        boolean productsTell = new LinkedHashSet<>(products).size() == n;
        if (new LinkedHashSet<>(products).size() > 1) {
            for (int i = 0; i < n; i++) {
                parts.get(i).add(products.get(i));
            }
        }
        if (!productsTell && new LinkedHashSet<>(targets).size() > 1) {
            for (int i = 0; i < n; i++) {
                parts.get(i).add(targets.get(i));
            }
        }
        if (runs.stream().map(Comparison.Run::variant).distinct().count() > 1) {
            for (int i = 0; i < n; i++) {
                parts.get(i).add(runs.get(i).variant());
            }
        }
        List<Map<String, List<String>>> flat = new ArrayList<>();
        Set<String> keys = new LinkedHashSet<>();
        for (Map<String, Object> c : configurations) {
            Map<String, List<String>> f = new LinkedHashMap<>();
            RunDifferences.flatten("", c == null ? Map.of() : c, f);
            flat.add(f);
            keys.addAll(f.keySet());
        }
        for (String key : keys) {
            if (Set.of("target", "user", "password", "dataDir", "seed").contains(key)) {
                continue;
            }
            List<String> values = flat.stream().map(f -> f.containsKey(key) ? f.get(key).getFirst() : "default")
                    .toList();
            boolean variant = runs.stream().anyMatch(r -> r.variant().startsWith(key + " ")
                    || r.variant().contains(", " + key + " "));
            if (!variant && new LinkedHashSet<>(values).size() > 1) {
                for (int i = 0; i < n; i++) {
                    parts.get(i).add(key + " " + values.get(i));
                }
            }
        }
        if (data.size() == n && new LinkedHashSet<>(data).size() > 1) {
            for (int i = 0; i < n; i++) {
                parts.get(i).add(data.get(i));
            }
        }
        List<String> names = parts.stream().map(p -> String.join(", ", p)).toList();
        if (new LinkedHashSet<>(names).size() < n) {
            List<String> stamped = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String at = i < startedAt.size() && startedAt.get(i) != null ? startedAt.get(i) : "";
                String time = at.length() >= 19 ? at.substring(0, 19).replace('T', ' ') : at;
                stamped.add(names.get(i) + (names.get(i).isEmpty() || time.isEmpty() ? "" : ", ")
                        + (time.isEmpty() ? "" : "started " + time));
            }
            names = stamped;
        }
        List<Comparison.Run> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(runs.get(i).named(prefix + " " + (i + 1) + (names.get(i).isEmpty() ? "" : ": " + names.get(i))));
        }
        return out;
    }

    /** "15.20 (Debian 15.20-0+deb12u1)" -> "15.20"; "10.11.19-MariaDB-0+deb12u1" -> "10.11.19". */
    public static String shortVersion(String version) {
        if (version == null) {
            return "";
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^\\d+(\\.\\d+)*").matcher(version);
        if (m.find()) {
            return m.group();
        }
        int space = version.indexOf(' ');
        return space > 0 ? version.substring(0, space) : version;
    }

    /** A target as a place: a JDBC URL's host and database ("db1:5432/bench"), any other target as given. */
    private static String place(String target) {
        if (target == null || !target.startsWith("jdbc:")) {
            return target == null ? "?" : target;
        }
        io.tpkit.config.JdbcAddress a = io.tpkit.config.JdbcAddress.of(target);
        return a.host().isEmpty() ? target : a.host() + (a.database().isEmpty() ? "" : "/" + a.database());
    }

    /** The percentiles compared, by the name of their row. */
    private static final Map<String, Function<LatencySummary, Double>> PERCENTILES = new LinkedHashMap<>();

    static {
        PERCENTILES.put("p50", LatencySummary::p50Ms);
        PERCENTILES.put("p90", LatencySummary::p90Ms);
        PERCENTILES.put("p99", LatencySummary::p99Ms);
    }

    private static String workload(RunResult r) {
        return r.workload() == null ? "" : String.valueOf(r.workload().name());
    }

    private static Comparison.Run run(RunSet set, Set<String> varied) {
        RunResult r = set.first();
        String target = text(r.configuration() == null ? null : r.configuration().target(), "?");
        Map<String, String> flat = RunDifferences.flattened(r.configuration() == null ? Map.of()
                : r.configuration().asMap());
        String variant = String.join(", ", varied.stream().sorted()
                .map(k -> k + " " + text(flat.get(k), "-")).toList());
        String verdict = String.join(" | ", set.runs().stream()
                .map(x -> x.validity() == null ? "?" : x.validity().verdict()).distinct().toList());
        String dir = set.kind().equals(RunSet.RUN) || set.source().isEmpty() ? text(r.resultDir(), "") : set.source();
        return new Comparison.Run(target, text(r.database() == null ? null : r.database().product(), "?"),
                text(r.database() == null ? null : r.database().version(), "?"), variant, dir,
                verdict, set.runs().stream().allMatch(x -> x.consistency() == null || x.consistent()));
    }

    private static String text(Object value, String absent) {
        return value == null ? absent : value.toString();
    }

    private static Double cost(RunResult r, Function<CostPerTransaction, Double> figure) {
        return r.cost() == null ? null : figure.apply(r.cost());
    }

    private static Double sum(Double a, Double b) {
        return a == null || b == null ? null : a + b;
    }

    /** A per-type cost of a type that executed nothing itself (a deferred type's terminal part) is no figure. */
    private static Double positive(Double d) {
        return d == null || d <= 0 ? null : d;
    }

    /** A figure of the named type, or null when the run has no such type. */
    private static Double ofType(RunResult r, String name, Function<TypeSummary, Double> figure) {
        for (TypeSummary t : types(r)) {
            if (t.name().equals(name)) {
                return figure.apply(t);
            }
        }
        return null;
    }

    private static List<TypeSummary> types(RunResult r) {
        return r.metrics().types() == null ? List.of() : r.metrics().types();
    }

    private static Set<String> typeNames(List<RunResult> results) {
        Set<String> names = new LinkedHashSet<>();
        results.forEach(r -> types(r).forEach(t -> names.add(t.name())));
        return names;
    }

    /** The ids of the headline figures some run has a value of, with the first such run's label. */
    private static Map<String, String> numericHeadline(List<RunResult> results) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (RunResult r : results) {
            if (r.headline() != null) {
                r.headline().forEach((id, f) -> {
                    if (f.value() != null) {
                        labels.putIfAbsent(id, f.label());
                    }
                });
            }
        }
        return labels;
    }
}
