package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NURandConstantsTest {
    @Test
    void cLastDeltaRule() {
        assertThat(NURandConstants.validCLastDelta(157, 223)).isTrue(); // BenchBase's pair, delta 66
        assertThat(NURandConstants.validCLastDelta(100, 165)).isTrue(); // 65
        assertThat(NURandConstants.validCLastDelta(200, 81)).isTrue(); // 119, either direction
        assertThat(NURandConstants.validCLastDelta(100, 164)).isFalse(); // 64
        assertThat(NURandConstants.validCLastDelta(0, 120)).isFalse(); // 120
        assertThat(NURandConstants.validCLastDelta(0, 96)).isFalse();
        assertThat(NURandConstants.validCLastDelta(200, 88)).isFalse(); // 112
        assertThat(NURandConstants.validCLastDelta(50, 50)).isFalse();
    }

    @Test
    void runConstantsAlwaysRespectTheLoadConstant() {
        TpccRandom random = new TpccRandom(1);
        for (int load = 0; load <= NURandConstants.A_C_LAST; load++) {
            for (int i = 0; i < 20; i++) {
                NURandConstants run = NURandConstants.forRun(random, load);
                assertThat(NURandConstants.validCLastDelta(load, run.cLast())).isTrue();
                assertThat(run.cId()).isBetween(0, NURandConstants.A_C_ID);
                assertThat(run.olIId()).isBetween(0, NURandConstants.A_OL_I_ID);
            }
        }
    }

    @Test
    void loadConstantsAreWithinTheirFieldsRanges() {
        TpccRandom random = new TpccRandom(2);
        boolean bigItemConstant = false;
        for (int i = 0; i < 1_000; i++) {
            NURandConstants c = NURandConstants.forLoad(random);
            assertThat(c.cLast()).isBetween(0, 255);
            assertThat(c.cId()).isBetween(0, 1023);
            assertThat(c.olIId()).isBetween(0, 8191);
            bigItemConstant |= c.olIId() > 1023; // not swapped with C_ID's range (go-tpc's bug)
        }
        assertThat(bigItemConstant).isTrue();
    }

    @Test
    void rejectsConstantsOutsideTheirRange() {
        assertThatThrownBy(() -> new NURandConstants(256, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new NURandConstants(0, 1024, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new NURandConstants(0, 0, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
