package io.tpkit.history;

import io.tpkit.config.TargetText;
import io.tpkit.result.WorkloadSection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What makes two runs points of one series: the same workload, the same database product and
 * the same configuration, apart from the keys that do not change what is measured. Nested maps
 * (the workload's options, the server settings given with {@code --server-setting}) are
 * flattened to {@code options.accounts-per-branch}, so that a difference names the one option.
 */
final class GroupingKey {
    /** Configuration keys left out of the key, and why: printed with every history. */
    static final Map<String, String> LEFT_OUT = leftOut();
    /**
     * Keys whose value "as given" may be null (the workload's default, or the scale the database
     * already held); the run's workload section says what it was, and that is what was measured.
     */
    private static final Map<String, Function<WorkloadSection, Object>> EFFECTIVE = Map.of(
            "scale", w -> w.parameters() == null ? null : w.parameters().get("scale"),
            "terminals", WorkloadSection::terminals, "connections", WorkloadSection::connections,
            "arrival", WorkloadSection::arrival);

    private GroupingKey() {
    }

    private static Map<String, String> leftOut() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("seed", "each run draws its inputs from the same distributions with a seed of its own");
        m.put("load", "whether the data was loaded before the run (shown for each run)");
        m.put("dataDir", "where an embedded server keeps its files");
        m.put("user", "who connects");
        m.put("password", "never recorded");
        m.put("runName", "the name of a split run");
        m.put("outDir", "where the results were written");
        return java.util.Collections.unmodifiableMap(m);
    }

    /**
     * The key of a run: its configuration without the keys {@link #LEFT_OUT}, the target with
     * any password masked, the values the run really had where the configuration left them to
     * the default, and the database product.
     *
     * @param workload the result's workload section (effective values), or null
     */
    static Map<String, String> of(Map<String, Object> configuration, WorkloadSection workload, String product) {
        Map<String, String> key = new TreeMap<>();
        flatten("", configuration == null ? Map.of() : configuration, key);
        LEFT_OUT.keySet().forEach(key::remove);
        if (key.containsKey("target")) {
            key.put("target", TargetText.redact(key.get("target")));
        }
        EFFECTIVE.forEach((k, effective) -> {
            if (key.get(k) == null && workload != null) {
                Object v = effective.apply(workload);
                if (v != null) {
                    key.put(k, text(v));
                }
            }
        });
        key.values().removeIf(v -> v == null);
        key.put("product", product == null ? "unknown" : product);
        return key;
    }

    @SuppressWarnings("unchecked")
    private static void flatten(String prefix, Map<String, Object> map, Map<String, String> into) {
        map.forEach((k, v) -> {
            if (v instanceof Map<?, ?> nested) {
                flatten(prefix + k + ".", (Map<String, Object>) nested, into);
            } else {
                into.put(prefix + k, v == null ? null : text(v));
            }
        });
    }

    /** A value as text; a whole number written as 2 or 2.0 reads the same. */
    private static String text(Object v) {
        if (v instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d)) {
            return Long.toString(d.longValue());
        }
        if (v instanceof Float f && f == Math.rint(f) && !Float.isInfinite(f)) {
            return Long.toString(f.longValue());
        }
        return String.valueOf(v);
    }
}
