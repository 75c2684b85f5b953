package io.tpkit.analysis;

import io.tpkit.metrics.TypeCost;
import io.tpkit.metrics.TypeSummary;
import io.tpkit.result.CostPerTransaction;
import io.tpkit.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The closed queueing network of seed 003 (section 3.2), parameterised from one measured run at
 * low concurrency and solved by exact {@link Mva} for other terminal and connection counts.
 *
 * <p>The model is single-class, as the seed's: a terminal's interaction is one transaction of the
 * measured mix, so the per-type service demands are averaged with the mix's weights. Its
 * stations:
 * <ul>
 *   <li><b>think</b>: the terminals' mean keying + think time Z between interactions (a delay);
 *   0 for back-to-back streams;</li>
 *   <li><b>cpu</b>: a load-dependent center with c servers, the machine's CPUs, and demand
 *   D_cpu = driver CPU + database CPU per interaction: the driver's from the connections' threads
 *   (first statement to commit, each type's result.json types[].cost), the database's from its
 *   processes' CPU clock over the measurement interval ({@code cost}), when the database runs on this machine
 *   and so shares its CPUs with the driver (seed 003's CPUs as a flow-equivalent center with
 *   mu(j) = min(j, c) / D_cpu);</li>
 *   <li><b>other</b>: the rest of the measured service time, D_other = max(0, S - D_cpu), where S
 *   is the mean service time per interaction (on the connection, first statement to commit; per
 *   type, weighted by the type's share): waits for the disk (commit flushes), the network and
 *   anything else the CPUs do not explain; a delay by default, or a queue ({@link Other});</li>
 *   <li>the <b>connections</b>: at most C interactions are inside the network at once; more
 *   terminals wait for a connection ({@link Mva#solveWithConnections}).</li>
 * </ul>
 * When the database's CPU is not measured on this machine (a remote server), the whole service
 * time S is one queue, "database", and a note says so. Deferred work (TPC-C's deferred Delivery)
 * is not a terminal's interaction and is left out; its CPU is in D_cpu.
 *
 * <p>Throughput is counted as the model counts it: interactions completed per second
 * (committed and business rollbacks of the types a terminal waits for); response time is their
 * mean, from the intended start (queueing included).
 */
public final class QueueingModel {
    private static final String DEFERRED_SUFFIX = " (deferred)";

    /**
     * How the part of the service time that is not CPU is modelled.
     * <ul>
     *   <li>{@link #DELAY} (the default): every interaction waits D_other whatever the others do,
     *   as a commit waits for its WAL flush when the database flushes concurrent commits together
     *   (group commit) and as a network round trip takes its time; queueing happens at the CPUs
     *   and the connections only;</li>
     *   <li>{@link #QUEUE}: one server that serves interactions one at a time (seed 003's disk,
     *   a database that flushes every commit on its own): pessimistic where commits share flushes.</li>
     * </ul>
     */
    public enum Other {
        DELAY, QUEUE;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        public static Other parse(String text) {
            for (Other o : values()) {
                if (o.label().equals(text.trim().toLowerCase(java.util.Locale.ROOT))) {
                    return o;
                }
            }
            throw new io.tpkit.config.BadInputException("--mva-other must be delay or queue (got '" + text + "')");
        }
    }

    private QueueingModel() {
    }

    /**
     * A transaction type's demand at the calibration point.
     *
     * @param completed  its interactions completed in the measurement interval
     * @param share      its share of all interactions
     * @param serviceMs  its mean service time (on the connection)
     * @param responseMs its mean response time (from the intended start)
     * @param driverCpuUs the driver's CPU per transaction of this type on its connection's thread,
     *                   first statement to commit (result.json metrics.types[].cost), or null
     */
    public record TypeDemand(String type, long completed, double share, double serviceMs, double responseMs,
                             Double driverCpuUs) {
    }

    /**
     * What the model was built from.
     *
     * @param calibration     the result folder the demands were measured in
     * @param terminals       its terminals
     * @param connections     its connections
     * @param thinkSeconds    Z, the mean keying + think time per interaction
     * @param thinkSource     where Z comes from
     * @param types           the per-type demands
     * @param serviceDemandMs S, the mix-weighted mean service time per interaction
     * @param cpuDemandMs     D_cpu, or null when no CPU station is modelled
     * @param cpus            c, the CPUs of the cpu station, or null
     * @param otherDemandMs   D_other (or the whole S without a CPU station)
     * @param other           how D_other is modelled: "delay" or "queue" ({@link Other})
     * @param cpuSource       how D_cpu was obtained, or why there is none
     * @param notes           caveats
     * @param calibrationWarning why the calibration point's demands are biased (it was not one
     *                        terminal on one connection), or null
     */
    public record Inputs(String calibration, int terminals, int connections, double thinkSeconds, String thinkSource,
                         List<TypeDemand> types, double serviceDemandMs, Double cpuDemandMs, Integer cpus,
                         double otherDemandMs, String other, String cpuSource, List<String> notes,
                         String calibrationWarning) {
        /** The same inputs with one more caveat. */
        public Inputs withNote(String note) {
            List<String> more = new ArrayList<>(notes);
            more.add(note);
            return new Inputs(calibration, terminals, connections, thinkSeconds, thinkSource, types, serviceDemandMs,
                    cpuDemandMs, cpus, otherDemandMs, other, cpuSource, List.copyOf(more), calibrationWarning);
        }

        /** The stations of the network (without the think time and the connection limit). */
        public List<Mva.Station> stations() {
            List<Mva.Station> s = new ArrayList<>();
            if (cpuDemandMs != null) {
                s.add(Mva.LoadDependent.servers("cpu", cpuDemandMs / 1000, cpus));
            }
            String name = cpuDemandMs != null ? "other" : "database";
            s.add(Other.parse(other) == Other.QUEUE ? new Mva.Queue(name, otherDemandMs / 1000)
                    : new Mva.Delay(name, otherDemandMs / 1000));
            return s;
        }
    }

    /** A measured point as the model counts it: interactions per second and their mean response. */
    public record Measured(double throughput, double responseMs, long completed) {
    }

    /** The model's figures for a number of terminals and connections. */
    public record Prediction(int terminals, int connections, double throughput, double responseMs) {
    }

    /**
     * @param calibration  a run's result, best at low concurrency
     * @param thinkSeconds Z; for streams 0
     * @param thinkSource  where it comes from, in words
     */
    public static Inputs inputs(RunResult calibration, double thinkSeconds, String thinkSource) {
        return inputs(calibration, thinkSeconds, thinkSource, Other.DELAY);
    }

    /** @param other how the service time beyond the CPUs is modelled */
    public static Inputs inputs(RunResult calibration, double thinkSeconds, String thinkSource, Other other) {
        List<String> notes = new ArrayList<>();
        double seconds = calibration.metrics().measurementSeconds();
        List<TypeSummary> all = types(calibration);
        List<TypeDemand> types = new ArrayList<>();
        long completed = 0;
        for (TypeSummary t : all) {
            if (!deferred(t)) {
                completed += count(t.response());
            }
        }
        if (completed == 0 || !(seconds > 0)) {
            throw new IllegalArgumentException("the calibration run completed no transaction in its measurement "
                    + "interval: no service demand to model");
        }
        double service = 0;
        for (TypeSummary t : all) {
            long n = count(t.response());
            if (deferred(t) || n == 0) {
                continue;
            }
            double share = (double) n / completed;
            double serviceMs = t.service() == null ? 0 : t.service().meanMs();
            TypeCost typeCost = t.cost();
            types.add(new TypeDemand(t.name(), n, share, serviceMs, t.response().meanMs(),
                    typeCost != null && typeCost.transactions() > 0 ? typeCost.driverCpuMicros() : null));
            service += share * serviceMs;
        }
        if (all.stream().anyMatch(QueueingModel::deferred)) {
            notes.add("deferred work runs beside the terminals and is not an interaction of the model; its CPU is in "
                    + "the cpu demand");
        }
        CostPerTransaction cost = calibration.cost();
        long committed = cost != null ? cost.committed() : calibration.metrics().totalCommitted();
        double perInteraction = committed > 0 ? (double) committed / completed : 1;
        Double cpuMs = null;
        Integer cpus = null;
        String cpuSource;
        boolean local = cost != null && cost.databaseMachinePct() != null && cost.databaseCpuMicros() != null;
        if (local) {
            // the driver: its connections' threads from first statement to commit, per type, deferred
            // work included (the JVM's compiler, collector and monitor work apart); else the process
            // less its JIT compiler
            double threadUs = 0;
            boolean perType = true;
            for (TypeSummary t : all) {
                long executed = t.cost() == null ? -1 : t.cost().transactions();
                double us = t.cost() == null ? -1 : t.cost().driverCpuMicros();
                if (executed < 0 || executed > 0 && us < 0) {
                    perType = false;
                } else if (executed > 0) {
                    threadUs += executed * us;
                }
            }
            double driverUs;
            String driverHow;
            if (perType) {
                driverUs = threadUs / completed;
                driverHow = "driver CPU %.1f us per interaction (the connections' threads, first statement to commit, "
                        + "every type's transactions, deferred ones included)";
            } else {
                driverUs = (orZero(cost.driverCpuMicros()) - orZero(cost.driverJitMicros())) * perInteraction;
                driverHow = "driver CPU %.1f us per interaction (the JVM's process CPU less its JIT compiler)";
            }
            double databaseUs = cost.databaseCpuMicros() * perInteraction;
            cpuMs = (driverUs + databaseUs) / 1000;
            cpus = calibration.environment() != null && calibration.environment().cpus() != null
                    ? calibration.environment().cpus() : Runtime.getRuntime().availableProcessors();
            cpuSource = String.format(Locale.ROOT, driverHow + " + database CPU %.1f us per interaction (its "
                    + "processes' CPU clock over the measurement interval per committed transaction, x %.4f committed "
                    + "per interaction; the database on this machine); %d CPUs", driverUs, databaseUs, perInteraction,
                    cpus);
            notes.add("the database's CPU per transaction includes its background processes' work over the interval; "
                    + "at a low rate that fixed cost is spread over few transactions and overstates the demand");
            if (cpuMs > service) {
                notes.add(String.format(Locale.ROOT, "the CPU per interaction (%.3f ms) exceeds the mean service time "
                        + "(%.3f ms): CPU spent outside the transactions (background processes, other programs on "
                        + "the machine) is in it; the other demand is 0", cpuMs, service));
            }
        } else {
            cpuSource = "no cpu station: the database's CPU was not measured on this machine (a remote server or no "
                    + "/proc), so its CPUs cannot be modelled; the whole service time is one station";
            notes.add("without the database's CPUs the model has one station: as a delay it predicts no contention "
                    + "at all, as a queue no concurrency at all; read its errors accordingly");
        }
        double otherDemand = cpuMs == null ? service : Math.max(0, service - cpuMs);
        int terminals = calibration.workload() == null ? 0 : calibration.workload().terminalsOrZero();
        int connections = calibration.workload() == null ? 0 : calibration.workload().connectionsOrZero();
        return new Inputs(calibration.resultDir() == null ? "" : calibration.resultDir(), terminals, connections,
                thinkSeconds, thinkSource, types, service, cpuMs, cpus, otherDemand, other.label(), cpuSource, notes,
                calibrationWarning(terminals, connections));
    }

    /**
     * A demand measured with more than one interaction in the network holds their waits for each
     * other (locks, the CPUs, the disk): S is then a residence time, not a demand, and D_other =
     * S - D_cpu counts that queueing again at every point the model solves. Null for one terminal
     * on one connection, the only calibration without it.
     */
    static String calibrationWarning(int terminals, int connections) {
        if (terminals <= 1 && connections <= 1) {
            return null;
        }
        return String.format(Locale.ROOT, "the first point, where the demands are measured, ran %d terminal%s on %d "
                        + "connection%s: its service time already holds the waits among them (for locks, the CPUs, the "
                        + "disk), which the other demand then counts again at every point; calibrate on one terminal on "
                        + "one connection (start the sweep at 1)", terminals, terminals == 1 ? "" : "s", connections,
                connections == 1 ? "" : "s");
    }

    /** A run's interactions per second and mean response time, counted as the model counts them. */
    public static Measured measured(RunResult result) {
        double seconds = result.metrics().measurementSeconds();
        long n = 0;
        double weighted = 0;
        for (TypeSummary t : types(result)) {
            if (deferred(t)) {
                continue;
            }
            long c = count(t.response());
            n += c;
            weighted += c * (c == 0 ? 0 : t.response().meanMs());
        }
        return new Measured(seconds > 0 ? n / seconds : 0, n > 0 ? weighted / n : 0, n);
    }

    private static List<TypeSummary> types(RunResult r) {
        return r.metrics().types() == null ? List.of() : r.metrics().types();
    }

    private static boolean deferred(TypeSummary t) {
        return t.name().endsWith(DEFERRED_SUFFIX);
    }

    private static long count(io.tpkit.metrics.LatencySummary l) {
        return l == null ? 0 : l.count();
    }

    private static double orZero(Double d) {
        return d == null ? 0 : d;
    }

    /** A whole number of an open section of the result (workload), 0 when absent. */
    /** The model's throughput and response time for {@code terminals} sharing {@code connections}. */
    public static Prediction predict(Inputs in, int terminals, int connections) {
        Mva.Level l = levels(in, terminals, connections).getLast();
        return new Prediction(terminals, connections, l.throughput(), l.responseTime() * 1000);
    }

    /** The model for 1..{@code terminals} terminals sharing {@code connections} connections. */
    public static List<Mva.Level> levels(Inputs in, int terminals, int connections) {
        return Mva.solveWithConnections(in.stations(), in.thinkSeconds(), terminals, connections);
    }
}
