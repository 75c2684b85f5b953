package io.tpkit.compare;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What differs between the runs compared besides their figures: the configuration keys varied
 * on purpose, the other configuration values that differ (which make a comparison unfair), and
 * the data each run started from.
 */
public final class RunDifferences {
    /** Configuration keys that differ between the runs by design, or do not change the result. */
    private static final Set<String> EXPECTED_TO_DIFFER = Set.of("target", "user", "password", "dataDir", "seed",
            "load");

    private RunDifferences() {
    }

    /**
     * The configuration keys the caller varies besides the target (the logic, the isolation...):
     * the comparison shows them as chosen, not as a difference that makes it unfair.
     */
    public static Set<String> varied(List<BenchmarkConfig> configs) {
        // by dotted key, so that one server setting varied is that setting, not every setting
        Set<String> keys = new TreeSet<>();
        Map<String, String> first = flattened(configs.getFirst().describe());
        for (BenchmarkConfig other : configs.subList(1, configs.size())) {
            Map<String, String> m = flattened(other.describe());
            Set<String> both = new TreeSet<>(first.keySet());
            both.addAll(m.keySet());
            for (String k : both) {
                if (!Objects.equals(first.get(k), m.get(k))) {
                    keys.add(k);
                }
            }
        }
        keys.removeAll(EXPECTED_TO_DIFFER);
        keys.removeIf(k -> k.startsWith("containerResources.")); // kept with the containers only: a target's trait
        return keys;
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

    /**
     * How the data the runs started from differed: some loaded it fresh while others ran on the
     * data as earlier runs had changed it, or the workload's own transaction counter in the
     * database stood at different values before runs that did not load. Empty when every run
     * loaded, or when no run loaded and their counters were equal.
     */
    static List<String> startingData(List<RunResult> results) {
        return startingData(results, "run");
    }

    /** @param prefix what a column is called ("run", "set": of a set, its first run is looked at) */
    static List<String> startingData(List<RunResult> results, String prefix) {
        List<String> loaded = new ArrayList<>();
        List<String> reused = new ArrayList<>();
        Map<String, Long> counters = new LinkedHashMap<>();
        int reusedCounted = 0;
        for (int i = 0; i < results.size(); i++) {
            RunResult r = results.get(i);
            String name = prefix + " " + (i + 1);
            if (r.load() != null) {
                loaded.add(name);
                continue;
            }
            // restored from a copy of the data as loaded: neither fresh nor as earlier runs left it
            boolean restored = r.database() != null && r.database().restored();
            if (!restored) {
                reused.add(name);
            }
            Long before = r.database() == null ? null : r.database().transactionsBefore();
            if (before != null) {
                counters.put(name, before);
                reusedCounted += restored ? 0 : 1;
            }
        }
        List<String> out = new ArrayList<>();
        if (!loaded.isEmpty() && !reused.isEmpty()) {
            out.add(String.join(", ", loaded) + " loaded fresh data; " + String.join(", ", reused)
                    + " ran on the data already in the database, as earlier runs had changed it");
        }
        if (counters.size() > 1 && new LinkedHashSet<>(counters.values()).size() > 1) {
            List<String> each = new ArrayList<>();
            counters.forEach((run, n) -> each.add(run + " " + String.format(Locale.ROOT, "%,d", n)));
            out.add("the workload's transaction counter in the database differed before the runs that did not load: "
                    + String.join(", ", each));
        } else if (loaded.isEmpty() && reusedCounted < reused.size()) {
            out.add("no run loaded its data and the database's transaction counter was not recorded: the data each "
                    + "started from (as earlier runs left it) is not known to be the same");
        }
        return out;
    }

    /**
     * A configuration's values by dotted key, each key's values in the order of the
     * configurations flattened into {@code values}.
     */
    static void flatten(String prefix, Map<?, ?> node, Map<String, List<String>> values) {
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
