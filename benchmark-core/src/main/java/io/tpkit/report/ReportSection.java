package io.tpkit.report;

import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.Stalls;
import io.tpkit.result.ConfigurationSection;
import io.tpkit.result.DatabaseSection;
import io.tpkit.result.EnvironmentSection;
import io.tpkit.result.RunResult;
import io.tpkit.result.Sections;
import io.tpkit.result.WorkloadSection;
import io.tpkit.result.Units;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * What the sections of report.html share: the run's result, the page they write into, the
 * run's sections read as empty when an older result.json lacks them, and how a figure is
 * written. A section is used by {@link RunReport} only, never by another section.
 */
abstract class ReportSection {
    final RunResult result;
    final StringBuilder html;

    ReportSection(RunResult result, StringBuilder html) {
        this.result = result;
        this.html = html;
    }

    /** "1 terminal", "4 connections"; the text as recorded when it is no count. */
    static String counted(String n, String unit) {
        try {
            return Units.of(Long.parseLong(n.trim()), unit);
        } catch (NumberFormatException e) {
            return n + " " + unit;
        }
    }

    /** "Stalls: 1, 1.0 s in all; the longest ...": the top of the page and the run's table both say it. */
    static String stallsText(Stalls s) {
        return "Stalls: " + s.count() + ", " + Units.duration(s.totalSeconds()) + " in all; the longest "
                + Units.duration(s.longestSeconds()) + " from " + Units.figure(s.longestFrom()).replace(".00", "")
                + " s after the start";
    }

    /** A section an older result.json lacks reads as empty. */
    static <T> List<T> each(List<T> list) {
        return list == null ? List.of() : list;
    }

    static <K, V> Map<K, V> each(Map<K, V> map) {
        return map == null ? Map.of() : map;
    }

    /** A value of one of the open sections (a workload's parameters) as text; "" when absent. */
    static String text(Map<String, ?> section, String key) {
        return text(section.get(key));
    }

    /** A recorded value as text; "" when not recorded. */
    static String text(Object value) {
        return value == null ? "" : value.toString();
    }

    /** The run's configuration; all unknown when the result has none. */
    ConfigurationSection configuration() {
        return result.configuration() != null ? result.configuration() : Sections.empty(ConfigurationSection.class);
    }

    /** The run's database; all unknown when the result has none. */
    DatabaseSection database() {
        return result.database() != null ? result.database() : Sections.empty(DatabaseSection.class);
    }

    /** The run's workload; all unknown when the result has none. */
    WorkloadSection workload() {
        return result.workload() != null ? result.workload() : Sections.empty(WorkloadSection.class);
    }

    /** The driver's machine; all unknown when the result has none. */
    EnvironmentSection environment() {
        return result.environment() != null ? result.environment() : Sections.empty(EnvironmentSection.class);
    }

    /** The workload's own parameters; empty when not recorded. */
    Map<String, Object> parameters() {
        return each(workload().parameters());
    }

    /** "2026-11-24 07:32:47 UTC" from the ISO time result.json records. */
    static String when(String iso) {
        if (iso == null) {
            return "";
        }
        try {
            OffsetDateTime t = OffsetDateTime.parse(iso);
            return t.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT))
                    + (t.getOffset().getTotalSeconds() == 0 ? " UTC" : " UTC" + t.getOffset());
        } catch (DateTimeParseException e) {
            return iso;
        }
    }

    /** "1 warehouse", "10 branches": the scale in the workload's own unit, else "scale N". */
    String scale() {
        Object scale = parameters().get("scale");
        if (scale == null) {
            scale = configuration().scale();
        }
        if (!(scale instanceof Number n)) {
            return "scale " + (scale == null ? "not recorded" : scale);
        }
        String unit = scaleUnit();
        return unit == null ? "scale " + n.longValue() : Units.of(n.longValue(), unit);
    }

    /**
     * The workload's unit of scale ("warehouses"): the workload's own when this tpkit has it,
     * else the parameter that holds the scale under its unit's name ("warehouses": 2), else null.
     */
    String scaleUnit() {
        try {
            return io.tpkit.spi.Plugins.workload(text(workload().name())).scaleUnit();
        } catch (RuntimeException | java.util.ServiceConfigurationError e) {
            Map<String, Object> p = parameters();
            Object scale = p.get("scale");
            for (Map.Entry<String, Object> e2 : p.entrySet()) {
                if (!e2.getKey().equals("scale") && e2.getKey().matches("[a-z]+s") && scale != null
                        && scale.equals(e2.getValue())) {
                    return e2.getKey();
                }
            }
            return null;
        }
    }

    /** The percentiles of the tables and the distribution chart, by their names in result.json. */
    static final Map<String, Function<LatencySummary, Double>> PERCENTILES = new LinkedHashMap<>();

    static {
        PERCENTILES.put("p50Ms", LatencySummary::p50Ms);
        PERCENTILES.put("p90Ms", LatencySummary::p90Ms);
        PERCENTILES.put("p95Ms", LatencySummary::p95Ms);
        PERCENTILES.put("p99Ms", LatencySummary::p99Ms);
        PERCENTILES.put("p999Ms", LatencySummary::p999Ms);
        PERCENTILES.put("maxMs", LatencySummary::maxMs);
    }

    /** A measured figure's cell, its data-key the figure's path in result.json. */
    void cell(String key, double value) {
        html.append("<td data-key=\"").append(key).append("\">").append(fmt(value)).append("</td>");
    }

    /** A count's cell, written as an integer. */
    void countCell(String key, long value) {
        html.append("<td data-key=\"").append(key).append("\">").append(Units.count(value)).append("</td>");
    }

    /**
     * A measured quantity: thousands separators and always two decimals, also when it happens to
     * be whole (a rate of exactly 1918 per second is "1,918.00"), so that the page reads one way;
     * counts are written as integers. The page rounds, result.json keeps the exact value.
     */
    static String fmt(double v) {
        return Units.figure(v);
    }
}
