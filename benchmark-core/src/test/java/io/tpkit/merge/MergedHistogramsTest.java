package io.tpkit.merge;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.metrics.LatencySummary;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MergedHistogramsTest {
    @TempDir
    Path dir;

    /**
     * Two drivers each log their half of the same recorded values, per second; the merge gives
     * the percentiles one driver recording all of them gives, and leaves warm-up out.
     */
    @Test
    void twoHalvesMergeToTheWholeRunsPercentiles() throws Exception {
        SplittableRandom random = new SplittableRandom(42);
        Histogram whole = new Histogram(3);
        Path a = dir.resolve("a.hlog");
        Path b = dir.resolve("b.hlog");
        try (PrintStream outA = new PrintStream(Files.newOutputStream(a));
             PrintStream outB = new PrintStream(Files.newOutputStream(b))) {
            HistogramLogWriter wa = new HistogramLogWriter(outA);
            HistogramLogWriter wb = new HistogramLogWriter(outB);
            for (int second = 0; second < 20; second++) {
                Histogram ha = new Histogram(3);
                Histogram hb = new Histogram(3);
                Histogram warm = new Histogram(3);
                for (int i = 0; i < 500; i++) {
                    long us = 200 + (long) (random.nextDouble() * random.nextDouble() * 50_000);
                    (i % 2 == 0 ? ha : hb).recordValue(us);
                    whole.recordValue(us);
                    warm.recordValue(us * 10);
                }
                ha.setTag("new-order");
                hb.setTag("new-order");
                warm.setTag("warmup:new-order");
                wa.outputIntervalHistogram(second, second + 1, ha);
                wb.outputIntervalHistogram(second, second + 1, hb);
                wb.outputIntervalHistogram(second, second + 1, warm);
            }
        }

        MergedHistograms merged = MergedHistograms.of(List.of(a, b));

        assertThat(merged.get("new-order").getTotalCount()).isEqualTo(whole.getTotalCount()).isEqualTo(10_000);
        assertThat(LatencySummary.of(merged.get("new-order"))).isEqualTo(LatencySummary.of(whole));
        assertThat(merged.get("payment").getTotalCount()).isZero();
    }
}
