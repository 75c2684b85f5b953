package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.spi.workload.RuleResult.Status;
import io.tpkit.spi.workload.RuleResult;
import org.junit.jupiter.api.Test;

class SampleJudgementTest {
    private static Status rollbacks(long rollbacks, long n) {
        return rollbackRule(rollbacks, n).status();
    }

    private static RuleResult rollbackRule(long rollbacks, long n) {
        return SampleJudgement.share("r", "rollbacks", "New-Orders", rollbacks, n, 0.009, 0.011);
    }

    @Test
    void enoughDrawsForTheOnePercentShareAre89100() {
        // 9 p (1 - p) / 0.001^2 = 89,100: three standard errors of 1 % fit inside 0.9 % to 1.1 %
        assertThat(SampleJudgement.shareDrawsNeeded(0.01, 0.001)).isEqualTo(89_100);
        assertThat(SampleJudgement.shareDrawsNeeded(0.15, 0.01)).isEqualTo(11_475);
    }

    /** The case: at 1,000 New-Orders a correct 1 % lands outside 0.9-1.1 % about 64 % of the time. */
    @Test
    void aThousandNewOrdersCannotShowTheRangeSoOnlyTheImplausibleFails() {
        assertThat(rollbacks(13, 1_000)).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(rollbacks(8, 1_000)).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(rollbacks(10, 1_000)).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(rollbackRule(10, 1_000).detail()).isEqualTo("1.000 % of 1,000; too few to judge (needs 89,100)");
        assertThat(rollbackRule(13, 1_000).detail()).endsWith("and chance alone explains this share");
    }

    /** P(X <= 1) = 0.048 % is below the 0.135 % of three standard errors; P(X <= 2) = 0.27 % is not. */
    @Test
    void tooFewRollbacksFailOnlyBeyondWhatChanceGives() {
        assertThat(rollbacks(0, 1_000)).isEqualTo(Status.FAILED);
        assertThat(rollbacks(1, 1_000)).isEqualTo(Status.FAILED);
        assertThat(rollbackRule(1, 1_000).detail()).contains("0.100 % of 1,000", "probability 0.00048");
        assertThat(rollbacks(2, 1_000)).isEqualTo(Status.NOT_APPLICABLE);
    }

    /** P(X >= 22) = 0.065 % fails; P(X >= 21) is above 0.135 %. */
    @Test
    void tooManyRollbacksFailOnlyBeyondWhatChanceGives() {
        assertThat(rollbacks(21, 1_000)).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(rollbacks(22, 1_000)).isEqualTo(Status.FAILED);
        assertThat(rollbacks(1_000, 1_000)).isEqualTo(Status.FAILED);
    }

    /** 100 New-Orders without a rollback: 37 % likely with a correct generator, so not judged. */
    @Test
    void aTinySampleIsNotJudged() {
        assertThat(rollbacks(0, 100)).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(rollbacks(1, 100)).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(rollbacks(0, 0)).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(rollbackRule(0, 0).detail()).isEqualTo("nothing to count");
    }

    /** From 89,100 New-Orders on, the spec's range decides, bounds included. */
    @Test
    void withEnoughDrawsTheRangeDecidesAtItsBounds() {
        long n = 89_100; // 0.9 % is 801.9, 1.1 % is 980.1
        assertThat(rollbacks(801, n)).isEqualTo(Status.FAILED);
        assertThat(rollbacks(802, n)).isEqualTo(Status.PASSED);
        assertThat(rollbacks(891, n)).isEqualTo(Status.PASSED);
        assertThat(rollbacks(980, n)).isEqualTo(Status.PASSED);
        assertThat(rollbacks(981, n)).isEqualTo(Status.FAILED);
        // exactly on the bounds
        assertThat(rollbacks(900, 100_000)).isEqualTo(Status.PASSED);
        assertThat(rollbacks(1_100, 100_000)).isEqualTo(Status.PASSED);
        assertThat(rollbacks(899, 100_000)).isEqualTo(Status.FAILED);
        assertThat(rollbacks(1_101, 100_000)).isEqualTo(Status.FAILED);
    }

    @Test
    void oneDrawFewerThanEnoughIsNotJudgedInsideTheRange() {
        assertThat(rollbacks(891, 89_099)).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(rollbacks(891, 89_100)).isEqualTo(Status.PASSED);
    }

    @Test
    void theRuleSaysWhatItJudges() {
        assertThat(rollbackRule(10, 1_000).rule()).isEqualTo("rollbacks between 0.90 % and 1.10 % of New-Orders");
    }

    /** Mean lines per order (uniform 5..15: sd sqrt(10)): 360 orders are enough for 9.5-10.5. */
    @Test
    void aMeanIsJudgedTheSameWay() {
        double sd = Math.sqrt(10);
        assertThat(mean(10.0, 359, sd)).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(mean(10.0, 360, sd)).isEqualTo(Status.PASSED);
        assertThat(mean(9.5, 360, sd)).isEqualTo(Status.PASSED);
        assertThat(mean(10.5, 360, sd)).isEqualTo(Status.PASSED);
        assertThat(mean(9.49, 360, sd)).isEqualTo(Status.FAILED);
        assertThat(mean(10.51, 360, sd)).isEqualTo(Status.FAILED);
        // 100 orders: three standard errors are 0.949 lines
        assertThat(mean(10.9, 100, sd)).isEqualTo(Status.NOT_APPLICABLE);
        assertThat(mean(11.0, 100, sd)).isEqualTo(Status.FAILED);
        assertThat(mean(9.0, 100, sd)).isEqualTo(Status.FAILED);
        assertThat(mean(0, 0, sd)).isEqualTo(Status.NOT_APPLICABLE);
    }

    private static Status mean(double mean, long n, double sd) {
        return SampleJudgement.mean("m", "mean", mean * n, n, 10, sd, 9.5, 10.5).status();
    }
}
