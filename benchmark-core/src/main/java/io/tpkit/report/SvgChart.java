package io.tpkit.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A line chart drawn as inline SVG, so the report needs no script and no network. Every point
 * carries its value in a {@code data-*} attribute and a tooltip, so what the chart shows can be
 * checked against result.json.
 */
final class SvgChart {
    private static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
            "#e377c2", "#17becf"};
    private static final int WIDTH = 900;
    private static final int HEIGHT = 260;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 20;
    private static final int BOTTOM = 40;

    /**
     * @param dashed drawn as a dashed line without dots (a model's curve rather than measurements)
     * @param color  its colour, or null for the next of the palette
     */
    record Series(String name, List<double[]> points, boolean dashed, String color) {
    }

    record Marker(double x, String label) {
    }

    record Band(double from, double to, String label) {
    }

    private final String id;
    private final String xLabel;
    private final String yLabel;
    private final List<Series> series = new ArrayList<>();
    private final List<Marker> markers = new ArrayList<>();
    private final List<Band> bands = new ArrayList<>();
    private boolean logX;
    private List<Double> fixedXTicks = List.of();
    private String markerUnit = " s";
    private String markerLegend = "server events (hover for details)";

    SvgChart(String id, String xLabel, String yLabel) {
        this.id = id;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    SvgChart series(String name, List<double[]> points) {
        List<double[]> finite = points.stream().filter(p -> Double.isFinite(p[0]) && Double.isFinite(p[1])).toList();
        if (!finite.isEmpty()) {
            series.add(new Series(name, finite, false, null));
        }
        return this;
    }

    /** A series drawn dashed, without dots: a model's curve beside the measured points. */
    SvgChart dashedSeries(String name, List<double[]> points) {
        return dashedSeries(name, points, null);
    }

    /** A dashed series in a colour of its own ("#555"), e.g. the same for an interval's two bounds. */
    SvgChart dashedSeries(String name, List<double[]> points, String color) {
        List<double[]> finite = points.stream().filter(p -> Double.isFinite(p[0]) && Double.isFinite(p[1])).toList();
        if (!finite.isEmpty()) {
            series.add(new Series(name, finite, true, color));
        }
        return this;
    }

    /** Ticks of the x axis at these values (the swept values, whole repetitions) instead of evenly spaced ones. */
    SvgChart xTicks(List<Double> values) {
        fixedXTicks = List.copyOf(values);
        return this;
    }

    /** A logarithmic x axis (base 2, ticks at powers of two): for concurrency that doubles from point to point. */
    SvgChart logX() {
        logX = true;
        return this;
    }

    /** How markers are named: the unit after their x in the tooltip, and their entry in the legend. */
    SvgChart markerText(String unit, String legend) {
        markerUnit = unit;
        markerLegend = legend;
        return this;
    }

    private double tx(double x) {
        return logX ? Math.log(x) / Math.log(2) : x;
    }

    SvgChart marker(double x, String label) {
        markers.add(new Marker(x, label));
        return this;
    }

    SvgChart band(double from, double to, String label) {
        if (to > from) {
            bands.add(new Band(from, to, label));
        }
        return this;
    }

    boolean isEmpty() {
        return series.isEmpty();
    }

    String render() {
        double xMin = Double.MAX_VALUE;
        double xMax = -Double.MAX_VALUE;
        double yMax = 0;
        for (Series s : series) {
            for (double[] p : s.points()) {
                xMin = Math.min(xMin, p[0]);
                xMax = Math.max(xMax, p[0]);
                yMax = Math.max(yMax, p[1]);
            }
        }
        if (xMax <= xMin) {
            xMax = xMin + 1;
        }
        yMax = niceCeiling(yMax);
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        if (logX && !(xMin > 0)) {
            logX = false; // no logarithm of 0: the linear axis still shows everything
        }
        double fx0 = tx(xMin);
        double fxs = plotW / (tx(xMax) - tx(xMin));
        double fys = plotH / yMax;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg id=\"%s\" class=\"chart\" viewBox=\"0 0 %d %d\" "
                + "xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"%s\">%n", id, WIDTH, HEIGHT,
                Html.escape(yLabel + " over " + xLabel)));
        for (Band b : bands) {
            double x0 = LEFT + (tx(Math.max(b.from(), xMin)) - fx0) * fxs;
            double x1 = LEFT + (tx(Math.min(b.to(), xMax)) - fx0) * fxs;
            if (x1 > x0) {
                svg.append(String.format(Locale.ROOT, "<rect class=\"band\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%.1f\">"
                        + "<title>%s</title></rect>%n", x0, TOP, x1 - x0, plotH, Html.escape(b.label())));
                svg.append(String.format(Locale.ROOT, "<text class=\"band-label\" x=\"%.1f\" y=\"%d\">%s</text>%n",
                        x0 + 4, TOP + 12, Html.escape(b.label())));
            }
        }
        // axes and grid
        for (int i = 0; i <= 4; i++) {
            double v = yMax * i / 4;
            double y = TOP + plotH - v * fys;
            svg.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>"
                    + "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    LEFT, WIDTH - RIGHT, y, y, LEFT - 6, y + 4, tick(v)));
        }
        List<Double> xTicks = new ArrayList<>();
        for (double v : fixedXTicks) {
            if (v >= xMin && v <= xMax) {
                xTicks.add(v);
            }
        }
        if (xTicks.size() < 2) {
            xTicks.clear();
        }
        if (logX && xTicks.isEmpty()) {
            for (double v = Math.pow(2, Math.ceil(tx(xMin) - 1e-9)); v <= xMax * (1 + 1e-9); v *= 2) {
                xTicks.add(v);
            }
        }
        if (xTicks.size() < 2) {
            xTicks.clear();
            for (int i = 0; i <= 6; i++) {
                xTicks.add(logX ? Math.pow(2, tx(xMin) + (tx(xMax) - tx(xMin)) * i / 6) : xMin + (xMax - xMin) * i / 6);
            }
        }
        for (double v : xTicks) {
            double x = LEFT + (tx(v) - fx0) * fxs;
            svg.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    x, HEIGHT - BOTTOM + 16, tick(v)));
        }
        svg.append(String.format(Locale.ROOT, "<text class=\"axis\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                LEFT + (int) plotW / 2, HEIGHT - 6, Html.escape(xLabel)));
        svg.append(String.format(Locale.ROOT, "<text class=\"axis\" x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" "
                + "text-anchor=\"middle\">%s</text>%n", TOP + (int) plotH / 2, TOP + (int) plotH / 2, Html.escape(yLabel)));
        for (Marker m : markers) {
            if (m.x() < xMin || m.x() > xMax) {
                continue;
            }
            double x = LEFT + (tx(m.x()) - fx0) * fxs;
            svg.append(String.format(Locale.ROOT, "<line class=\"marker\" data-x=\"%s\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" "
                    + "y2=\"%.1f\"><title>%s</title></line>%n", num(m.x()), x, x, TOP, TOP + plotH,
                    Html.escape(m.label() + " at " + tick(m.x()) + markerUnit)));
        }
        List<String> colors = colors();
        int n = 0;
        for (Series s : series) {
            String color = colors.get(n++);
            StringBuilder path = new StringBuilder();
            for (double[] p : s.points()) {
                path.append(path.isEmpty() ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f",
                        LEFT + (tx(p[0]) - fx0) * fxs, TOP + plotH - Math.min(p[1], yMax) * fys));
            }
            svg.append(String.format("<g class=\"series\" data-series=\"%s\">%n", Html.escape(s.name())));
            svg.append(String.format("<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"%s/>%n", path, color,
                    s.dashed() ? " stroke-dasharray=\"6 4\"" : ""));
            for (double[] p : s.dashed() ? List.<double[]>of() : s.points()) {
                svg.append(String.format(Locale.ROOT, "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"1.8\" fill=\"%s\" "
                        + "data-x=\"%s\" data-y=\"%s\"><title>%s: %s at %s</title></circle>%n",
                        LEFT + (tx(p[0]) - fx0) * fxs, TOP + plotH - Math.min(p[1], yMax) * fys, color,
                        num(p[0]), num(p[1]), Html.escape(s.name()), tick(p[1]), tick(p[0])));
            }
            svg.append("</g>\n");
        }
        svg.append("</svg>\n");
        StringBuilder legend = new StringBuilder("<div class=\"legend\">");
        n = 0;
        for (Series s : series) {
            legend.append(String.format("<span><i style=\"background:%s\"></i>%s</span>", colors.get(n++),
                    Html.escape(s.name())));
        }
        if (!markers.isEmpty()) {
            legend.append("<span><i class=\"marker-key\"></i>").append(Html.escape(markerLegend)).append("</span>");
        }
        return svg + legend.append("</div>\n").toString();
    }

    /** Each series' colour: its own, or the palette's next for the series without one. */
    private List<String> colors() {
        List<String> out = new ArrayList<>();
        int next = 0;
        for (Series s : series) {
            out.add(s.color() != null ? s.color() : COLORS[next++ % COLORS.length]);
        }
        return out;
    }

    private static double niceCeiling(double v) {
        if (v <= 0) {
            return 1;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(v)));
        for (double step : new double[] {1, 2, 2.5, 5, 10}) {
            if (step * magnitude >= v) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }

    private static String tick(double v) {
        if (Math.abs(v) >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return Math.abs(v) >= 10 || v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, "%.2f", v);
    }

    /** The exact value, as in the CSV and result.json. */
    private static String num(double v) {
        return String.format(Locale.ROOT, "%s", v);
    }
}
