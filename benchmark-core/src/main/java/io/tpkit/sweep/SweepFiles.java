package io.tpkit.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.config.BadInputException;
import io.tpkit.result.ResultFolder;
import io.tpkit.result.ResultWriter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** sweep.json, sweep.csv and sweep.html of a sweep's folder. */
public final class SweepFiles {
    public static final String CSV = "sweep.csv";

    private SweepFiles() {
    }

    static void write(ResultFolder folder, SweepResult r) throws IOException {
        ResultWriter.writeJson(folder.file(SweepResult.FILE), r);
        writeCsv(folder.file(CSV), r);
        io.tpkit.report.SweepReport.write(folder.file(SweepResult.FILE).getParent());
    }

    /** Whether {@code path} is a sweep's folder (or its sweep.json). */
    public static boolean isSweep(Path path) {
        return Files.isDirectory(path) ? Files.exists(path.resolve(SweepResult.FILE))
                : path.getFileName() != null && path.getFileName().toString().equals(SweepResult.FILE);
    }

    /** Reads a sweep's folder or its sweep.json. */
    public static JsonNode read(Path path) {
        Path file = Files.isDirectory(path) ? path.resolve(SweepResult.FILE) : path;
        try {
            JsonNode tree = ResultWriter.json().readTree(file.toFile());
            if (tree == null || !SweepResult.TOOL.equals(tree.path("tool").asText())) {
                throw new BadInputException(file + " is not a tpkit sweep.json: give the folder of a sweep");
            }
            return tree;
        } catch (IOException e) {
            throw new BadInputException("cannot read " + file + ": " + (Files.exists(file) ? e.getMessage()
                    : "no such file") + " (give sweep folders or their sweep.json)", e);
        }
    }

    /**
     * One row per point: the axis and its value, the shape, TPS, the headline figures, the model's
     * measure and prediction, each type's percentiles, the verdict and the point's folder.
     */
    static void writeCsv(Path file, SweepResult r) throws IOException {
        Set<String> headline = new LinkedHashSet<>();
        Set<String> types = new LinkedHashSet<>();
        for (SweepResult.Point p : r.points()) {
            headline.addAll(p.headline().keySet());
            p.types().forEach(t -> types.add(t.name()));
        }
        List<String> head = new ArrayList<>(List.of("point", "axis", "value", "arrival", "connections", "terminals",
                "rate_per_s", "tps"));
        headline.forEach(h -> head.add(column(h)));
        head.addAll(List.of("requests_per_s", "mean_response_ms", "gain_per_doubling_pct", "mva_requests_per_s",
                "mva_requests_error_pct", "mva_response_ms", "mva_response_error_pct"));
        for (String t : types) {
            for (String f : List.of("per_s", "p50_ms", "p90_ms", "p99_ms")) {
                head.add(column(t) + "_" + f);
            }
        }
        head.addAll(List.of("peak", "knee", "verdict", "consistent", "incomplete", "result_dir"));
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            w.write(String.join(",", head));
            w.write("\n");
            for (SweepResult.Point p : r.points()) {
                List<String> row = new ArrayList<>();
                row.add(Integer.toString(p.index()));
                row.add(r.axis());
                row.add(SweepAxis.format(p.value()));
                row.add(p.arrival());
                row.add(Integer.toString(p.connections()));
                row.add(Integer.toString(p.terminals()));
                row.add(p.ratePerSecond() == null ? "" : num(p.ratePerSecond()));
                row.add(num(p.tps()));
                headline.forEach(h -> row.add(p.headline().containsKey(h) ? num(p.headline().get(h)) : ""));
                row.add(num(p.requestsPerSecond()));
                row.add(num(p.meanResponseMs()));
                row.add(p.gainPerDoublingPct() == null ? "" : num(p.gainPerDoublingPct()));
                SweepResult.Predicted m = p.mva();
                row.add(m == null ? "" : num(m.requestsPerSecond()));
                row.add(m == null ? "" : num(m.requestsErrorPct()));
                row.add(m == null ? "" : num(m.responseMs()));
                row.add(m == null ? "" : num(m.responseErrorPct()));
                for (String t : types) {
                    SweepResult.TypeFigures f = p.types().stream().filter(x -> x.name().equals(t)).findFirst().orElse(null);
                    row.add(f == null ? "" : num(f.perSecond()));
                    row.add(f == null ? "" : num(f.p50Ms()));
                    row.add(f == null ? "" : num(f.p90Ms()));
                    row.add(f == null ? "" : num(f.p99Ms()));
                }
                row.add(Boolean.toString(p.index() == r.peak().point()));
                row.add(Boolean.toString(r.knee().point() != null && p.index() == r.knee().point()));
                row.add(quote(p.verdict()));
                row.add(Boolean.toString(p.consistent()));
                row.add(Boolean.toString(p.incomplete()));
                row.add(quote(p.resultDir()));
                w.write(String.join(",", row));
                w.write("\n");
            }
        }
    }

    /**
     * A CSV column of a name, in snake_case like the others: "delivery (deferred)" is
     * delivery_deferred, a headline figure's id "efficiencyPct" efficiency_pct.
     */
    static String column(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_")
                .replaceAll("^_|_$", "");
    }

    static String num(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.4f", v);
    }

    /** RFC 4180: a field with a comma, quote or line break in double quotes, quotes doubled. */
    static String quote(String s) {
        if (s == null) {
            return "";
        }
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
