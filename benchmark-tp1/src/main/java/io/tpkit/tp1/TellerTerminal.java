package io.tpkit.tp1;

import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Terminal;
import java.util.SplittableRandom;

/**
 * A TPC-A terminal: bound to one teller, no keying time, a truncated negative-exponential think
 * time with a 10 s mean after each response.
 */
final class TellerTerminal implements Terminal {
    private final int tid;
    private final DebitCreditInput input;
    private final SplittableRandom random;

    TellerTerminal(int tid, DebitCreditInput input, SplittableRandom random) {
        this.tid = tid;
        this.input = input;
        this.random = random;
    }

    /**
     * The teller of terminal {@code index} of {@code count}: terminal i gets teller i+1 when there
     * is one terminal per teller (the standard); otherwise terminals are spread evenly over the
     * tellers, so that a smaller count still reaches every branch rather than the first few.
     */
    static int tellerOf(int index, int count, int tellers) {
        return (int) ((long) index * tellers / count) + 1;
    }

    int tid() {
        return tid;
    }

    @Override
    public Request next() {
        return input.forTeller(tid);
    }

    @Override
    public long thinkNanos(Request request) {
        return ThinkTime.nextNanos(random);
    }
}
