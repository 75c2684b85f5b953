package io.tpkit.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Exact MVA against networks solved by hand. */
class MvaTest {
    private static final double EPS = 1e-9;

    /**
     * Two queues, D1 = 1 s and D2 = 0.5 s, think time Z = 2 s (Lazowska et al., algorithm 6.1):
     * <pre>
     * n = 1: R1 = 1, R2 = 0.5, R = 1.5, X = 1 / (2 + 1.5) = 2/7 = 0.2857143
     *        Q1 = 2/7, Q2 = 1/7
     * n = 2: R1 = 1 (1 + 2/7) = 9/7, R2 = 0.5 (1 + 1/7) = 4/7, R = 13/7 = 1.8571429
     *        X = 2 / (2 + 13/7) = 14/27 = 0.5185185, Q1 = 14/27 x 9/7 = 2/3, Q2 = 14/27 x 4/7 = 8/27
     * n = 3: R1 = 1 (1 + 2/3) = 5/3, R2 = 0.5 (1 + 8/27) = 35/54, R = 125/54 = 2.3148148
     *        X = 3 / (2 + 125/54) = 162/233 = 0.6952790, U1 = X D1 = 162/233, U2 = 81/233
     * </pre>
     */
    @Test
    void twoQueuesWithThinkTime() {
        List<Mva.Level> l = Mva.solve(List.of(new Mva.Queue("cpu", 1), new Mva.Queue("disk", 0.5)), 2, 3);
        assertThat(l).hasSize(3);
        assertThat(l.get(0).throughput()).isCloseTo(2.0 / 7, within(EPS));
        assertThat(l.get(0).responseTime()).isCloseTo(1.5, within(EPS));
        assertThat(l.get(0).queueLength()[1]).isCloseTo(1.0 / 7, within(EPS));
        assertThat(l.get(1).throughput()).isCloseTo(14.0 / 27, within(EPS));
        assertThat(l.get(1).responseTime()).isCloseTo(13.0 / 7, within(EPS));
        assertThat(l.get(1).residence()[0]).isCloseTo(9.0 / 7, within(EPS));
        assertThat(l.get(1).queueLength()[0]).isCloseTo(2.0 / 3, within(EPS));
        assertThat(l.get(1).queueLength()[1]).isCloseTo(8.0 / 27, within(EPS));
        assertThat(l.get(2).throughput()).isCloseTo(162.0 / 233, within(EPS));
        assertThat(l.get(2).responseTime()).isCloseTo(125.0 / 54, within(EPS));
        assertThat(l.get(2).utilization()[0]).isCloseTo(162.0 / 233, within(EPS));
        assertThat(l.get(2).utilization()[1]).isCloseTo(81.0 / 233, within(EPS));
        // the response time law holds at every level: N = X (Z + R)
        l.forEach(level -> assertThat(level.throughput() * (2 + level.responseTime())).isCloseTo(level.n(), within(EPS)));
    }

    /**
     * A queue D1 = 1 s and a delay D2 = 0.5 s (no queueing there), Z = 2 s:
     * <pre>
     * n = 1: R = 1 + 0.5 = 1.5, X = 1 / 3.5 = 2/7, Q1 = 2/7
     * n = 2: R1 = 1 (1 + 2/7) = 9/7, R2 = 0.5, R = 25/14, X = 2 / (2 + 25/14) = 28/53 = 0.5283019
     * </pre>
     */
    @Test
    void aDelayStationNeverQueues() {
        List<Mva.Level> l = Mva.solve(List.of(new Mva.Queue("cpu", 1), new Mva.Delay("network", 0.5)), 2, 2);
        assertThat(l.get(0).throughput()).isCloseTo(2.0 / 7, within(EPS));
        assertThat(l.get(1).residence()[1]).isCloseTo(0.5, within(EPS));
        assertThat(l.get(1).responseTime()).isCloseTo(25.0 / 14, within(EPS));
        assertThat(l.get(1).throughput()).isCloseTo(28.0 / 53, within(EPS));
    }

