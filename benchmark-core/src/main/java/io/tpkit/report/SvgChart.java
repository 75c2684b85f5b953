package io.tpkit.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A line chart drawn as inline SVG, so the report needs no script and no network. Every point
 * carries its value in a {@code data-*} attribute and a tooltip, so what the chart shows can be
 * checked against result.json.
 *
 * <p>Axes have round ticks (1, 2 or 5 times a power of ten) and one unit each, named in their
 * label. A point whose value is not a number (a second in which nothing completed has no
 * latency) breaks its line: a gap, never a zero. Stalls are drawn as hatched bands over the plot.
 */
final class SvgChart {
    private static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
            "#e377c2", "#17becf"};
    static final int WIDTH = 900;
    private static final int HEIGHT = 260;
    private static final int LEFT = 74;
    private static final int RIGHT = 24;
    private static final int TOP = 20;
    private static final int BOTTOM = 40;

    /**
     * @param dashed drawn as a dashed line without dots (a model's curve rather than measurements)
     * @param color  its colour, or null for the next of the palette
     */
    record Series(String name, List<double[]> points, boolean dashed, String color) {
        boolean hasValues() {
            return points.stream().anyMatch(p -> Double.isFinite(p[1]));
        }
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
    private final List<Band> stalls = new ArrayList<>();
    private boolean logX;
    private boolean logY;
    private List<Double> fixedXTicks = List.of();
    private Map<Double, String> xTickLabels = Map.of();
    private Double xFrom;
    private String markerUnit = " s";
    private String markerLegend = "server events (hover for details)";
    private String stallLegend = "stall: nothing completed while requests were outstanding (hover for details)";

    SvgChart(String id, String xLabel, String yLabel) {
        this.id = id;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    /** Measured points; a point whose y is not a number is a gap in the line. */
    SvgChart series(String name, List<double[]> points) {
        List<double[]> kept = points.stream().filter(p -> Double.isFinite(p[0])).toList();
        Series s = new Series(name, kept, false, null);
        if (s.hasValues()) {
            series.add(s);
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

    /** Ticks of the x axis at these values (the swept values, whole repetitions) instead of round ones. */
    SvgChart xTicks(List<Double> values) {
        fixedXTicks = List.copyOf(values);
        return this;
    }

    /** Ticks of the x axis at these values, each with its own label (a percentile axis: "99.9"). */
    SvgChart xTicks(Map<Double, String> labelled) {
        fixedXTicks = List.copyOf(labelled.keySet());
        xTickLabels = new LinkedHashMap<>(labelled);
        return this;
    }

    /** The x axis starts here (0 for seconds since the start) rather than at the first point. */
    SvgChart xFrom(double x) {
        xFrom = x;
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

    /**
     * A logarithmic y axis (ticks at 1, 2 and 5 times powers of ten): for response times from a
     * median of milliseconds to a maximum of seconds. Values of 0 or less are left out.
     */
    SvgChart logY() {
        logY = true;
        return this;
    }

    private double tx(double x) {
        return logX ? Math.log(x) / Math.log(2) : x;
    }

    SvgChart marker(double x, String label) {
        markers.add(new Marker(x, label));
        return this;
    }

    /** A shaded stretch of the x axis: a phase other than the measurement. */
    SvgChart band(double from, double to, String label) {
        if (to > from) {
            bands.add(new Band(from, to, label));
        }
        return this;
    }

    /** A stretch in which nothing completed while requests were outstanding, hatched in red. */
    SvgChart stall(double from, double to, String label) {
        if (to > from) {
            stalls.add(new Band(from, to, label));
        }
        return this;
    }

    /** The legend's words for the stall bands (a comparison names the run they belong to). */
    SvgChart stallLegend(String legend) {
        stallLegend = legend;
        return this;
    }

    boolean isEmpty() {
        return series.isEmpty();
    }

    /** Whether some series has two points to draw a line between: a run of a second or less has none. */
    boolean hasLine() {
        return series.stream().anyMatch(s -> s.points().stream().filter(p -> Double.isFinite(p[1])).count() >= 2);
    }

    /** Round steps for about {@code target} intervals over {@code range}: 1, 2 or 5 times a power of ten. */
    static double niceStep(double range, int target) {
        if (!(range > 0) || !Double.isFinite(range)) {
            return 1;
        }
        double raw = range / target;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double best = magnitude;
        for (double m : new double[] {1, 2, 5, 10}) {
            // the step whose number of intervals comes closest to the target
            if (Math.abs(range / (m * magnitude) - target) < Math.abs(range / best - target) - 1e-9) {
                best = m * magnitude;
            }
        }
        return best;
    }

    /** The round ticks from the first multiple of the step at or above {@code from} to {@code to}. */
    static List<Double> niceTicks(double from, double to, double step) {
        List<Double> ticks = new ArrayList<>();
        for (long k = (long) Math.ceil(from / step - 1e-9); k * step <= to + step * 1e-9; k++) {
            ticks.add(k * step);
        }
        return ticks;
    }

    /** A tick's label, with as many decimals as its axis' step needs, the same for every tick of the axis. */
    static String tick(double v, double step) {
        int decimals = step >= 1 ? 0 : (int) Math.ceil(-Math.log10(step) - 1e-9);
        return String.format(Locale.ROOT, "%,." + decimals + "f", v == 0 ? 0.0 : v);
    }

    String render() {
        double xMin = Double.MAX_VALUE;
        double xMax = -Double.MAX_VALUE;
        double yMax = 0;
        for (Series s : series) {
            for (double[] p : s.points()) {
                xMin = Math.min(xMin, p[0]);
                xMax = Math.max(xMax, p[0]);
                if (Double.isFinite(p[1])) {
                    yMax = Math.max(yMax, p[1]);
                }
            }
        }
        if (xFrom != null && xFrom < xMin) {
            xMin = xFrom;
        }
        if (xMax <= xMin) {
            xMax = xMin + 1;
        }
        double yMin = 0;
        double yMinPositive = Double.MAX_VALUE;
        for (Series s : series) {
            for (double[] p : s.points()) {
                if (p[1] > 0 && Double.isFinite(p[1])) {
                    yMinPositive = Math.min(yMinPositive, p[1]);
                }
            }
        }
        if (logY && !(yMinPositive < Double.MAX_VALUE && yMax > 0)) {
            logY = false;
        }
        List<Double> yTicks;
        double yStep = niceStep(yMax > 0 ? yMax : 1, 5);
        if (logY) {
            yMin = Math.pow(10, Math.floor(Math.log10(yMinPositive) + 1e-9));
            yMax = Math.max(yMin * 10, niceAbove(yMax));
            if (Math.log10(yMax / yMin) > 3 + 1e-9) {
                yMax = Math.pow(10, Math.ceil(Math.log10(yMax) - 1e-9)); // powers of ten only: end on one
            }
            yTicks = logTicks(yMin, yMax);
        } else {
            yMax = Math.max(yStep, Math.ceil(yMax / yStep - 1e-9) * yStep);
            yTicks = niceTicks(0, yMax, yStep);
        }
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        if (logX && !(xMin > 0)) {
            logX = false; // no logarithm of 0: the linear axis still shows everything
        }
        double fx0 = tx(xMin);
        double fxs = plotW / (tx(xMax) - tx(xMin));
        final double y0 = logY ? Math.log10(yMin) : 0;
        final double fys = plotH / ((logY ? Math.log10(yMax) : yMax) - y0);
        final boolean log = logY;
        final double top = yMax;
        java.util.function.DoubleUnaryOperator py = v -> TOP + plotH - ((log ? Math.log10(Math.min(v, top))
                : Math.min(v, top)) - y0) * fys;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg id=\"%s\" class=\"chart\" viewBox=\"0 0 %d %d\" data-points=\"@POINTS@\" "
                + "xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"%s\">%n", id, WIDTH, HEIGHT,
                Html.escape(yLabel + " over " + xLabel)));
        svg.append("<defs><pattern id=\"").append(id).append("-hatch\" patternUnits=\"userSpaceOnUse\" width=\"6\" "
                + "height=\"6\" patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#fde8ea\"/>"
                + "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#e57373\" stroke-width=\"2\"/></pattern></defs>\n");
        for (Band b : bands) {
            double x0 = LEFT + (tx(Math.max(b.from(), xMin)) - fx0) * fxs;
            double x1 = LEFT + (tx(Math.min(b.to(), xMax)) - fx0) * fxs;
            if (x1 > x0) {
                svg.append(String.format(Locale.ROOT, "<rect class=\"band\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%.1f\">"
                        + "<title>%s</title></rect>%n", x0, TOP, x1 - x0, plotH, Html.escape(b.label())));
                if (x1 - x0 > 40) {
                    svg.append(String.format(Locale.ROOT, "<text class=\"band-label\" x=\"%.1f\" y=\"%d\">%s</text>%n",
                            x0 + 4, TOP + 12, Html.escape(b.label())));
                }
            }
        }
        int shownStalls = 0;
        for (Band b : stalls) {
            double x0 = LEFT + (tx(Math.max(b.from(), xMin)) - fx0) * fxs;
            double x1 = LEFT + (tx(Math.min(b.to(), xMax)) - fx0) * fxs;
            if (x1 > x0) {
                shownStalls++;
                // at least 3 px wide, so that a one-second stall in an hour's chart is still seen
                double w = Math.max(3, x1 - x0);
                svg.append(String.format(Locale.ROOT, "<rect class=\"stall\" data-from=\"%s\" data-to=\"%s\" x=\"%.1f\" "
                        + "y=\"%d\" width=\"%.1f\" height=\"%.1f\" fill=\"url(#%s-hatch)\"><title>%s</title></rect>%n",
                        num(b.from()), num(b.to()), Math.min(x0, LEFT + plotW - w), TOP, w, plotH, id,
                        Html.escape(b.label())));
            }
        }
        // axes and grid: round values on both axes
        for (double v : yTicks) {
            double y = py.applyAsDouble(v);
            svg.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>"
                    + "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    LEFT, WIDTH - RIGHT, y, y, LEFT - 6, y + 4, tick(v, logY ? Math.min(v, 1) : yStep)));
        }
        List<Double> xTicks = new ArrayList<>();
        for (double v : fixedXTicks) {
            if (v >= xMin - 1e-9 && v <= xMax + 1e-9) {
                xTicks.add(v);
            }
        }
        if (xTicks.size() < 2 && xTickLabels.isEmpty()) {
            xTicks.clear();
        }
        if (logX && xTicks.isEmpty()) {
            for (double v = Math.pow(2, Math.ceil(tx(xMin) - 1e-9)); v <= xMax * (1 + 1e-9); v *= 2) {
                xTicks.add(v);
            }
        }
        double xStep = niceStep(xMax - xMin, 7);
        if (xTicks.size() < 2 && xTickLabels.isEmpty()) {
            xTicks.clear();
            xTicks.addAll(niceTicks(xMin, xMax, xStep));
        } else if (!fixedXTicks.isEmpty()) {
            xStep = smallestGap(xTicks);
        }
        for (double v : xTicks) {
            double x = LEFT + (tx(v) - fx0) * fxs;
            String label = xTickLabels.containsKey(v) ? xTickLabels.get(v) : logX ? tick(v, v >= 1 ? 1 : v) : tick(v, xStep);
            svg.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>"
                    + "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    x, x, TOP + plotH, TOP + plotH + 4, x, HEIGHT - BOTTOM + 16, Html.escape(label)));
        }
        svg.append(String.format(Locale.ROOT, "<line class=\"axis-line\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>%n",
                LEFT, WIDTH - RIGHT, TOP + plotH, TOP + plotH));
        svg.append(String.format(Locale.ROOT, "<text class=\"axis\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                LEFT + (int) plotW / 2, HEIGHT - 6, Html.escape(xLabel)));
        svg.append(String.format(Locale.ROOT, "<text class=\"axis\" x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" "
                + "text-anchor=\"middle\">%s</text>%n", TOP + (int) plotH / 2, TOP + (int) plotH / 2, Html.escape(yLabel)));
        int shownMarkers = 0;
        for (Marker m : markers) {
            if (m.x() < xMin || m.x() > xMax) {
                continue;
            }
            shownMarkers++;
            double x = LEFT + (tx(m.x()) - fx0) * fxs;
            svg.append(String.format(Locale.ROOT, "<line class=\"marker\" data-x=\"%s\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" "
                    + "y2=\"%.1f\"><title>%s</title></line>%n", num(m.x()), x, x, TOP, TOP + plotH,
                    Html.escape(m.label() + " at " + value(m.x()) + markerUnit)));
        }
        List<String> colors = colors();
        int n = 0;
        int points = 0;
        for (Series s : series) {
            String color = colors.get(n++);
            StringBuilder path = new StringBuilder();
            boolean pen = false;
            for (double[] p : s.points()) {
                if (!drawn(p[1])) {
                    pen = false; // a gap: nothing to draw for this point
                    continue;
                }
                path.append(path.isEmpty() ? "" : " ").append(pen ? "L" : "M").append(String.format(Locale.ROOT,
                        "%.1f %.1f", LEFT + (tx(p[0]) - fx0) * fxs, py.applyAsDouble(p[1])));
                pen = true;
            }
            svg.append(String.format("<g class=\"series\" data-series=\"%s\">%n", Html.escape(s.name())));
            svg.append(String.format("<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"%s/>%n", path, color,
                    s.dashed() ? " stroke-dasharray=\"6 4\"" : ""));
            for (double[] p : s.dashed() ? List.<double[]>of() : s.points()) {
                if (!drawn(p[1])) {
                    continue;
                }
                points++;
                svg.append(String.format(Locale.ROOT, "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"1.8\" fill=\"%s\" "
                        + "data-x=\"%s\" data-y=\"%s\"><title>%s: %s at %s</title></circle>%n",
                        LEFT + (tx(p[0]) - fx0) * fxs, py.applyAsDouble(p[1]), color,
                        num(p[0]), num(p[1]), Html.escape(s.name()), value(p[1]), value(p[0])));
            }
            svg.append("</g>\n");
        }
        svg.append("</svg>\n");
        int at = svg.indexOf("@POINTS@");
        svg.replace(at, at + "@POINTS@".length(), Integer.toString(points));
        StringBuilder legend = new StringBuilder("<div class=\"legend\">");
        n = 0;
        for (Series s : series) {
            legend.append(String.format("<span><i style=\"background:%s\"></i>%s</span>", colors.get(n++),
                    Html.escape(s.name())));
        }
        if (shownMarkers > 0) {
            legend.append("<span><i class=\"marker-key\"></i>").append(Html.escape(markerLegend)).append("</span>");
        }
        if (shownStalls > 0) {
            legend.append("<span><i class=\"stall-key\"></i>").append(Html.escape(stallLegend)).append("</span>");
        }
        return svg + legend.append("</div>\n").toString();
    }

    /** Whether a value can be drawn: a number, and above 0 on a logarithmic axis. */
    private boolean drawn(double y) {
        return Double.isFinite(y) && (!logY || y > 0);
    }

    /** The smallest of 1, 2 or 5 times a power of ten at or above {@code v}. */
    static double niceAbove(double v) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * magnitude >= v * (1 - 1e-9)) {
                return m * magnitude;
            }
        }
        return 10 * magnitude;
    }

    /** Ticks of a logarithmic axis: 1, 2 and 5 times each power of ten, or the powers alone over many decades. */
    static List<Double> logTicks(double from, double to) {
        List<Double> ticks = new ArrayList<>();
        boolean many = Math.log10(to / from) > 3 + 1e-9;
        for (double decade = from; decade <= to * (1 + 1e-9); decade *= 10) {
            for (double m : many ? new double[] {1} : new double[] {1, 2, 5}) {
                double v = decade * m;
                if (v >= from * (1 - 1e-9) && v <= to * (1 + 1e-9)) {
                    ticks.add(v);
                }
            }
        }
        return ticks;
    }

    private static double smallestGap(List<Double> ticks) {
        double gap = Double.MAX_VALUE;
        for (int i = 1; i < ticks.size(); i++) {
            gap = Math.min(gap, Math.abs(ticks.get(i) - ticks.get(i - 1)));
        }
        return gap == Double.MAX_VALUE || gap <= 0 ? 1 : gap;
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

    /** A value in a tooltip: three significant digits at least, thousands separated. */
    private static String value(double v) {
        if (Math.abs(v) >= 100 || v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return Math.abs(v) >= 10 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.2f", v);
    }

    /** The exact value, as in the CSV and result.json. */
    private static String num(double v) {
        return String.format(Locale.ROOT, "%s", v);
    }
}
