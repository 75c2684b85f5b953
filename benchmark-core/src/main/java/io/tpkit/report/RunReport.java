package io.tpkit.report;

import io.tpkit.result.ResultReader;
import io.tpkit.result.RunResult;
import io.tpkit.result.Units;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * report.html of one run: a self-contained page (inline SVG and CSS, no script, no network)
 * built from the run's {@link RunResult} and the CSV files of its result folder. A run renders it
 * from the result.json it has just written, {@code tpkit report DIR} from the result.json it
 * finds, both read back into the typed result: the page is the same either way. It stands on its
 * own when sent to someone: what ran, on which server, with which settings and data, and how it
 * went, in words and human units; an interrupted run and a part of a split run say so on top.
 *
 * <p>The page is written section by section, in the page's order, by classes of this package
 * that each know one section ({@link Summary}, {@link RunFacts}, {@link MonitorCharts}...);
 * this class only composes them.
 */
public final class RunReport {
    static final String FILE = "report.html";

    private final RunResult result;
    private final CsvTable series;
    private final CsvTable monitor;
    /** The folder holds the libraries' messages (driver.log). */
    private final boolean driverLog;
    private final StringBuilder html = new StringBuilder();

    private RunReport(RunResult result, CsvTable series, CsvTable monitor, boolean driverLog) {
        this.result = result;
        this.series = series;
        this.monitor = monitor;
        this.driverLog = driverLog;
    }

    /**
     * Writes {@code report.html} into {@code folder} from its result.json (read into the typed
     * result), timeseries.csv and monitor.csv.
     *
     * @throws io.tpkit.config.BadInputException when the folder holds no result.json this version reads
     */
    public static Path write(Path folder) throws IOException {
        if (!Files.exists(folder.resolve(ResultReader.FILE))) {
            throw new io.tpkit.config.BadInputException(folder + " holds no result.json: give a tpkit result folder");
        }
        Path out = folder.resolve(FILE);
        Files.writeString(out, render(folder, ResultReader.read(folder)), StandardCharsets.UTF_8);
        return out;
    }

    /** The page of {@code result}, with the per-second figures of the CSV files in {@code folder}. */
    public static String render(Path folder, RunResult result) throws IOException {
        return new RunReport(result, CsvTable.read(folder.resolve("timeseries.csv")),
                CsvTable.read(folder.resolve("monitor.csv")), io.tpkit.result.DriverLog.written(folder)).render();
    }

    private String render() {
        PageFrame frame = new PageFrame(result, html);
        frame.open();
        new Summary(result, html, driverLog).write();
        new HeadlineTable(result, html).write();
        new RunFacts(result, html).write();
        new TypeTable(result, html).write();
        new CostSection(result, html).write();
        new IterationSection(result, html).write();
        new TimeCharts(result, html, series).write();
        new LatencyDistribution(result, html).write();
        new MonitorCharts(result, html, series, monitor).write();
        new ChecksAndRules(result, html).write();
        new ServerAndDriver(result, html).write();
        frame.close();
        return html.toString();
    }

    /** Connections lost, attempts refused by class, and how long fewer worked than asked. */
    public static String connectionsText(io.tpkit.metrics.Connections c) {
        return Summary.connectionsText(c);
    }

    /** When the monitor did not read the server. */
    public static String gapsText(io.tpkit.monitor.MonitorSummary m) {
        return Summary.gapsText(m);
    }

    /** The committed per second of timeseries.csv, all types, with a second split at a phase change made whole. */
    static List<double[]> throughput(CsvTable series) {
        return TimeSeries.throughput(series);
    }

    /**
     * A measured quantity: thousands separators and always two decimals, also when it happens to
     * be whole (a rate of exactly 1918 per second is "1,918.00"), so that the page reads one way;
     * counts are written as integers. The page rounds, result.json keeps the exact value.
     */
    public static String fmt(double v) {
        return Units.figure(v);
    }
}
