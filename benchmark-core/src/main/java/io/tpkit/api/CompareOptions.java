package io.tpkit.api;

import io.tpkit.compare.Gate;
import io.tpkit.compare.Judgement;
import io.tpkit.config.BadInputException;

/**
 * How {@link Tpkit#compare(java.util.List, CompareOptions, io.tpkit.runner.RunListener,
 * io.tpkit.runner.RunControl)} runs and judges the variants.
 *
 * <pre>{@code
 * ComparedRuns c = Tpkit.compare(List.of(client, procedure), CompareOptions.repeat(5), listener, control);
 * }</pre>
 *
 * @param repeat    the runs of every variant: 1 runs each once, one after the other (the table then
 *                  says that no interval is known); N (2 or more) runs N rounds, interleaved in a
 *                  balanced order (A B | B A | A B ...), each run from the same data of its target,
 *                  and gives every judged figure its interval and verdict
 * @param sameData  with repetitions: each run from the same data (restored from a copy made once
 *                  after the load, or loaded again where no copy can be kept); false runs each on
 *                  the data as the previous run on its target left it ({@code --no-reset})
 * @param judgement the level of the intervals and the noise threshold
 * @param gate      the regression gate ({@code --fail-if-slower}), or null; it needs repetitions
 */
public record CompareOptions(int repeat, boolean sameData, Judgement judgement, Gate gate) {
    /** One run of each variant, judged with the defaults, no gate. */
    public static final CompareOptions ONCE = new CompareOptions(1, true, Judgement.DEFAULT, null);

    public CompareOptions {
        if (repeat < 1) {
            throw new BadInputException("--repeat must be at least 1 (got " + repeat + ")");
        }
        if (!sameData && repeat < 2) {
            throw new BadInputException("--no-reset applies to repetitions: give --repeat N (N >= 2) as well, or "
                    + "leave it out");
        }
        if (gate != null) {
            Gate.requireRepetitions(repeat);
        }
        judgement = judgement == null ? Judgement.DEFAULT : judgement;
    }

    /** {@code n} runs of every variant, interleaved, each from the same data; default judgement, no gate. */
    public static CompareOptions repeat(int n) {
        return new CompareOptions(n, true, Judgement.DEFAULT, null);
    }

    public CompareOptions withJudgement(Judgement j) {
        return new CompareOptions(repeat, sameData, j, gate);
    }

    public CompareOptions withGate(Gate g) {
        return new CompareOptions(repeat, sameData, judgement, g);
    }

    /** false: each run on the data as the previous run on its target left it ({@code --no-reset}). */
    public CompareOptions withSameData(boolean same) {
        return new CompareOptions(repeat, same, judgement, gate);
    }
}
