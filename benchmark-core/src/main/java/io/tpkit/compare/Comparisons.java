package io.tpkit.compare;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.config.BadInputException;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Builds a {@link Comparison} from result.json trees, so that fresh runs and result files from
 * earlier runs are compared by the same code.
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

    /** @param varied configuration keys the runs differ in on purpose (besides the target) */
    public static Comparison ofResults(List<RunResult> results, Set<String> varied) {
        return of(results.stream().map(r -> (JsonNode) ResultWriter.json().valueToTree(r)).toList(), varied);
    }

    /** @throws BadInputException when a file is missing, not a tpkit result, or of another workload */
    public static Comparison ofFiles(List<Path> files) {
        if (files.size() < 2) {
            throw new BadInputException("compare needs at least two result.json files (or result folders), got "
                    + files.size());
        }
        List<JsonNode> trees = new ArrayList<>();
        for (Path f : files) {
            Path file = Files.isDirectory(f) ? f.resolve("result.json") : f;
            try {
                JsonNode tree = ResultWriter.json().readTree(file.toFile());
                if (tree == null || !tree.has("metrics") || !tree.has("workload")) {
                    throw new BadInputException(file + " is not a tpkit result.json: give the result.json of a run");
                }
                trees.add(tree);
            } catch (IOException e) {
                throw new BadInputException("cannot read " + file + ": " + (Files.exists(file) ? e.getMessage()
                        : "no such file") + " (give result folders or their result.json)", e);
            }
        }
        return of(trees, Set.of());
    }

    static Comparison of(List<JsonNode> results, Set<String> varied) {
        String workload = results.getFirst().path("workload").path("name").asText();
        for (JsonNode r : results) {
            String other = r.path("workload").path("name").asText();
            if (!other.equals(workload)) {
                throw new BadInputException("cannot compare a " + workload + " run with a " + other
                        + " run: give results of one workload");
            }
        }
        List<Comparison.Run> runs = results.stream().map(r -> run(r, varied)).toList();
        List<Comparison.Row> rows = new ArrayList<>();
        add(rows, results, "TPS (committed per second of the interval, wall clock)",
                r -> number(r.path("metrics").path("throughput").path("overWallClock")));
        for (String key : numericHeadlineKeys(results)) {
            add(rows, results, key, r -> number(r.path("headline").path(key)));
        }
        for (String type : typeNames(results)) {
            add(rows, results, type + ": committed per second", r -> number(type(r, type).path("perSecond")));
            for (String p : List.of("p50Ms", "p90Ms", "p99Ms")) {
                add(rows, results, type + ": response " + p.substring(0, 3) + " ms (from intended start)",
                        r -> number(type(r, type).path("response").path(p)));
            }
        }
        add(rows, results, "failed transactions", r -> number(r.path("metrics").path("totalFailed")));
        add(rows, results, "retries", r -> number(r.path("metrics").path("totalRetries")));
        add(rows, results, "measured seconds", r -> number(r.path("metrics").path("measurementSeconds")));
        // what a committed transaction cost (result.json "cost"); older results had the driver's CPU only
        add(rows, results, "cost: driver CPU us per commit (measurement interval)",
                r -> r.has("cost") ? number(r.path("cost").path("driverCpuMicros"))
                        : number(r.path("environment").path("driverCpuMicrosPerCommit")));
        add(rows, results, "cost: database CPU us per commit (source in each result's cost)",
                r -> number(r.path("cost").path("databaseCpuMicros")));
        add(rows, results, "cost: round trips per commit (requests sent and waited for)",
                r -> number(r.path("cost").path("roundTrips")));
        add(rows, results, "cost: bytes sent + received per commit",
                r -> sum(number(r.path("cost").path("bytesSent")), number(r.path("cost").path("bytesReceived"))));
        add(rows, results, "cost: WAL/redo bytes per commit", r -> number(r.path("cost").path("walBytes")));
        add(rows, results, "cost: block reads per commit", r -> number(r.path("cost").path("blockReads")));
        for (String type : typeNames(results)) {
            add(rows, results, type + ": round trips per transaction",
                    r -> positive(number(type(r, type).path("cost").path("roundTrips"))));
        }
        List<String> all = differences(results, Set.of(), "run");
        return new Comparison(workload, runs, rows, differences(results, varied, "run"),
                all.stream().filter(d -> varied.contains(d.substring(0, d.indexOf(':')))).toList());
    }

    private static Comparison.Run run(JsonNode r, Set<String> varied) {
        JsonNode db = r.path("database");
        JsonNode configuration = r.path("configuration");
        String target = configuration.path("target").asText("?");
        String variant = String.join(", ", varied.stream().sorted()
                .map(k -> k + " " + configuration.path(k).asText("-")).toList());
        return new Comparison.Run(target, db.path("product").asText("?"), db.path("version").asText("?"), variant,
                r.path("resultDir").asText(""), r.path("validity").path("verdict").asText("?"),
                allPassed(r.path("consistency")));
    }

    private static boolean allPassed(JsonNode checks) {
        for (JsonNode c : checks) {
            // a skipped check is not a failure
            if (!c.path("passed").asBoolean(false) && !c.path("skipped").asBoolean(false)) {
                return false;
            }
        }
        return true;
    }

    private static void add(List<Comparison.Row> rows, List<JsonNode> results, String metric,
                            Function<JsonNode, Double> value) {
        List<Double> values = new ArrayList<>();
        for (JsonNode r : results) {
            values.add(value.apply(r));
        }
        if (values.stream().anyMatch(v -> v != null)) {
            rows.add(new Comparison.Row(metric, values));
        }
    }

    private static Double number(JsonNode n) {
        return n.isNumber() ? n.asDouble() : null;
    }

    private static Double sum(Double a, Double b) {
        return a == null || b == null ? null : a + b;
    }

    /** A per-type cost of a type that executed nothing itself (a deferred type's terminal part) is no figure. */
    private static Double positive(Double d) {
        return d == null || d <= 0 ? null : d;
    }

    private static JsonNode type(JsonNode r, String name) {
        for (JsonNode t : r.path("metrics").path("types")) {
            if (t.path("name").asText().equals(name)) {
                return t;
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    private static Set<String> typeNames(List<JsonNode> results) {
        Set<String> names = new LinkedHashSet<>();
        results.forEach(r -> r.path("metrics").path("types").forEach(t -> names.add(t.path("name").asText())));
        return names;
    }

    private static Set<String> numericHeadlineKeys(List<JsonNode> results) {
        Set<String> keys = new LinkedHashSet<>();
        for (JsonNode r : results) {
            Iterator<Map.Entry<String, JsonNode>> it = r.path("headline").fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getValue().isNumber()) {
                    keys.add(e.getKey());
                }
            }
        }
        return keys;
    }

    /**
     * Configuration values that differ, e.g. {@code scale: 1 | 2}, other than those expected to
     * (the target, the seed...) and those varied on purpose; a key some lack (an option left at
     * its default) differs too.
     *
     * @param each what each result is, for the wording ("run", "sweep")
     */
    public static List<String> differences(List<JsonNode> results, Set<String> varied, String each) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (JsonNode r : results) {
            flatten("", r.path("configuration"), values);
        }
        List<String> out = new ArrayList<>();
        values.forEach((key, list) -> {
            if (!EXPECTED_TO_DIFFER.contains(key) && !varied.contains(key) && (list.size() < results.size() || new LinkedHashSet<>(list).size() > 1)) {
                out.add(key + ": " + String.join(" | ", list) + (list.size() < results.size() ? " (not set in every " + each + ")" : ""));
            }
        });
        return out;
    }

    private static void flatten(String prefix, JsonNode node, Map<String, List<String>> values) {
        Iterator<Map.Entry<String, JsonNode>> it = node.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = prefix + e.getKey();
            if (e.getValue().isObject()) {
                flatten(key + ".", e.getValue(), values);
            } else {
                values.computeIfAbsent(key, k -> new ArrayList<>()).add(e.getValue().asText());
            }
        }
    }
}
