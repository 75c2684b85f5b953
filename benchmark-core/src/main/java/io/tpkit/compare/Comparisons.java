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
        List<Comparison.Run> runs = results.stream().map(r -> run(r, varied)).toList();
        List<Comparison.Row> rows = new ArrayList<>();
        add(rows, results, "TPS (committed per second of the interval, wall clock)",
                r -> r.metrics().throughput() == null ? null : r.metrics().throughput().overWallClock());
        numericHeadline(results).forEach((id, label) -> add(rows, results, label,
                r -> r.headline() == null || r.headline().get(id) == null ? null : r.headline().get(id).value()));
        for (String type : typeNames(results)) {
            add(rows, results, type + ": committed per second", r -> ofType(r, type, TypeSummary::perSecond));
            for (Map.Entry<String, Function<LatencySummary, Double>> p : PERCENTILES.entrySet()) {
                add(rows, results, type + ": response " + p.getKey() + " ms (from intended start)",
                        r -> ofType(r, type, t -> t.response() == null ? null : p.getValue().apply(t.response())));
            }
        }
        add(rows, results, "failed transactions", r -> (double) r.metrics().totalFailed());
        add(rows, results, "retries", r -> (double) r.metrics().totalRetries());
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
        List<Map<String, Object>> configurations = results.stream().map(RunResult::configuration).toList();
        List<String> all = differences(configurations, Set.of(), "run");
        return new Comparison(workload, runs, rows, differences(configurations, varied, "run"),
                all.stream().filter(d -> varied.contains(d.substring(0, d.indexOf(':')))).toList());
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
        String variant = String.join(", ", varied.stream().sorted()
                .map(k -> k + " " + text(configuration.get(k), "-")).toList());
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
