package io.tpkit.cli;

import io.tpkit.compare.Gate;
import io.tpkit.compare.GateVerdict;
import io.tpkit.compare.Judgement;
import io.tpkit.config.BadInputException;
import picocli.CommandLine.Option;

/** The options both forms of {@code tpkit compare} judge changes and gate with. */
final class GateOptions {
    @Option(names = "--noise", paramLabel = "PCT",
            description = "The noise threshold: a change whose interval is beyond 1 but within PCT percent of it is "
                    + "'within noise', not faster or slower. Default: 2.")
    Double noise;

    @Option(names = "--fail-if-slower", paramLabel = "PCT",
            description = "The regression gate: exit with code 3 when a variant is shown slower than the first by "
                    + "more than PCT percent on the gate's figure, its whole confidence interval beyond it; exit 0 "
                    + "otherwise, saying why. Needs two or more runs on each side (repeat folders, or --repeat N "
                    + "with a workload): without an interval it cannot judge and exits with code 2.")
    Double failIfSlower;

    @Option(names = "--gate-figure", paramLabel = "FIGURE",
            description = "The figure --fail-if-slower judges: headline (the workload's own: NOPM, creates/s; TPS "
                    + "for TP1), tps, p90 or p99 (of the workload's first transaction type), driverCpu or "
                    + "databaseCpu (per commit). Default: headline.")
    String gateFigure;

    /** The level ({@code --confidence}, in percent, or null) and the noise threshold. */
    Judgement judgement(Double confidencePct) {
        return Judgement.ofPercent(confidencePct, noise);
    }

    /** The gate asked for, or null. */
    Gate gate() {
        if (failIfSlower == null) {
            if (gateFigure != null) {
                throw new BadInputException("--gate-figure chooses what --fail-if-slower judges: give --fail-if-slower "
                        + "PCT as well");
            }
            return null;
        }
        return Gate.of(failIfSlower, gateFigure);
    }

    /**
     * The exit code a gate's verdict calls for: {@link Main#GATE_FAILED} when it failed,
     * {@link Main#BAD_INPUT} when it could not judge (its lines say why), else null.
     */
    static Integer exitCode(GateVerdict verdict, Console console) {
        if (verdict == null || verdict.passed()) {
            return null;
        }
        if (verdict.failed()) {
            return Main.GATE_FAILED;
        }
        console.err().println("tpkit: " + String.join("; ", verdict.lines()).replaceFirst("^gate: ", "the gate "));
        console.err().flush();
        return Main.BAD_INPUT;
    }
}
