package io.tpkit.sweep;

import io.tpkit.analysis.Knee;
import io.tpkit.analysis.QueueingModel;
import io.tpkit.result.RunResult;
import io.tpkit.runner.StartingData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A finished sweep, as written to sweep.json: every point's figures (taken from its own
 * result.json), the peak, the knee and the queueing model's prediction.
 *
 * @param tool          always "tpkit sweep", so that a reader can tell the file
 * @param axis          what varied: connections, terminals, rate or threads
 * @param figure        the throughput the peak and the knee are found from: TPS, or the workload's
 *                      own ({@link io.tpkit.spi.workload.Workload#throughputFigure()})
 * @param configuration the configuration common to every point (the swept key left out)
 * @param target        the target, as each point's result.json describes it
 * @param order         the order the points ran in: increasing, or shuffled with its seed
 * @param runOrder      the values of the points that ran, in the order they ran
 * @param startingData  what each point started from: the same data (restored from a copy or
 *                      reloaded before it) or the data the earlier points left ({@link StartingData});
 *                      null in sweeps written before it was recorded
 * @param data          the same in words, saying so when the points did not start from the same data
 * @param points        in increasing value of the axis
 * @param incomplete    the sweep was interrupted: points are missing or the last one is cut short
 * @param folder        the sweep's own folder
 */
public record SweepResult(String tool, String workload, String axis, List<Double> values, Sweep.Order order,
                          List<Double> runOrder, Figure figure, String startedAt, String finishedAt,
                          Map<String, Object> configuration, Map<String, Object> target,
                          StartingData.Summary startingData, String data,
                          String product, String version, List<Point> points, Peak peak, KneeFinding knee,
                          Model model, boolean incomplete, String folder) {
    public static final String TOOL = "tpkit sweep";
    public static final String FILE = "sweep.json";

    /**
     * One point.
     *
     * @param value             the axis' value
     * @param tps               committed transactions per second of the measurement interval (wall clock)
     * @param headline          the values of the workload's headline figures by id, as in the point's
     *                          result.json (TPC-C: {@code nopm}...)
     * @param requestsPerSecond interactions completed per second (committed and business
     *                          rollbacks of the types a terminal waits for): what the model predicts
     * @param meanResponseMs    their mean response time (from the intended start)
     * @param types             per transaction type
     * @param gainPerDoublingPct the TPS gain per doubling of the axis from the previous point
     * @param mva               the model's prediction for this point, or null
     * @param resultDir         the point's own result folder
     */
    public record Point(int index, double value, String arrival, int connections, int terminals,
                        Double ratePerSecond, double tps, Map<String, Double> headline, double requestsPerSecond,
                        double meanResponseMs, List<TypeFigures> types, Double gainPerDoublingPct, Predicted mva,
                        String verdict, boolean consistent, boolean incomplete, String resultDir) {
    }

    /** A transaction type at one point: committed per second and response-time percentiles (ms). */
    public record TypeFigures(String name, double perSecond, double meanMs, double p50Ms, double p90Ms,
                              double p99Ms) {
    }

    /**
     * The model at one point, against the measurement (errors in percent of the measured value:
     * (predicted - measured) / measured).
     */
    public record Predicted(double requestsPerSecond, double responseMs, double requestsErrorPct,
                            double responseErrorPct) {
    }

    /**
     * The throughput the peak and the knee are found from.
     *
     * @param id    {@code tps}, or the id of the headline figure in each point's {@code headline}
     * @param label in words, short enough for a column ("TPS", "creates/s mean")
     */
    public record Figure(String id, String label) {
        static final Figure TPS = new Figure("tps", "TPS");

        boolean isTps() {
            return id.equals(TPS.id);
        }
    }

    /**
     * The point with the highest {@link Figure}; {@code atEnd}: it is the last point, so the peak
     * may lie beyond the sweep.
     *
     * @param tps         the peak point's TPS
     * @param figureValue the peak point's figure (its TPS when the figure is TPS)
     */
    public record Peak(int point, double value, double tps, double figureValue, boolean atEnd) {
    }

    /**
     * @param point      the knee's point index, or null when not reached
     * @param value      its value of the axis, or null
     * @param definition the rule, in words
     */
    public record KneeFinding(Integer point, Double value, double thresholdPct, String definition,
                              String explanation) {
    }

    /**
     * The queueing model: its inputs (from the first point), its curve over the axis and the
     * mean absolute errors over the points after the first (the model fits the first, where its
     * demands are measured, by construction; null with no other point); {@code absentBecause}
     * says why there is none.
     *
     * @param alternative the same model with the other demand treated the other way (a queue
     *                    instead of a delay, or the reverse): where commits share flushes only in
     *                    part, the two bracket what the system does
     */
    public record Model(QueueingModel.Inputs inputs, List<CurvePoint> curve, Double meanAbsRequestsErrorPct,
                        Double meanAbsResponseErrorPct, Alternative alternative, String absentBecause) {
    }

    /** The model with the other demand as {@code other}: its curve and mean absolute errors. */
    public record Alternative(String other, List<CurvePoint> curve, Double meanAbsRequestsErrorPct,
                              Double meanAbsResponseErrorPct) {
    }

    /** The model at one value of the axis. */
    public record CurvePoint(double x, int terminals, int connections, double requestsPerSecond, double responseMs) {
    }

    static final String KNEE_DEFINITION = "the first point k after which every later point j has TPS(j) < TPS(k) "
            + "x (1 + g)^log2(x(j) / x(k)) (less than g more throughput per doubling of the axis, measured from k) "
            + "while the mean response time at the last point is above k's; the last point is never the knee";

    /**
     * Builds the sweep's figures from its points' results.
     *
     * @param think  the terminals' mean keying + think time per transaction (0 for streams)
     * @param source where {@code think} comes from, in words
     */
    static SweepResult of(Sweep sweep, List<RunResult> runs, double think, String source, Map<String, Object> target,
                          String startedAt, String finishedAt, boolean interrupted, String folder) {
        return of(sweep, runs, null, think, source, target, startedAt, finishedAt, interrupted, folder);
    }

    /** The first {@code runs.size()} points of the sweep, run in increasing order. */
    static SweepResult of(Sweep sweep, List<RunResult> runs, String figureId, double think, String source,
                          Map<String, Object> target, String startedAt, String finishedAt, boolean interrupted,
                          String folder) {
        List<Double> done = sweep.values().subList(0, runs.size());
        return of(sweep, done, runs, done, null, figureId, think, source, target, startedAt, finishedAt, interrupted,
                folder);
    }

    /**
     * @param done     the values of the points that ran, increasing (all of the sweep's unless it
     *                 was interrupted)
     * @param runs     their results, in the same order
     * @param runOrder the values in the order the points ran
     * @param data     what the points started from
     * @param figureId the id of the headline figure that is the workload's throughput, or null
     *                 for TPS
     */
    static SweepResult of(Sweep sweep, List<Double> done, List<RunResult> runs, List<Double> runOrder,
                          StartingData.Summary data, String figureId, double think, String source,
                          Map<String, Object> target, String startedAt, String finishedAt, boolean interrupted,
                          String folder) {
        if (runs.isEmpty() || runs.size() != done.size()) {
            throw new IllegalArgumentException("no points, or not one value per point");
        }
        SweepAxis axis = sweep.axis();
        Figure figure = figureId == null ? Figure.TPS : new Figure(figureId, label(runs.getFirst(), figureId));
        List<Knee.Point> kneePoints = new ArrayList<>();
        List<QueueingModel.Measured> measured = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            RunResult r = runs.get(i);
            QueueingModel.Measured m = QueueingModel.measured(r);
            measured.add(m);
            kneePoints.add(new Knee.Point(done.get(i), figure(r, figure), m.responseMs()));
        }
        Knee.Finding finding = Knee.find(kneePoints, sweep.kneeGainPct(), axis.label());

        String absent = null;
        QueueingModel.Inputs inputs = null;
        boolean paced = axis == SweepAxis.RATE || sweep.base().ratePerSecond() > 0;
        if (paced) {
            absent = "a paced sweep (--rate) offers a fixed arrival rate, an open workload: the closed network's "
                    + "model does not apply";
        } else if (runs.getFirst().metrics().incomplete()) {
            absent = "the first point, where the demands are measured, was interrupted";
        } else {
            try {
                inputs = QueueingModel.inputs(runs.getFirst(), think, source, sweep.mvaOther());
                if (axis.reloadsEveryPoint()) {
                    inputs = inputs.withNote(GROWING_TABLES);
                }
            } catch (IllegalArgumentException e) {
                absent = e.getMessage();
            }
        }
        List<Point> points = new ArrayList<>();
        double sumRequests = 0;
        double sumResponse = 0;
        int modelled = 0;
        for (int i = 0; i < runs.size(); i++) {
            RunResult r = runs.get(i);
            QueueingModel.Measured m = measured.get(i);
            int connections = r.workload().connectionsOrZero();
            int terminals = r.workload().terminalsOrZero();
            Predicted predicted = null;
            if (inputs != null && m.completed() > 0) {
                QueueingModel.Prediction p = QueueingModel.predict(inputs, terminals, connections);
                predicted = new Predicted(p.throughput(), p.responseMs(), errorPct(p.throughput(), m.throughput()),
                        errorPct(p.responseMs(), m.responseMs()));
                if (i > 0) { // the first point is the calibration: the model fits it by construction
                    sumRequests += Math.abs(predicted.requestsErrorPct());
                    sumResponse += Math.abs(predicted.responseErrorPct());
                    modelled++;
                }
            }
            Double rate = r.configuration() == null ? null : r.configuration().ratePerSecond();
            points.add(new Point(i + 1, done.get(i), String.valueOf(r.workload().arrival()), connections,
                    terminals, rate, tps(r), headline(r), m.throughput(),
                    m.responseMs(), types(r), finding.gainPerDoublingPct().get(i), predicted,
                    r.validity().verdict(), r.consistent(), r.metrics().incomplete(), r.resultDir()));
        }
        Model model = inputs == null ? new Model(null, List.of(), null, null, null, absent)
                : new Model(inputs, curve(sweep, inputs, points), modelled == 0 ? null : sumRequests / modelled,
                modelled == 0 ? null : sumResponse / modelled, alternative(sweep, runs, measured, points, think, source,
                        sweep.mvaOther()), null);
        Map<String, Object> configuration = runs.getFirst().configuration().asMap();
        configuration.remove(axis.configKey());
        int peak = finding.peak();
        KneeFinding knee = new KneeFinding(finding.kneeReached() ? finding.knee() + 1 : null,
                finding.kneeReached() ? done.get(finding.knee()) : null, finding.thresholdPct(),
                KNEE_DEFINITION, finding.explanation());
        io.tpkit.result.DatabaseSection db = runs.getFirst().database();
        boolean incomplete = interrupted || runs.size() < sweep.values().size()
                || points.stream().anyMatch(Point::incomplete);
        return new SweepResult(TOOL, sweep.base().workload(), axis.label(), sweep.values(), sweep.order(),
                List.copyOf(runOrder), figure, startedAt, finishedAt, configuration, target, data, dataText(data),
                String.valueOf(db.product()), String.valueOf(db.version()),
                points, new Peak(peak + 1, done.get(peak), points.get(peak).tps(),
                kneePoints.get(peak).throughput(), finding.peakAtEnd()), knee, model, incomplete, folder);
    }

    /** The model again with the other demand treated the other way, against the same points. */
    private static Alternative alternative(Sweep sweep, List<RunResult> runs, List<QueueingModel.Measured> measured,
                                           List<Point> points, double think, String source, QueueingModel.Other used) {
        QueueingModel.Other other = used == QueueingModel.Other.DELAY ? QueueingModel.Other.QUEUE
                : QueueingModel.Other.DELAY;
        QueueingModel.Inputs in = QueueingModel.inputs(runs.getFirst(), think, source, other);
        if (sweep.axis().reloadsEveryPoint()) {
            in = in.withNote(GROWING_TABLES);
        }
        double sumRequests = 0;
        double sumResponse = 0;
        int n = 0;
        for (int i = 1; i < points.size(); i++) { // the first point is the calibration
            QueueingModel.Measured m = measured.get(i);
            if (m.completed() == 0) {
                continue;
            }
            QueueingModel.Prediction p = QueueingModel.predict(in, points.get(i).terminals(), points.get(i).connections());
            sumRequests += Math.abs(errorPct(p.throughput(), m.throughput()));
            sumResponse += Math.abs(errorPct(p.responseMs(), m.responseMs()));
            n++;
        }
        return new Alternative(other.label(), curve(sweep, in, points), n == 0 ? null : sumRequests / n,
                n == 0 ? null : sumResponse / n);
    }

    /** What the points started from, in words (saying first when it was not the same data for each). */
    static String dataText(StartingData.Summary data) {
        return data == null ? null : data.text("point");
    }

    SweepResult withFolder(String dir) {
        return new SweepResult(tool, workload, axis, values, order, runOrder, figure, startedAt, finishedAt, configuration,
                target, startingData, data, product, version, points, peak, knee, model, incomplete, dir);
    }

    /** The model over the axis' range: every whole value up to 200 of them, else 120 spread geometrically. */
    private static List<CurvePoint> curve(Sweep sweep, QueueingModel.Inputs in, List<Point> points) {
        double lo = Math.max(1, Math.floor(sweep.values().getFirst()));
        double hi = sweep.values().getLast();
        List<Integer> xs = new ArrayList<>();
        if (hi - lo <= 200) {
            for (int x = (int) lo; x <= hi; x++) {
                xs.add(x);
            }
        } else {
            for (int i = 0; i < 120; i++) {
                int x = (int) Math.round(lo * Math.pow(hi / lo, i / 119.0));
                if (xs.isEmpty() || xs.getLast() != x) {
                    xs.add(x);
                }
            }
        }
        List<CurvePoint> curve = new ArrayList<>();
        Point first = points.getFirst();
        boolean streams = "streams".equals(first.arrival());
        if (sweep.axis() == SweepAxis.TERMINALS) {
            int connections = first.connections();
            List<io.tpkit.analysis.Mva.Level> levels = QueueingModel.levels(in, (int) hi, connections);
            for (int x : xs) {
                io.tpkit.analysis.Mva.Level l = levels.get(x - 1);
                curve.add(new CurvePoint(x, x, connections, l.throughput(), l.responseTime() * 1000));
            }
        } else if (streams) {
            // a stream is a terminal with its own connection: N = C
            List<io.tpkit.analysis.Mva.Level> levels = QueueingModel.levels(in, (int) hi, (int) hi);
            for (int x : xs) {
                io.tpkit.analysis.Mva.Level l = levels.get(x - 1);
                curve.add(new CurvePoint(x, x, x, l.throughput(), l.responseTime() * 1000));
            }
        } else {
            int terminals = first.terminals();
            for (int x : xs) {
                QueueingModel.Prediction p = QueueingModel.predict(in, terminals, x);
                curve.add(new CurvePoint(x, terminals, x, p.throughput(), p.responseMs()));
            }
        }
        return curve;
    }

    private static double errorPct(double predicted, double measured) {
        return measured == 0 ? Double.NaN : 100 * (predicted - measured) / measured;
    }

    static double tps(RunResult r) {
        return r.metrics().throughput().overWallClock();
    }

    /**
     * Why the model of a thread sweep errs as the threads grow, whatever the database does: each
     * point creates threads x creates x iterations rows, so its tables (and their indexes) end
     * bigger than the first point's, where the demands were measured.
     */
    static final String GROWING_TABLES = "each point starts on empty tables and creates threads x creates x "
            + "iterations rows, so a point with more threads ends with bigger tables and indexes than the first point, "
            + "where the demands were measured: a cost that grows with the tables is under-predicted";

    /** A point's value of the figure; 0 when its run has none (interrupted before an iteration ended). */
    static double figure(RunResult r, Figure figure) {
        if (figure.isTps()) {
            return tps(r);
        }
        io.tpkit.metrics.HeadlineFigure f = r.headline() == null ? null : r.headline().get(figure.id());
        return f == null || f.value() == null ? 0 : f.value();
    }

    /** The headline figure's label up to its explanation: "creates/s mean (creates ... )" -> "creates/s mean". */
    private static String label(RunResult r, String id) {
        io.tpkit.metrics.HeadlineFigure f = r.headline() == null ? null : r.headline().get(id);
        if (f == null || f.label() == null) {
            return id;
        }
        int paren = f.label().indexOf(" (");
        return paren > 0 ? f.label().substring(0, paren) : f.label();
    }

    /** The values of the workload's headline figures, by id (those not shown left out). */
    static Map<String, Double> headline(RunResult r) {
        Map<String, Double> m = new LinkedHashMap<>();
        if (r.headline() != null) {
            r.headline().forEach((id, f) -> {
                if (f.value() != null) {
                    m.put(id, f.value());
                }
            });
        }
        return m;
    }

    private static List<TypeFigures> types(RunResult r) {
        List<TypeFigures> out = new ArrayList<>();
        for (io.tpkit.metrics.TypeSummary t : r.metrics().types()) {
            io.tpkit.metrics.LatencySummary resp = t.response();
            out.add(new TypeFigures(t.name(), t.perSecond(), resp.meanMs(), resp.p50Ms(), resp.p90Ms(), resp.p99Ms()));
        }
        return out;
    }
}
