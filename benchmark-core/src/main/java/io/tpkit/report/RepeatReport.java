package io.tpkit.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.result.ResultWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * repeat.html of a set of repetitions, built from its repeat.json only: each figure's value in
 * every repetition with its mean and confidence interval drawn, and the statistics table.
 */
public final class RepeatReport {
    public static final String FILE = "repeat.html";

    private RepeatReport() {
    }

    public static Path write(Path folder) throws IOException {
        Path json = folder.resolve("repeat.json");
        if (!Files.exists(json)) {
            throw new io.tpkit.config.BadInputException(folder + " holds no repeat.json: give the folder of repetitions");
        }
        JsonNode r = ResultWriter.json().readTree(json.toFile());
        Path out = folder.resolve(FILE);
        Files.writeString(out, render(r), StandardCharsets.UTF_8);
        return out;
    }

    private static String render(JsonNode r) {
        StringBuilder html = new StringBuilder();
        JsonNode runs = r.path("runs");
        int level = (int) Math.round(100 * r.path("level").asDouble());
        String title = r.path("workload").asText() + ": " + runs.size() + " repetitions on " + r.path("product").asText()
                + " " + r.path("version").asText().split(" ")[0];
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(Html.escape(title))
                .append("</title><style>").append(Html.STYLE).append("</style></head><body>\n<h1>")
                .append(Html.escape(title)).append("</h1>\n<p class=\"sub\">").append(Html.escape(r.at("/target/kind")
                        .asText(r.at("/configuration/target").asText()))).append(", started ")
                .append(Html.escape(io.tpkit.history.HistoryText.second(r.path("startedAt").asText(null)))).append(". Seeds: ").append(Html.escape(r.path("seedPolicy")
                        .asText())).append(". Data: ").append(Html.escape(r.path("loadPolicy").asText())).append(".</p>\n");
        if (!r.at("/startingData/sameData").asBoolean(true)) {
            html.append("<p class=\"fail\" id=\"starting-data\">Not the same starting data: each repetition ran on "
                    + "the data as the previous one left it, so they are not independent draws.</p>\n");
        }
        if (r.path("incomplete").asBoolean()) {
            html.append("<p class=\"fail\">INCOMPLETE: interrupted; ").append(runs.size()).append(" of ")
                    .append(r.path("requested").asInt()).append(" repetitions ran, the last possibly cut short.</p>\n");
        }
        if (r.path("used").isObject()) {
            JsonNode u = r.path("used");
            boolean all = u.path("used").asInt() == u.path("given").asInt();
            html.append("<p id=\"used\" class=\"").append(all ? "pass" : "fail").append("\">Statistics of ")
                    .append(u.path("used").asInt()).append(" of ").append(u.path("given").asInt())
                    .append(" repetitions").append(all ? "." : ": incomplete, failed and inconsistent repetitions are "
                            + "counted, never averaged in; left out: " + Html.escape(String.join(", ", leftOut(runs))))
                    .append("</p>\n");
        }
        html.append("<h2>Spread</h2>\n<table id=\"statistics\"><tr><th>figure</th><th>n</th><th>mean</th><th>median</th>"
                + "<th>min</th><th>max</th><th>std dev</th><th>CV %</th><th>").append(level).append("% CI low</th><th>")
                .append(level).append("% CI high</th><th>&plusmn; % of mean</th></tr>\n");
        int i = 0;
        for (JsonNode s : r.path("statistics")) {
            JsonNode p = s.path("spread");
            String k = "statistics." + i++ + ".spread.";
            html.append("<tr><td title=\"").append(Html.escape(s.path("how").asText())).append("\">")
                    .append(Html.escape(s.path("figure").asText())).append("</td><td>").append(p.path("n").asInt())
                    .append("</td>");
            for (String f : List.of("mean", "median", "min", "max", "stddev", "cvPct", "low", "high")) {
                html.append("<td data-key=\"").append(k).append(f).append("\">")
                        .append(p.path(f).isNumber() ? RunReport.fmt(p.path(f).asDouble()) : "-").append("</td>");
            }
            double mean = p.path("mean").asDouble();
            html.append("<td>").append(p.path("halfWidth").isNumber() && mean != 0
                    ? String.format(Locale.ROOT, "%.1f", 100 * p.path("halfWidth").asDouble() / Math.abs(mean)) : "-")
                    .append("</td></tr>\n");
        }
        html.append("</table>\n<p class=\"sub\">CV: the sample standard deviation (n - 1) over the mean. CI: the mean "
                + "&plusmn; t &times; s / &radic;n, with t the two-sided Student t critical value for n - 1 degrees "
                + "of freedom at ").append(level).append("% (the repetitions taken as independent draws of a normally "
                + "distributed figure). Two configurations whose intervals overlap are not shown to differ.</p>\n");
        for (JsonNode s : r.path("statistics")) {
            String figure = s.path("figure").asText();
            if (figure.endsWith(" p90 ms") && !figure.equals(firstP90(r))) {
                continue; // one latency chart is enough; every type's figures are in the table
            }
            html.append("<h2>").append(Html.escape(figure)).append(" per repetition</h2>\n")
                    .append(chart(figure, s.path("spread"), runs, level));
        }
        html.append("<h2>Repetitions</h2>\n<table id=\"runs\"><tr><th>repetition</th><th>seed</th>");
        for (JsonNode s : r.path("statistics")) {
            html.append("<th>").append(Html.escape(s.path("figure").asText())).append("</th>");
        }
        html.append("<th>validity</th><th>consistency</th></tr>\n");
        int n = 0;
        for (JsonNode run : runs) {
            html.append("<tr><td><a href=\"").append(Html.escape(Path.of(run.path("resultDir").asText())
                    .resolve(RunReport.FILE).toUri().toString())).append("\">").append(run.path("index").asInt())
                    .append("</a></td><td>").append(run.path("seed").asLong()).append("</td>");
            for (JsonNode s : r.path("statistics")) {
                JsonNode v = run.path("values").path(s.path("figure").asText());
                html.append("<td data-key=\"runs.").append(n).append(".values.").append(Html.escape(s.path("figure")
                        .asText())).append("\">").append(v.isNumber() ? RunReport.fmt(v.asDouble()) : "-").append("</td>");
            }
            html.append("<td style=\"text-align:left\" title=\"").append(Html.escape(run.path("verdict").asText()))
                    .append("\">").append(Html.escape(SweepReport.shortVerdict(run.path("verdict").asText())))
                    .append(run.path("incomplete").asBoolean() ? " (INCOMPLETE)" : "")
                    .append(run.path("leftOut").isTextual() ? "; left out of the statistics: "
                            + Html.escape(run.path("leftOut").asText()) : "").append("</td><td class=\"")
                    .append(run.path("consistent").asBoolean() ? "pass\">passed" : "fail\">FAILED").append("</td></tr>\n");
            n++;
        }
        html.append("</table>\n<p class=\"sub\">Every figure is in repeat.json, repetitions.csv and statistics.csv; "
                + "each repetition's own files are in its result folder.</p>\n</body></html>\n");
        return html.toString();
    }

