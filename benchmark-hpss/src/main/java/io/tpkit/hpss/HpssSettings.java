package io.tpkit.hpss;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.Logic;
import io.tpkit.spi.workload.WorkloadOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The shape of an HPSS run: the report's 20 threads x 1,000 creates x 50 iterations unless
 * changed, and the range random keys are drawn from.
 */
record HpssSettings(int threads, int createsPerThread, int iterations, long keySpace) {
    static final int STANDARD_THREADS = 20;
    static final int STANDARD_CREATES = 1_000;
    static final int STANDARD_ITERATIONS = 50;
    /** Keys are drawn from 1..keySpace; 0 is the root directory. */
    static final long STANDARD_KEY_SPACE = Long.MAX_VALUE;

    static final String CREATES = "creates-per-thread";
    static final String ITERATIONS = "iterations";
    static final String KEY_SPACE = "key-space";

    static final List<WorkloadOption> OPTIONS = List.of(
            new WorkloadOption(CREATES, "N", "Pseudo file creates per thread and iteration; other than 1000 is "
                    + "labelled non-standard", Integer.toString(STANDARD_CREATES)),
            new WorkloadOption(ITERATIONS, "N", "Iterations (rounds of all threads); other than 50 is labelled "
                    + "non-standard", Integer.toString(STANDARD_ITERATIONS)),
            new WorkloadOption(KEY_SPACE, "N", "Draw the random keys from 1..N; a small N forces duplicate keys "
                    + "(retried with new keys and counted) and is labelled non-standard", "2^63-1"));

    long totalCreates() {
        return (long) threads * createsPerThread * iterations;
    }

    boolean standardShape() {
        return threads == STANDARD_THREADS && createsPerThread == STANDARD_CREATES && iterations == STANDARD_ITERATIONS;
    }

    /** @throws BadInputException for an unknown option, a bad value or an option hpss cannot honour */
    static HpssSettings parse(BenchmarkConfig config) {
        Map<String, String> options = config.options();
        for (String key : options.keySet()) {
            if (OPTIONS.stream().noneMatch(o -> o.name().equals(key))) {
                throw new BadInputException("unknown hpss option --" + key + ": hpss understands --threads, "
                        + OPTIONS.stream().map(o -> "--" + o.name()).collect(Collectors.joining(", ")));
            }
        }
        if (config.logic() == Logic.PROCEDURE) {
            throw new BadInputException("hpss measures the client's own statements, as HPSS servers issue them: "
                    + "drop --logic procedure");
        }
        if (config.arrival() != null && config.arrival() != ArrivalModel.STREAMS) {
            throw new BadInputException("hpss threads create files back to back (streams): drop --arrival "
                    + config.arrival().label());
        }
        if (config.ratePerSecond() > 0) {
            // seed 004 reports the rate the threads sustain; a paced run would report the pace
            throw new BadInputException("hpss measures the create rate its threads sustain back to back: drop --rate "
                    + config.ratePerSecond());
        }
        int threads = config.scale() == null ? STANDARD_THREADS : config.scale();
        int creates = (int) positive(options.get(CREATES), CREATES, STANDARD_CREATES, Integer.MAX_VALUE);
        int iterations = (int) positive(options.get(ITERATIONS), ITERATIONS, STANDARD_ITERATIONS, Integer.MAX_VALUE);
        long keySpace = positive(options.get(KEY_SPACE), KEY_SPACE, STANDARD_KEY_SPACE, Long.MAX_VALUE);
        HpssSettings s = new HpssSettings(threads, creates, iterations, keySpace);
        // with fewer than two keys per create the last creates would find no free key
        if (keySpace / 2 < s.totalCreates()) {
            throw new BadInputException("--" + KEY_SPACE + " " + keySpace + " is too small for " + s.totalCreates()
                    + " creates: give at least twice as many keys (" + 2 * s.totalCreates() + ")");
        }
        return s;
    }

    private static long positive(String text, String name, long standard, long max) {
        if (text == null) {
            return standard;
        }
        try {
            long value = Long.parseLong(text.trim());
            if (value >= 1 && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new BadInputException("--" + name + " must be a whole number from 1 to " + max + " (got '" + text + "')");
    }
}
