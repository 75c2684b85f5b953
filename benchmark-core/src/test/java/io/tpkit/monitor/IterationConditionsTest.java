package io.tpkit.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tpkit.metrics.Iteration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IterationConditionsTest {
    private static Monitor.Row row(double end, double user, double system, double written, Double checkpoints) {
        Map<String, Double> v = new LinkedHashMap<>();
        v.put("os.cpu.user_pct", user);
        v.put("os.cpu.system_pct", system);
        v.put("os.disk.write_bytes_per_s", written);
        v.put("os.mem.major_faults_per_s", 2.0);
        if (checkpoints != null) {
            v.put("db.checkpoints", checkpoints);
        }
        return new Monitor.Row(end, 1.0, v);
    }

    private static Iteration at(int n, double from, double to) {
        return new Iteration(n, to - from, 100, from, to, null, null);
    }

    @Test
    void meansOverTheSecondsInsideEachIterationAndCheckpointsSinceThePreviousEnd() {
        // seconds ending at 1..6 (middles 0.5..5.5); iteration 1 from 0.2 to 3.1, iteration 2 from 3.4 to 5.9
        // after a pause (restart mode): the second ending at 4 has its middle 3.5 inside iteration 2
        List<Monitor.Row> rows = List.of(row(1, 10, 5, 1e6, 0.0), row(2, 20, 5, 3e6, 0.0), row(3, 30, 5, 5e6, 0.0),
                row(4, 50, 10, 0, 1.0), row(5, 60, 10, 2e6, 0.0), row(6, 70, 10, 4e6, 1.0));
        List<Iteration> its = IterationConditions.of(List.of(at(1, 0.2, 3.1), at(2, 3.4, 5.9)), rows);

        Iteration.Conditions one = its.get(0).conditions();
        assertThat(one.samples()).isEqualTo(3);
        assertThat(one.cpuBusyPct()).isCloseTo((15 + 25 + 35) / 3.0, within(1e-9));
        assertThat(one.diskWriteBytesPerSecond()).isCloseTo(3e6, within(1e-6));
        assertThat(one.majorFaultsPerSecond()).isCloseTo(2, within(1e-9));
        assertThat(one.checkpoints()).isZero();
        // series the monitor did not have stay empty
        assertThat(one.databaseCpuPct()).isNull();
        assertThat(one.diskReadBytesPerSecond()).isNull();

        Iteration.Conditions two = its.get(1).conditions();
        assertThat(two.samples()).isEqualTo(3); // middles 3.5, 4.5, 5.5
        assertThat(two.cpuBusyPct()).isCloseTo((60 + 70 + 80) / 3.0, within(1e-9));
        assertThat(two.checkpoints()).isEqualTo(2);
        assertThat(its.get(1).seconds()).isCloseTo(2.5, within(1e-9));
    }

    @Test
    void otherProcessesAreTheBusyCpuTheDatabaseAndTheDriverDidNotUse() {
        Monitor.Row a = row(1, 60, 20, 0, null);
        a.values().put("db.cpu_pct", 50.0);
        a.values().put("driver.cpu_pct", 20.0); // 80 busy: 10 others
        Monitor.Row b = row(2, 40, 10, 0, null);
        b.values().put("db.cpu_pct", 32.0);
        b.values().put("driver.cpu_pct", 20.0); // sampled apart, 2 over 50 busy: counted as 0, not -2
        Monitor.Row c = row(3, 90, 10, 0, null);
        c.values().put("db.cpu_pct", 40.0); // no driver figure: the second says nothing of others
        Iteration.Conditions cond = IterationConditions.of(List.of(at(1, 0, 3)), List.of(a, b, c)).getFirst().conditions();
        assertThat(cond.otherCpuPct()).isCloseTo((10 + 0) / 2.0, within(1e-9));
        assertThat(cond.cpuBusyPct()).isCloseTo((80 + 50 + 100) / 3.0, within(1e-9));
    }

    @Test
    void withoutTheDatabasesCpuOtherProcessesAreUnknown() {
        Monitor.Row a = row(1, 60, 20, 0, null);
        a.values().put("driver.cpu_pct", 20.0);
        assertThat(IterationConditions.of(List.of(at(1, 0, 1)), List.of(a)).getFirst().conditions().otherCpuPct())
                .isNull();
    }

    @Test
    void aCheckpointIsUnderWayFromItsCountToItsWriteTime() {
        // counted in the second ending at 3 (it started then), its 4 s of writing reported in the one ending at 7
        List<Monitor.Row> rows = new java.util.ArrayList<>();
        for (int t = 1; t <= 10; t++) {
            Monitor.Row r = row(t, 10, 5, 1e6, t == 3 ? 1.0 : 0.0);
            if (t == 7) {
                r.values().put("db.checkpoint_write_ms_per_s", 4000.0);
            }
            rows.add(r);
        }
        List<Iteration> its = IterationConditions.of(List.of(at(1, 0, 2.2), at(2, 2.2, 5), at(3, 5, 8), at(4, 8, 10)),
                rows);
        // counted in iteration 2 (the second's middle, 2.5 s); under way from 2 s to 7 s
        assertThat(its).extracting(it -> it.conditions().checkpoints()).containsExactly(0L, 1L, 0L, 0L);
        double[] expected = {0.2, 2.8, 2.0, 0.0};
        for (int i = 0; i < 4; i++) {
            assertThat(its.get(i).conditions().checkpointSeconds()).isCloseTo(expected[i], within(1e-9));
        }
    }

    @Test
    void aCheckpointStillUnderWayAtTheEndLastsToTheLastRow() {
        List<Monitor.Row> rows = List.of(row(1, 1, 1, 1, 0.0), row(2, 1, 1, 1, 1.0), row(3, 1, 1, 1, 0.0),
                row(4, 1, 1, 1, 0.0));
        assertThat(IterationConditions.checkpoints(rows)).containsExactly(new IterationConditions.Span(1, 4));
    }

    @Test
    void withoutACheckpointCounterCheckpointsAreUnknownNotZero() {
        List<Monitor.Row> rows = List.of(row(1, 10, 5, 1e6, null), row(2, 20, 5, 3e6, null));
        Iteration.Conditions c = IterationConditions.of(List.of(at(1, 0, 2)), rows).getFirst().conditions();
        assertThat(c.checkpoints()).isNull();
        assertThat(c.checkpointSeconds()).isNull();
        assertThat(c.samples()).isEqualTo(2);
    }

    @Test
    void iterationsOffTheClockAreLeftAsTheyAre() {
        Iteration old = new Iteration(1, 3, 100);
        assertThat(IterationConditions.of(List.of(old), List.of(row(1, 1, 1, 1, 0.0)))).containsExactly(old);
    }
}
