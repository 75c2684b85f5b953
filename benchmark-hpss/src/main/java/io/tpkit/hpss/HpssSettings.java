package io.tpkit.hpss;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.DurationText;
import io.tpkit.config.Logic;
import io.tpkit.spi.workload.WorkloadOption;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The shape of an HPSS run: the report's 20 threads x 1,000 creates x 50 iterations unless
 * changed, the range random keys are drawn from, how iterations follow each other, and the
 * driver's warm-up before the first.
 */
record HpssSettings(int threads, int createsPerThread, int iterations, long keySpace, boolean restart,
                    Duration pause, int warmUpCreates) {
    static final int STANDARD_THREADS = 20;
    static final int STANDARD_CREATES = 1_000;
    static final int STANDARD_ITERATIONS = 50;
    /** Keys are drawn from 1..keySpace; 0 is the root directory. */
    static final long STANDARD_KEY_SPACE = Long.MAX_VALUE;

    static final int STANDARD_WARM_UP = 3_000;

    static final String CREATES = "creates-per-thread";
    static final String ITERATIONS = "iterations";
    static final String KEY_SPACE = "key-space";
    static final String MODE = "iteration-mode";
    static final String PAUSE = "iteration-pause";
    static final String WARM_UP = "warm-up-creates";

    static final List<WorkloadOption> OPTIONS = List.of(
            new WorkloadOption(CREATES, "N", "Pseudo file creates per thread and iteration; other than 1000 is "
                    + "labelled non-standard", Integer.toString(STANDARD_CREATES)),
            new WorkloadOption(ITERATIONS, "N", "Iterations (rounds of all threads); other than 50 is labelled "
                    + "non-standard", Integer.toString(STANDARD_ITERATIONS)),
            new WorkloadOption(KEY_SPACE, "N", "Draw the random keys from 1..N; a small N forces duplicate keys "
                    + "(retried with new keys and counted) and is labelled non-standard", "2^63-1"),
            new WorkloadOption(MODE, "continue|restart", "continue: the threads' connections, opened and prepared "
                    + "before the first iteration's clock, serve every iteration back to back; restart: every "
                    + "iteration opens its connections and prepares its statements inside its own clock and closes "
                    + "them after, as the report's script started its program afresh for each iteration", "continue"),
            new WorkloadOption(PAUSE, "TIME", "With --iteration-mode restart: wait TIME between iterations (after "
                    + "one's connections close, before the next one's clock starts), e.g. 5s", "0s"),
            new WorkloadOption(WARM_UP, "N", "Creates per thread into temporary tables before the first iteration's "
                    + "clock, to warm up the driver (the JVM compiles its code) so that the first iteration does not "
                    + "pay for it; the benchmark's tables stay empty; 0 for none",
                    Integer.toString(STANDARD_WARM_UP)));

    HpssSettings(int threads, int createsPerThread, int iterations, long keySpace) {
        this(threads, createsPerThread, iterations, keySpace, false, Duration.ZERO, STANDARD_WARM_UP);
    }

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
        if (config.logic() != Logic.CLIENT) {
            throw new BadInputException("hpss measures the client's own statements, as HPSS servers issue them: "
                    + "drop --logic " + config.logic().label());
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
        if (threads > BenchmarkConfig.MAX_CONNECTIONS) {
            // one connection each
            throw new BadInputException("--threads must be from 1 to " + BenchmarkConfig.MAX_CONNECTIONS + ", one "
                    + "connection each (got " + threads + ")");
        }
        int creates = (int) positive(options.get(CREATES), CREATES, STANDARD_CREATES, Integer.MAX_VALUE);
        int iterations = (int) positive(options.get(ITERATIONS), ITERATIONS, STANDARD_ITERATIONS, Integer.MAX_VALUE);
        long keySpace = positive(options.get(KEY_SPACE), KEY_SPACE, STANDARD_KEY_SPACE, Long.MAX_VALUE);
        String mode = options.getOrDefault(MODE, "continue").trim().toLowerCase(Locale.ROOT);
        if (!mode.equals("continue") && !mode.equals("restart")) {
            throw new BadInputException("--" + MODE + " is continue or restart (got '" + options.get(MODE) + "')");
        }
        boolean restart = mode.equals("restart");
        Duration pause = options.containsKey(PAUSE) ? DurationText.parse(options.get(PAUSE)) : Duration.ZERO;
        if (!restart && !pause.isZero()) {
            throw new BadInputException("--" + PAUSE + " pauses between restarted iterations: give --" + MODE
                    + " restart as well (continued iterations follow each other at once)");
        }
        int warmUp = (int) number(options.get(WARM_UP), WARM_UP, STANDARD_WARM_UP, 0, Integer.MAX_VALUE);
        HpssSettings s = new HpssSettings(threads, creates, iterations, keySpace, restart, pause, warmUp);
        // with fewer than two keys per create the last creates would find no free key
        if (keySpace / 2 < s.totalCreates()) {
            throw new BadInputException("--" + KEY_SPACE + " " + keySpace + " is too small for " + s.totalCreates()
                    + " creates: give at least twice as many keys (" + 2 * s.totalCreates() + ")");
        }
        return s;
    }

    private static long positive(String text, String name, long standard, long max) {
        return number(text, name, standard, 1, max);
    }

    private static long number(String text, String name, long standard, long min, long max) {
        if (text == null) {
            return standard;
        }
        try {
            long value = Long.parseLong(text.trim());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new BadInputException("--" + name + " must be a whole number from " + min + " to " + max + " (got '"
                + text + "')");
    }
}