    /**
     * Two CPUs as one load-dependent center (seed 003's flow-equivalent CPUs), D = 1 s per
     * customer, mu(j) = min(j, 2) / 1, with Z = 2 s: the finite-source M/M/2 queue (machine
     * repairman), solved by hand as a birth-death chain, p(j) ~ prod_{i<j} ((N - i) / Z) / mu(i + 1):
     * <pre>
     * N = 1: X = 1 / (Z + D) = 1/3
     * N = 2: p(0..2) ~ 1, (2/2)/1 = 1, 1 x (1/2)/2 = 1/4; sum 9/4
     *        X = (1 x 1 + 1/4 x 2) / (9/4) = 2/3; R = N / X - Z = 1 (both served at once)
     * N = 3: p(0..3) ~ 1, (3/2)/1 = 3/2, 3/2 x (2/2)/2 = 3/4, 3/4 x (1/2)/2 = 3/16; sum 55/16
     *        X = (3/2 x 1 + 3/4 x 2 + 3/16 x 2) / (55/16) = 54/55 = 0.9818182
     *        Q = (3/2 + 2 x 3/4 + 3 x 3/16) / (55/16) = 57/55, R = N / X - Z = 19/18 = 1.0555556
     *        P(0 | 3) = 16/55, so U = 1 - 16/55 = 39/55
     * </pre>
     */
    @Test
    void twoServersAsALoadDependentCenter() {
        List<Mva.Level> l = Mva.solve(List.of(Mva.LoadDependent.servers("cpus", 1, 2)), 2, 3);
        assertThat(l.get(0).throughput()).isCloseTo(1.0 / 3, within(EPS));
        assertThat(l.get(1).throughput()).isCloseTo(2.0 / 3, within(EPS));
        assertThat(l.get(1).responseTime()).isCloseTo(1, within(EPS));
        assertThat(l.get(2).throughput()).isCloseTo(54.0 / 55, within(EPS));
        assertThat(l.get(2).responseTime()).isCloseTo(19.0 / 18, within(EPS));
        assertThat(l.get(2).queueLength()[0]).isCloseTo(57.0 / 55, within(EPS));
        assertThat(l.get(2).utilization()[0]).isCloseTo(39.0 / 55, within(EPS));
    }

    @Test
    void oneServerLoadDependentEqualsAQueue() {
        List<Mva.Level> ld = Mva.solve(List.of(Mva.LoadDependent.servers("a", 0.7, 1), new Mva.Queue("b", 0.2)), 1.5, 12);
        List<Mva.Level> li = Mva.solve(List.of(new Mva.Queue("a", 0.7), new Mva.Queue("b", 0.2)), 1.5, 12);
        for (int n = 0; n < 12; n++) {
            assertThat(ld.get(n).throughput()).isCloseTo(li.get(n).throughput(), within(1e-9));
            assertThat(ld.get(n).responseTime()).isCloseTo(li.get(n).responseTime(), within(1e-9));
        }
        // the bottleneck bounds throughput: X(N) -> 1 / D_max
        assertThat(li.getLast().throughput()).isLessThan(1 / 0.7).isGreaterThan(0.95 / 0.7);
    }

    /**
     * Terminals sharing fewer connections: with one connection the network (D = 1 + 0.5 = 1.5 s)
     * serves one interaction at a time, so the terminals see one server of rate 1 / 1.5 with Z = 2:
     * <pre>
     * N = 2: p(0..2) ~ 1, (2/2) x 1.5 = 3/2, 3/2 x (1/2) x 1.5 = 9/8; sum 29/8
     *        X = (1 - 8/29) / 1.5 = 14/29 = 0.4827586, R = N / X - Z = 58/14 - 2 = 15/7
     * </pre>
     */
    @Test
    void terminalsWaitForAConnection() {
        List<Mva.Station> net = List.of(new Mva.Queue("cpu", 1), new Mva.Queue("disk", 0.5));
        List<Mva.Level> l = Mva.solveWithConnections(net, 2, 2, 1);
        assertThat(l.get(1).throughput()).isCloseTo(14.0 / 29, within(EPS));
        assertThat(l.get(1).responseTime()).isCloseTo(15.0 / 7, within(EPS));
        // one terminal never waits for the connection
        assertThat(l.get(0).throughput()).isCloseTo(2.0 / 7, within(EPS));
        // enough connections: the network itself
        List<Mva.Level> free = Mva.solveWithConnections(net, 2, 3, 3);
        assertThat(free.get(2).throughput()).isCloseTo(162.0 / 233, within(EPS));
        // streams (Z = 0) through one connection: X = 1 / 1.5 whatever N, R = N x 1.5
        List<Mva.Level> streams = Mva.solveWithConnections(net, 0, 4, 1);
        assertThat(streams.get(3).throughput()).isCloseTo(1 / 1.5, within(EPS));
        assertThat(streams.get(3).responseTime()).isCloseTo(6, within(EPS));
    }

    @Test
    void manyCustomersStayFiniteAndBounded() {
        // near saturation the marginal probabilities lose precision; they must not go negative or explode
        List<Mva.Level> l = Mva.solve(List.of(Mva.LoadDependent.servers("cpu", 0.001, 2), new Mva.Delay("io", 0.004)),
                0, 2000);
        Mva.Level last = l.getLast();
        assertThat(last.throughput()).isCloseTo(2000, within(1.0)).isLessThanOrEqualTo(2000 + 1e-6);
        assertThat(last.responseTime()).isCloseTo(1.0, within(0.01));
        assertThat(last.utilization()[0]).isLessThanOrEqualTo(1);
    }
}
