package io.tpkit.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;

/**
 * Exact Mean Value Analysis of a single-class closed queueing network (Reiser and Lavenberg;
 * Lazowska et al., "Quantitative System Performance", chapters 6 and 20; seed 003, section 3.2):
 * N customers (terminals) that think for Z seconds on average, then visit the service centers.
 * A center is given by its service demand D (visits x service time per visit, seconds per
 * customer interaction), and is either
 * <ul>
 *   <li>a {@link Queue} (load independent, one server: residence R = D (1 + Q(n-1))),</li>
 *   <li>a {@link Delay} (no queueing: R = D), or</li>
 *   <li>{@link LoadDependent}: a center whose completion rate mu(j) depends on the j customers
 *   present, such as several CPUs (mu(j) = min(j, c) / D) or a flow-equivalent center that stands
 *   for a whole subnetwork. Its residence time uses the marginal queue-length probabilities:
 *   R(n) = sum_{j=1..n} j / mu(j) P(j-1 | n-1), P(j | n) = X(n) / mu(j) P(j-1 | n-1) for j >= 1,
 *   P(0 | n) = 1 - sum_{j>=1} P(j | n) (seed 003, equations 3.3 and 3.4).</li>
 * </ul>
 * For n = 1..N: X(n) = n / (Z + sum R_k(n)) (the response time law), Q_k(n) = X(n) R_k(n)
 * (Little's law). The recursion is exact for product-form networks.
 */
public final class Mva {
    private Mva() {
    }

    /** A service center. */
    public sealed interface Station permits Queue, Delay, LoadDependent {
        String name();
    }

    /** A load-independent queueing center with one server and demand {@code demand} seconds. */
    public record Queue(String name, double demand) implements Station {
        public Queue {
            requireDemand(demand);
        }
    }

    /** A delay center (infinite servers): every customer spends {@code demand} seconds, no queueing. */
    public record Delay(String name, double demand) implements Station {
        public Delay {
            requireDemand(demand);
        }
    }

    /**
     * A load-dependent center: {@code rate.applyAsDouble(j)} is its completion rate (customers per
     * second) with j >= 1 customers present.
     */
    public record LoadDependent(String name, IntToDoubleFunction rate) implements Station {
        /** {@code servers} identical servers, each taking {@code demand} seconds per customer. */
        public static LoadDependent servers(String name, double demand, int servers) {
            requireDemand(demand);
            if (servers < 1) {
                throw new IllegalArgumentException("at least one server (got " + servers + ")");
            }
            if (demand == 0) {
                return new LoadDependent(name, j -> Double.POSITIVE_INFINITY);
            }
            return new LoadDependent(name, j -> Math.min(j, servers) / demand);
        }
    }

    /**
     * The network's state with {@code n} customers.
     *
     * @param throughput   X(n), interactions completed per second
     * @param responseTime R(n), seconds from submitting to the answer (think time excluded)
     * @param residence    R_k(n) per station, in the order given
     * @param queueLength  Q_k(n), customers at each station (in service or waiting)
     * @param utilization  U_k(n): X D for a queue; mean busy servers X D for a delay; the
     *                     probability of not being empty, 1 - P(0 | n), for a load-dependent center
     */
    public record Level(int n, double throughput, double responseTime, double[] residence, double[] queueLength,
                        double[] utilization) {
    }

    /** Solves the network for 1..{@code customers} customers with think time {@code think} seconds. */
    public static List<Level> solve(List<Station> stations, double think, int customers) {
        if (customers < 1) {
            throw new IllegalArgumentException("at least one customer (got " + customers + ")");
        }
        if (think < 0 || Double.isNaN(think)) {
            throw new IllegalArgumentException("the think time must be >= 0 (got " + think + ")");
        }
        int k = stations.size();
        double[] queue = new double[k];
        // P(j | n) of each load-dependent station, over j = 0..customers
        double[][] marginal = new double[k][];
        for (int s = 0; s < k; s++) {
            if (stations.get(s) instanceof LoadDependent) {
                marginal[s] = new double[customers + 1];
                marginal[s][0] = 1;
            }
        }
        List<Level> levels = new ArrayList<>(customers);
        for (int n = 1; n <= customers; n++) {
            double[] residence = new double[k];
            double total = 0;
            for (int s = 0; s < k; s++) {
                Station st = stations.get(s);
                residence[s] = switch (st) {
                    case Queue q -> q.demand() * (1 + queue[s]);
                    case Delay d -> d.demand();
                    case LoadDependent ld -> {
                        double r = 0;
                        for (int j = 1; j <= n; j++) {
                            r += j / ld.rate().applyAsDouble(j) * marginal[s][j - 1];
                        }
                        yield r;
                    }
                };
                total += residence[s];
            }
            double x = think + total == 0 ? Double.POSITIVE_INFINITY : n / (think + total);
            double[] utilization = new double[k];
            for (int s = 0; s < k; s++) {
                queue[s] = x * residence[s];
                Station st = stations.get(s);
                switch (st) {
                    case Queue q -> utilization[s] = x * q.demand();
                    case Delay d -> utilization[s] = x * d.demand();
                    case LoadDependent ld -> {
                        double[] p = marginal[s];
                        double busy = 0;
                        // from the top down, so that P(j-1 | n-1) is still the previous level's
                        for (int j = n; j >= 1; j--) {
                            p[j] = x / ld.rate().applyAsDouble(j) * p[j - 1];
                            busy += p[j];
                        }
                        // 1 - sum loses precision near saturation; a probability is never negative
                        p[0] = Math.max(0, 1 - busy);
                        utilization[s] = Math.min(1, busy);
                    }
                }
            }
            levels.add(new Level(n, x, total, residence, queue.clone(), utilization));
        }
        return levels;
    }

    /**
     * {@code customers} terminals that share at most {@code servers} connections (a pool): at most
     * that many interactions are inside the network at once, the others wait for a connection.
     * Solved hierarchically, as for a memory constraint (Lazowska et al., chapter 9): the network
     * without think time is solved for 1..servers customers, and its throughputs X*(j) become a
     * flow-equivalent center of rate X*(min(j, servers)), which the terminals then visit. The
     * response time includes the wait for a connection. Exact when the pool is large enough
     * ({@code servers >= customers}); the decomposition otherwise (exact for product-form
     * subnetworks, and very close in general).
     */
    public static List<Level> solveWithConnections(List<Station> stations, double think, int customers, int servers) {
        if (servers < 1) {
            throw new IllegalArgumentException("at least one connection (got " + servers + ")");
        }
        if (servers >= customers) {
            return solve(stations, think, customers);
        }
        List<Level> inner = solve(stations, 0, servers);
        double[] rates = inner.stream().mapToDouble(Level::throughput).toArray();
        LoadDependent pool = new LoadDependent("connections", j -> rates[Math.min(j, servers) - 1]);
        return solve(List.of(pool), think, customers);
    }

    private static void requireDemand(double demand) {
        if (demand < 0 || Double.isNaN(demand) || Double.isInfinite(demand)) {
            throw new IllegalArgumentException("a service demand must be a finite number >= 0 (got " + demand + ")");
        }
    }
}
