package io.tpkit.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.compare.Comparison;
import io.tpkit.config.BadInputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Two or more sweeps of one workload over one axis side by side, point by point (points are
 * matched by their value of the axis; a value one sweep lacks is "-"), as a {@link Comparison}
 * so that compare's table, folder and report show it: a column per sweep, rows for the peak,
 * the knee and each point's TPS, headline figures, mean response time and the first type's p90.
 */
public final class SweepComparisons {
    /** Keys that differ by design between compared runs (as in compare of single runs). */

    private SweepComparisons() {
    }

    public static Comparison ofFolders(List<Path> folders) {
        if (folders.size() < 2) {
            throw new BadInputException("compare needs at least two sweep folders, got " + folders.size());
        }
        List<JsonNode> sweeps = new ArrayList<>();
        List<String> dirs = new ArrayList<>();
        for (Path f : folders) {
            sweeps.add(SweepFiles.read(f));
            Path dir = java.nio.file.Files.isDirectory(f) ? f : f.toAbsolutePath().getParent();
            dirs.add(dir.toAbsolutePath().normalize().toString());
        }
        return of(sweeps, dirs);
    }

    static Comparison of(List<JsonNode> sweeps, List<String> dirs) {
        JsonNode first = sweeps.getFirst();
        String workload = first.path("workload").asText();
        String axis = first.path("axis").asText();
        for (JsonNode s : sweeps) {
            if (!s.path("workload").asText().equals(workload)) {
                throw new BadInputException("cannot compare a " + workload + " sweep with a " + s.path("workload").asText()
                        + " sweep: give sweeps of one workload");
            }
            if (!s.path("axis").asText().equals(axis)) {
                throw new BadInputException("cannot compare a sweep over " + axis + " with one over "
                        + s.path("axis").asText() + ": give sweeps over the same axis");
            }
        }
        List<Comparison.Run> runs = new ArrayList<>();
        for (int i = 0; i < sweeps.size(); i++) {
            JsonNode s = sweeps.get(i);
            boolean consistent = true;
            Set<String> verdicts = new LinkedHashSet<>();
            for (JsonNode p : s.path("points")) {
                consistent &= p.path("consistent").asBoolean();
                verdicts.add(p.path("verdict").asText());
            }
            String verdict = (verdicts.size() == 1 ? verdicts.iterator().next() : "points differ: "
                    + String.join(" / ", verdicts)) + (s.path("incomplete").asBoolean() ? " (INCOMPLETE sweep)" : "");
            runs.add(new Comparison.Run(s.at("/configuration/target").asText("?"), s.path("product").asText("?"),
                    s.path("version").asText("?"), "sweep of " + s.path("points").size() + " points", dirs.get(i),
                    verdict, consistent));
        }
        List<Comparison.Row> rows = new ArrayList<>();
        String figure = first.at("/figure/label").asText("TPS");
        if (!figure.equals("TPS")) {
            // the peak is the point with the most of the workload's own figure (HPSS: creates/s mean)
            add(rows, sweeps, "peak " + figure, s -> number(s.at("/peak/figureValue")));
        }
        add(rows, sweeps, figure.equals("TPS") ? "peak TPS" : "TPS at the peak", s -> number(s.at("/peak/tps")));
        add(rows, sweeps, "peak at " + axis, s -> number(s.at("/peak/value")));
        add(rows, sweeps, "knee at " + axis + " (none: not reached)", s -> number(s.at("/knee/value")));
        add(rows, sweeps, "MVA mean absolute error, interactions/s %", s -> number(s.at("/model/meanAbsRequestsErrorPct")));
        TreeSet<Double> values = new TreeSet<>();
        Set<String> headline = new LinkedHashSet<>();
        for (JsonNode s : sweeps) {
            for (JsonNode p : s.path("points")) {
                values.add(p.path("value").asDouble());
                p.path("headline").fieldNames().forEachRemaining(headline::add);
            }
        }
        String firstType = first.at("/points/0/types/0/name").asText("first type");
        for (double v : values) {
            String at = axis + " " + SweepAxis.format(v) + ": ";
            add(rows, sweeps, at + "TPS", s -> number(point(s, v).path("tps")));
            for (String h : headline) {
                add(rows, sweeps, at + h, s -> number(point(s, v).path("headline").path(h)));
            }
            add(rows, sweeps, at + "mean response ms (from intended start)",
                    s -> number(point(s, v).path("meanResponseMs")));
            add(rows, sweeps, at + firstType + " p90 ms", s -> p90(point(s, v), firstType));
        }
        runs = io.tpkit.compare.Comparisons.named(runs, sweeps.stream().map(SweepComparisons::configuration).toList(),
                List.of());
        return new Comparison(workload, runs, rows, io.tpkit.compare.RunDifferences.differences(sweeps.stream()
                .map(SweepComparisons::configuration).toList(), Set.of(), "sweep"), List.of());
    }

    private static JsonNode point(JsonNode sweep, double value) {
        for (JsonNode p : sweep.path("points")) {
            if (p.path("value").asDouble() == value) {
                return p;
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    private static Double p90(JsonNode point, String type) {
        for (JsonNode t : point.path("types")) {
            if (t.path("name").asText().equals(type)) {
                return number(t.path("p90Ms"));
            }
        }
        return null;
    }

    private static Double number(JsonNode n) {
        return n.isNumber() ? n.asDouble() : null;
    }

    private static void add(List<Comparison.Row> rows, List<JsonNode> sweeps, String metric,
                            Function<JsonNode, Double> value) {
        List<Double> values = new ArrayList<>();
        sweeps.forEach(s -> values.add(value.apply(s)));
        if (values.stream().anyMatch(v -> v != null)) {
            rows.add(new Comparison.Row(metric, values));
        }
    }

    /** A sweep's configuration (sweep.json "configuration") as the plain values it holds. */
    @SuppressWarnings("unchecked")
    private static java.util.Map<String, Object> configuration(JsonNode sweep) {
        return io.tpkit.result.ResultWriter.json().convertValue(sweep.path("configuration"), java.util.Map.class);
    }
}
