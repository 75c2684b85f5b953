package io.tpkit.history;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.metrics.HeadlineFigure;
import io.tpkit.result.DatabaseSection;
import io.tpkit.result.EnvironmentSection;
import io.tpkit.result.RunResult;
import io.tpkit.spi.workload.RuleResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a history needs of one run, from its result.json or, for a repetition whose folder is
 * gone, from its line in repeat.json.
 *
 * @param values      the figures by id: {@link #TPS} and the headline's ids
 * @param figures     the headline figures' labels and units by id, as far as known
 * @param failedRules the ids of the validity rules the run did not meet
 * @param freshLoad   whether the run loaded its data first; null when not known
 * @param context     what is not part of the grouping key but may explain a change: the server's
 *                    version and recorded settings, tpkit's and Java's versions, the machine
 */
record RunFacts(Map<String, Double> values, Map<String, HeadlineFigure> figures, boolean complete, boolean consistent,
                boolean conformant, String verdict, List<String> failedRules, Boolean freshLoad,
                Map<String, String> context) {
    /** The id of TPS among the figures, as {@code --figure} takes it. */
    static final String TPS = "tps";
    static final String TPS_LABEL = "TPS (committed transactions per second of the measurement interval, wall clock)";

    static RunFacts of(RunResult r) {
        Map<String, Double> values = new LinkedHashMap<>();
        if (r.metrics().throughput() != null) {
            values.put(TPS, r.metrics().throughput().overWallClock());
        }
        Map<String, HeadlineFigure> figures = new LinkedHashMap<>();
        if (r.headline() != null) {
            r.headline().forEach((id, f) -> {
                figures.put(id, f);
                if (f.value() != null && Double.isFinite(f.value())) {
                    values.put(id, f.value());
                }
            });
        }
        List<String> failed = r.validity() == null ? List.of()
                : r.validity().rules().stream().filter(RuleResult::failed).map(RuleResult::id).toList();
        return new RunFacts(values, figures, !r.metrics().incomplete(), r.consistent(),
                r.validity() != null && r.validity().conformant(), r.validity() == null ? "" : r.validity().verdict(),
                failed, r.load() != null, context(r.environment(), r.database()));
    }

    /** A repetition as repeat.json records it: its figures ("TPS" there), verdict and checks. */
    static RunFacts ofRepetition(JsonNode rep, String version) {
        Map<String, Double> values = new LinkedHashMap<>();
        rep.path("values").properties().forEach(e -> {
            if (e.getValue().isNumber()) {
                values.put(e.getKey().equals("TPS") ? TPS : e.getKey(), e.getValue().asDouble());
            }
        });
        String verdict = rep.path("verdict").asText("");
        Map<String, String> context = new LinkedHashMap<>();
        if (version != null) {
            context.put("server version", version);
        }
        return new RunFacts(values, Map.of(), !rep.path("incomplete").asBoolean(), rep.path("consistent").asBoolean(),
                verdict.equals("conformant"), verdict, rules(verdict), null, context);
    }

    /** The rule ids of a verdict text: "non-standard: a, b" (after "incomplete: ...;" when interrupted). */
    static List<String> rules(String verdict) {
        int at = verdict.indexOf("non-standard:");
        if (at < 0) {
            return verdict.startsWith("incomplete") ? List.of(io.tpkit.validity.Verdict.COMPLETE) : List.of();
        }
        List<String> ids = new ArrayList<>(Arrays.stream(verdict.substring(at + "non-standard:".length()).split(","))
                .map(String::strip).filter(s -> !s.isEmpty()).toList());
        if (verdict.startsWith("incomplete")) {
            ids.addFirst(io.tpkit.validity.Verdict.COMPLETE);
        }
        return ids;
    }

    private static Map<String, String> context(EnvironmentSection environment, DatabaseSection database) {
        Map<String, String> c = new LinkedHashMap<>();
        if (database != null) {
            put(c, "server version", database.version());
            if (database.settings() != null) {
                database.settings().forEach((k, v) -> put(c, "setting " + k, v));
            }
        }
        if (environment != null) {
            put(c, "tpkit", environment.tpkitVersion());
            put(c, "Java", environment.java());
            put(c, "host", environment.host());
            put(c, "CPUs", environment.cpus());
            put(c, "OS", environment.os());
        }
        return c;
    }

    private static void put(Map<String, String> c, String key, Object value) {
        if (value != null) {
            c.put(key, String.valueOf(value));
        }
    }
}
