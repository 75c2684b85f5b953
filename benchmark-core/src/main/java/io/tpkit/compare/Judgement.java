package io.tpkit.compare;

import io.tpkit.analysis.RatioOfMeans;
import io.tpkit.config.BadInputException;
import java.util.Locale;

/**
 * How a comparison judges a figure's change: the confidence level of the ratio's interval, and
 * the noise threshold below which a difference the interval shows is called "within noise"
 * (criterion.rs's noise threshold).
 *
 * @param level the confidence level, e.g. 0.95
 * @param noise the noise threshold as a fraction of the baseline, e.g. 0.02
 */
public record Judgement(double level, double noise) {
    /** 95 % intervals, 2 % noise threshold. */
    public static final Judgement DEFAULT = new Judgement(0.95, 0.02);

    public Judgement {
        if (!(level > 0 && level < 1)) {
            throw new BadInputException("--confidence must be a percentage between 0 and 100, e.g. 95 (got "
                    + percent(level) + ")");
        }
        if (!(noise >= 0 && noise < 1)) {
            throw new BadInputException("--noise must be a percentage from 0 up to 100, e.g. 2 (got "
                    + percent(noise) + ")");
        }
    }

    /** From the command line's percentages; a null one takes its default. */
    public static Judgement ofPercent(Double levelPct, Double noisePct) {
        return new Judgement(levelPct == null ? DEFAULT.level : levelPct / 100, noisePct == null ? DEFAULT.noise
                : noisePct / 100);
    }

    /** "95%". */
    public String levelText() {
        return percent(level) + "%";
    }

    /** "2%". */
    public String noiseText() {
        return percent(noise) + "%";
    }

    /** The line that goes with every table of intervals: the method, the level and the noise threshold. */
    public String methodLine() {
        return methodLine(false);
    }

    /**
     * As {@link #methodLine()}, for a comparison whose runs are paired by round (an interleaved
     * comparison's: {@link Comparison#paired()}) or not.
     */
    public String methodLine(boolean paired) {
        String how = paired ? "; runs paired by round: " + RatioOfMeans.PAIRED_METHOD + " (n pairs; the two runs of "
                + "a round ran minutes apart, so what moved both alike, the machine's speed drifting between rounds, "
                + "drops out); the rounds taken as independent of each other and each round's difference, variant - "
                + "ratio x baseline, as normally distributed"
                : ", " + RatioOfMeans.METHOD + "; each side's runs taken as independent draws of a normally "
                + "distributed figure";
        return "Interval: " + levelText() + " confidence interval of the ratio of the means (variant / baseline)" + how
                + ". Noise threshold: " + noiseText() + " (a difference the interval shows, but not beyond "
                + noiseText() + ", is 'within noise').";
    }

    /** A fraction as a percentage without needless decimals: 0.95 -> "95", 0.025 -> "2.5". */
    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.4f", 100 * fraction).replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
