package io.tpkit.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CompilerSettlingTest {
    private static final long MS = 1_000_000L;

    /** Feeds one-second readings of compiler and driver CPU grown by the given milliseconds each. */
    private static boolean[] feed(CompilerSettling s, long[] jitGrowthMs, long[] cpuGrowthMs) {
        boolean[] said = new boolean[jitGrowthMs.length];
        long jit = 1_000 * MS;
        long cpu = 5_000 * MS;
        for (int i = 0; i < jitGrowthMs.length; i++) {
            jit += jitGrowthMs[i] * MS;
            cpu += cpuGrowthMs[i] * MS;
            said[i] = s.settledAfter(jit, cpu);
        }
        return said;
    }

    @Test
    void settlesOnceAWholeWindowStaysAtOrBelowTheShare() {
        // the driver takes 200 ms a second; the compiler 100 ms, then 9 ms (4.5% of it)
        long[] jit = {100, 100, 100, 9, 9, 9, 9, 9, 9};
        long[] cpu = {200, 200, 200, 200, 200, 200, 200, 200, 200};
        boolean[] said = feed(new CompilerSettling(), jit, cpu);
        // the window of reading 7 (the growth of readings 3 to 7: five seconds) is the first
        // without a busy second
        assertThat(said).containsExactly(false, false, false, false, false, false, false, true, true);
    }

    @Test
    void aBurstInsideTheWindowKeepsItUnsettled() {
        long[] jit = {0, 0, 0, 0, 0, 0, 60, 0, 0, 0, 0, 0};
        long[] cpu = {200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200};
        boolean[] said = feed(new CompilerSettling(), jit, cpu);
        // settled at the first full window; a 60 ms burst is 6% of five seconds' 1000 ms, and
        // keeps every window that holds it unsettled
        assertThat(said).containsExactly(false, false, false, false, false, true, false, false, false, false, false,
                true);
    }

    @Test
    void anUnreadReadingStartsTheWindowAgain() {
        CompilerSettling s = new CompilerSettling();
        for (int i = 0; i < 6; i++) {
            s.settledAfter(0, i * 200 * MS);
        }
        assertThat(s.settledAfter(-1, 1_400 * MS)).isFalse();
        for (int i = 0; i < 5; i++) {
            assertThat(s.settledAfter(0, (1_600 + i * 200) * MS)).isFalse();
        }
        assertThat(s.settledAfter(0, 2_600 * MS)).isTrue();
    }

    @Test
    void anIdleDriverThatCompilesNothingIsSettled() {
        CompilerSettling s = new CompilerSettling();
        boolean last = false;
        for (int i = 0; i < 6; i++) {
            last = s.settledAfter(7 * MS, 9 * MS);
        }
        assertThat(last).isTrue();
    }
}