    /** "repetition 3 (incomplete)" for each repetition the statistics leave out. */
    private static List<String> leftOut(JsonNode runs) {
        List<String> out = new ArrayList<>();
        for (JsonNode run : runs) {
            if (run.path("leftOut").isTextual()) {
                out.add("repetition " + run.path("index").asInt() + " (" + run.path("leftOut").asText() + ")");
            }
        }
        return out;
    }

    private static String firstP90(JsonNode r) {
        for (JsonNode s : r.path("statistics")) {
            if (s.path("figure").asText().endsWith(" p90 ms")) {
                return s.path("figure").asText();
            }
        }
        return "";
    }

    private static String chart(String figure, JsonNode spread, JsonNode runs, int level) {
        List<double[]> values = new ArrayList<>();
        List<double[]> leftOut = new ArrayList<>();
        for (JsonNode run : runs) {
            JsonNode v = run.path("values").path(figure);
            if (v.isNumber()) {
                (run.path("leftOut").isTextual() ? leftOut : values).add(new double[] {run.path("index").asDouble(),
                        v.asDouble()});
            }
        }
        double first = runs.path(0).path("index").asDouble(1);
        double last = runs.path(runs.size() - 1).path("index").asDouble(1);
        List<Double> ticks = new ArrayList<>();
        values.forEach(v -> ticks.add(v[0]));
        leftOut.forEach(v -> ticks.add(v[0]));
        java.util.Collections.sort(ticks);
        SvgChart c = new SvgChart("repeat-" + figure.replaceAll("[^A-Za-z0-9]+", "-"), "repetition", figure)
                .xTicks(ticks)
                .series(leftOut.isEmpty() ? "each repetition" : "each repetition used", values)
                .dashedSeries("mean", flat(first, last, spread.path("mean").asDouble()), "#555555");
        if (!leftOut.isEmpty()) {
            c.series("left out of the statistics", leftOut);
        }
        if (spread.path("low").isNumber()) {
            c.dashedSeries(level + "% confidence interval, low", flat(first, last, spread.path("low").asDouble()), "#ff7f0e")
                    .dashedSeries(level + "% confidence interval, high", flat(first, last, spread.path("high").asDouble()),
                            "#ff7f0e");
        }
        return c.render();
    }

    private static List<double[]> flat(double from, double to, double y) {
        return List.of(new double[] {from, y}, new double[] {to == from ? from + 1 : to, y});
    }
}
