package io.tpkit.compare;

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
    /** Configuration keys that differ between the runs by design, or do not change the result. */
    private static final Set<String> EXPECTED_TO_DIFFER = Set.of("target", "user", "password", "dataDir", "seed",
            "load");

    private Comparisons() {
    }

    public static Comparison ofResults(List<RunResult> results) {
        return ofResults(results, Set.of());
    }

    /** @throws BadInputException when a file is missing, not a tpkit result, or of another workload */
    public static Comparison ofFiles(List<Path> files) {
        if (files.size() < 2) {
            throw new BadInputException("compare needs at least two result.json files (or result folders), got "
                    + files.size());
        }
        return ofResults(files.stream().map(ResultReader::read).toList(), Set.of());
    }

    /** @param varied configuration keys the runs differ in on purpose (besides the target) */
    public static Comparison ofResults(List<RunResult> results, Set<String> varied) {
        String workload = workload(results.getFirst());
        for (RunResult r : results) {
            String other = workload(r);
            if (!other.equals(workload)) {
                throw new BadInputException("cannot compare a " + workload + " run with a " + other
                        + " run: give results of one workload");
            }
        }
        List<Map<String, Object>> configurations = results.stream().map(RunResult::configuration).toList();
        List<Comparison.Run> runs = named(results.stream().map(r -> run(r, varied)).toList(), configurations,
                results.stream().map(RunResult::startedAt).toList(),
                results.stream().map(r -> r.load() != null ? "fresh load" : "no load").toList());
        List<Comparison.Row> rows = new ArrayList<>();
        // the benchmark's own headline first (TPC-C: NOPM), then TPS
        numericHeadline(results).forEach((id, label) -> add(rows, results, label,
                r -> r.headline() == null || r.headline().get(id) == null ? null : r.headline().get(id).value()));
        add(rows, results, "TPS (committed per second of the interval, wall clock)",
                r -> r.metrics().throughput() == null ? null : r.metrics().throughput().overWallClock());
        for (String type : typeNames(results)) {
            add(rows, results, type + ": committed per second", r -> ofType(r, type, TypeSummary::perSecond));
            for (Map.Entry<String, Function<LatencySummary, Double>> p : PERCENTILES.entrySet()) {
                add(rows, results, type + ": response " + p.getKey() + " ms (from intended start)",
                        r -> ofType(r, type, t -> t.response() == null ? null : p.getValue().apply(t.response())));
            }
        }
        addCount(rows, results, "failed transactions", r -> (double) r.metrics().totalFailed());
        addCount(rows, results, "retries", r -> (double) r.metrics().totalRetries());
        addCount(rows, results, "stalls (nothing completed, requests outstanding)",
                r -> r.metrics().stalls() == null ? null : (double) r.metrics().stalls().count());
        add(rows, results, "stalls: the longest, in seconds",
                r -> r.metrics().stalls() == null || r.metrics().stalls().count() == 0 ? null
                        : r.metrics().stalls().longestSeconds());
        add(rows, results, "measured seconds", r -> r.metrics().measurementSeconds());
        // what a committed transaction cost (result.json "cost"); older results had the driver's CPU only
        add(rows, results, "cost: driver CPU us per commit (measurement interval)",
                r -> r.cost() != null ? r.cost().driverCpuMicros()
                        : r.environment() != null && r.environment().get("driverCpuMicrosPerCommit") instanceof Number n
                        ? n.doubleValue() : null);
        add(rows, results, "cost: database CPU us per commit (source in each result's cost)",
                r -> cost(r, CostPerTransaction::databaseCpuMicros));
        add(rows, results, "cost: round trips per commit (requests sent and waited for)",
                r -> cost(r, CostPerTransaction::roundTrips));
        add(rows, results, "cost: bytes sent + received per commit",
                r -> sum(cost(r, CostPerTransaction::bytesSent), cost(r, CostPerTransaction::bytesReceived)));
        add(rows, results, "cost: WAL/redo bytes per commit", r -> cost(r, CostPerTransaction::walBytes));
        add(rows, results, "cost: block reads per commit", r -> cost(r, CostPerTransaction::blockReads));
        for (String type : typeNames(results)) {
            add(rows, results, type + ": round trips per transaction",
                    r -> positive(ofType(r, type, t -> t.cost() == null ? null : t.cost().roundTrips())));
        }
        List<String> all = differences(configurations, Set.of(), "run");
        return new Comparison(workload, runs, rows, differences(configurations, varied, "run"),
                all.stream().filter(d -> varied.contains(d.substring(0, d.indexOf(':')))).toList(),
                startingData(results));
    }

    /**
     * How the data the runs started from differed: some loaded it fresh while others ran on the
     * data as earlier runs had changed it, or the workload's own transaction counter in the
     * database stood at different values before runs that did not load. Empty when every run
     * loaded, or when no run loaded and their counters were equal.
     */
    static List<String> startingData(List<RunResult> results) {
        List<String> loaded = new ArrayList<>();
        List<String> reused = new ArrayList<>();
        Map<String, Long> counters = new LinkedHashMap<>();
        for (int i = 0; i < results.size(); i++) {
            RunResult r = results.get(i);
            String name = "run " + (i + 1);
            if (r.load() != null) {
                loaded.add(name);
                continue;
            }
            reused.add(name);
            Object before = r.database() == null ? null : r.database().get("transactionsBefore");
            if (before instanceof Number n) {
                counters.put(name, n.longValue());
            }
        }
        List<String> out = new ArrayList<>();
        if (!loaded.isEmpty() && !reused.isEmpty()) {
            out.add(String.join(", ", loaded) + " loaded fresh data; " + String.join(", ", reused)
                    + " ran on the data already in the database, as earlier runs had changed it");
        }
        if (counters.size() > 1 && new LinkedHashSet<>(counters.values()).size() > 1) {
            List<String> each = new ArrayList<>();
            counters.forEach((run, n) -> each.add(run + " " + String.format(java.util.Locale.ROOT, "%,d", n)));
            out.add("the workload's transaction counter in the database differed before the runs that did not load: "
                    + String.join(", ", each));
        } else if (loaded.isEmpty() && counters.size() < reused.size()) {
            out.add("no run loaded its data and the database's transaction counter was not recorded: the data each "
                    + "started from (as earlier runs left it) is not known to be the same");
        }
        return out;
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
            flatten("", c == null ? Map.of() : c, f);
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
            out.add(runs.get(i).named("run " + (i + 1) + (names.get(i).isEmpty() ? "" : ": " + names.get(i))));
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
        return r.workload() == null ? "" : String.valueOf(r.workload().get("name"));
    }

    private static Comparison.Run run(RunResult r, Set<String> varied) {
        Map<String, Object> db = r.database() == null ? Map.of() : r.database();
        Map<String, Object> configuration = r.configuration() == null ? Map.of() : r.configuration();
        String target = text(configuration.get("target"), "?");
        Map<String, String> flat = flattened(configuration);
        String variant = String.join(", ", varied.stream().sorted()
                .map(k -> k + " " + text(flat.get(k), "-")).toList());
        return new Comparison.Run(target, text(db.get("product"), "?"), text(db.get("version"), "?"), variant,
                text(r.resultDir(), ""), r.validity() == null ? "?" : r.validity().verdict(),
                r.consistency() == null || r.consistent());
    }

    private static String text(Object value, String absent) {
        return value == null ? absent : value.toString();
    }

    private static void add(List<Comparison.Row> rows, List<RunResult> results, String metric,
                            Function<RunResult, Double> value) {
        List<Double> values = new ArrayList<>();
        for (RunResult r : results) {
            values.add(value.apply(r));
        }
        if (values.stream().anyMatch(v -> v != null)) {
            rows.add(new Comparison.Row(metric, values));
        }
    }

    private static void addCount(List<Comparison.Row> rows, List<RunResult> results, String metric,
                                 Function<RunResult, Double> value) {
        add(rows, results, metric, value);
        if (!rows.isEmpty() && rows.getLast().metric().equals(metric)) {
            Comparison.Row row = rows.removeLast();
            rows.add(new Comparison.Row(row.metric(), row.values(), true));
        }
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

    /**
     * Configuration values that differ, e.g. {@code scale: 1 | 2}, other than those expected to
     * (the target, the seed...) and those varied on purpose; a key some lack (an option left at
     * its default) differs too.
     *
     * @param configurations each result's configuration (result.json "configuration")
     * @param each           what each result is, for the wording ("run", "sweep")
     */
    public static List<String> differences(List<Map<String, Object>> configurations, Set<String> varied, String each) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (Map<String, Object> c : configurations) {
            flatten("", c == null ? Map.of() : c, values);
        }
        List<String> out = new ArrayList<>();
        values.forEach((key, list) -> {
            if (!EXPECTED_TO_DIFFER.contains(key) && !varied.contains(key) && (list.size() < configurations.size()
                    || new LinkedHashSet<>(list).size() > 1)) {
                out.add(key + ": " + String.join(" | ", list) + (list.size() < configurations.size()
                        ? " (not set in every " + each + ")" : ""));
            }
        });
        return out;
    }

    /**
     * A configuration's values by dotted key ({@code serverSettings.synchronous_commit}), as the
     * differences and the varied keys name them.
     */
    public static Map<String, String> flattened(Map<String, Object> configuration) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        flatten("", configuration == null ? Map.of() : configuration, values);
        Map<String, String> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, v.getFirst()));
        return out;
    }

    private static void flatten(String prefix, Map<?, ?> node, Map<String, List<String>> values) {
        node.forEach((k, v) -> {
            String key = prefix + k;
            if (v instanceof Map<?, ?> m) {
                flatten(key + ".", m, values);
            } else {
                values.computeIfAbsent(key, x -> new ArrayList<>()).add(String.valueOf(v));
            }
        });
    }
}
