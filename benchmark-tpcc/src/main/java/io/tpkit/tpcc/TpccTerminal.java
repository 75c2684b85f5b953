package io.tpkit.tpcc;

import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Terminal;
import java.util.SplittableRandom;

/**
 * One emulated TPC-C user: deals the next transaction from its own card deck, generates the
 * input for its home warehouse, keys it for the type's constant keying time, and thinks for a
 * negative-exponential time afterwards.
 */
final class TpccTerminal implements Terminal {
    private final CardDeck deck;
    private final TpccInputs inputs;
    private final SplittableRandom random;
    private final InputAudit audit;
    private final HomeAudit home;

    TpccTerminal(CardDeck deck, TpccInputs inputs, SplittableRandom random, InputAudit audit, HomeAudit home) {
        this.deck = deck;
        this.inputs = inputs;
        this.random = random;
        this.audit = audit;
        this.home = home;
        home.bind(inputs.homeWarehouse(), inputs.stockLevelDistrict());
    }

    @Override
    public Request next() {
        Request request = inputs.next(deck.deal());
        audit.count(request);
        home.count(request, inputs.homeWarehouse(), inputs.stockLevelDistrict());
        return request;
    }

    @Override
    public long keyingNanos(Request request) {
        return TpccTransactionType.values()[request.type()].keying().toNanos();
    }

    @Override
    public long thinkNanos(Request request) {
        return ThinkTime.nanos(TpccTransactionType.values()[request.type()], random);
    }
}
