package io.tpkit.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SvgChartTest {
    private static List<String> ticks(String svg) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("class=\"tick\"[^>]*>([^<]*)<").matcher(svg);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void stepsAreOneTwoOrFiveTimesAPowerOfTen() {
        assertThat(SvgChart.niceStep(12.28, 7)).isEqualTo(2.0);
        assertThat(SvgChart.niceStep(430, 4)).isEqualTo(100.0);
        assertThat(SvgChart.niceStep(14.5, 7)).isEqualTo(2.0);
        assertThat(SvgChart.niceStep(100_257, 4)).isEqualTo(20_000.0);
        assertThat(SvgChart.niceStep(0.034, 4)).isCloseTo(0.01, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(SvgChart.niceStep(3600, 7)).isEqualTo(500.0);
        assertThat(SvgChart.niceTicks(1.2, 12.28, 2)).containsExactly(2.0, 4.0, 6.0, 8.0, 10.0, 12.0);
        assertThat(SvgChart.tick(0.5, 0.5)).isEqualTo("0.5");
        assertThat(SvgChart.tick(1, 0.5)).isEqualTo("1.0");
        assertThat(SvgChart.tick(150_000, 50_000)).isEqualTo("150,000");
    }

    @Test
    void bothAxesHaveRoundTicks() {
        String svg = new SvgChart("t", "seconds", "per second").xFrom(0)
                .series("a", List.of(new double[] {1.2, 129.57}, new double[] {2.2, 364}, new double[] {12.28, 430.1}))
                .render();
        assertThat(ticks(svg)).containsExactly("0", "100", "200", "300", "400", "500",
                "0", "2", "4", "6", "8", "10", "12");
        assertThat(svg).contains("data-points=\"3\"");
    }

    @Test
    void aPointWithoutValueBreaksTheLineAndIsNotDrawn() {
        String svg = new SvgChart("t", "x", "ms").series("p90", List.of(new double[] {1, 5}, new double[] {2, 6},
                new double[] {3, Double.NaN}, new double[] {4, 7})).render();
        Matcher path = Pattern.compile("<path d=\"([^\"]*)\"").matcher(svg);
        assertThat(path.find()).isTrue();
        assertThat(path.group(1)).matches("M[^ML]+ L[^ML]+ M[^ML]+");
        assertThat(Pattern.compile("class=\"point\"").matcher(svg).results().count()).isEqualTo(3);
        assertThat(svg).doesNotContain("data-x=\"3.0\"").contains("data-points=\"3\"");
    }

    @Test
    void aSeriesWithoutAnyValueIsNoSeries() {
        assertThat(new SvgChart("t", "x", "y").series("none", List.of(new double[] {1, Double.NaN})).isEmpty()).isTrue();
    }

    @Test
    void stallsAreHatchedAndNamedInTheLegend() {
        String html = new SvgChart("t", "x", "y").series("a", List.of(new double[] {0, 1}, new double[] {100, 2}))
                .stall(40, 41, "stall: nothing completed").render();
        assertThat(html).contains("<rect class=\"stall\" data-from=\"40.0\" data-to=\"41.0\"", "fill=\"url(#t-hatch)\"",
                "<title>stall: nothing completed</title>", "stall-key");
        String none = new SvgChart("t", "x", "y").series("a", List.of(new double[] {0, 1}, new double[] {1, 2})).render();
        assertThat(none).doesNotContain("class=\"stall\"", "stall-key");
    }

    @Test
    void labelledTicksReplaceTheNumbers() {
        java.util.Map<Double, String> labels = new java.util.LinkedHashMap<>();
        labels.put(Math.log10(2), "50");
        labels.put(1.0, "90");
        labels.put(3.0, "99.9");
        String svg = new SvgChart("t", "percentile", "ms").xTicks(labels)
                .series("a", List.of(new double[] {Math.log10(2), 1}, new double[] {3, 9})).render();
        assertThat(ticks(svg)).contains("50", "90", "99.9").doesNotContain("0.30");
    }

    @Test
    void aLogarithmicAxisHasTicksAtOneTwoAndFive() {
        assertThat(SvgChart.logTicks(1, 500)).containsExactly(1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0);
        assertThat(SvgChart.logTicks(0.01, 10_000)).containsExactly(0.01, 0.1, 1.0, 10.0, 100.0, 1000.0, 10_000.0);
        String svg = new SvgChart("t", "percentile", "ms").logY()
                .series("a", List.of(new double[] {1, 1.98}, new double[] {2, 23.5}, new double[] {3, 2613.25}))
                .render();
        // over more than three decades, the powers of ten alone, up to one
        assertThat(ticks(svg)).startsWith("1", "10", "100", "1,000", "10,000");
    }
}
