package io.tpkit.tp1;

import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Terminal;

/** A TPC-B driver stream: no think time, a uniformly chosen teller for every transaction. */
final class StreamTerminal implements Terminal {
    private final DebitCreditInput input;

    StreamTerminal(DebitCreditInput input) {
        this.input = input;
    }

    @Override
    public Request next() {
        return input.anyTeller();
    }
}
