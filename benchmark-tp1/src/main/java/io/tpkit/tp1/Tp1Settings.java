package io.tpkit.tp1;

import io.tpkit.config.ArrivalModel;
import io.tpkit.config.Logic;

/**
 * The checked configuration of one TP1 run.
 *
 * @param arrival {@code STREAMS} is TPC-B (drivers back to back), {@code CLOSED} is TPC-A
 *                (terminals with think time)
 * @param sub     DebitCredit itself ({@link SubTransaction#NONE}) or one of the sub-transactions
 *                that bound its throughput
 * @param streams the connections, one stream each with {@code STREAMS}: T1 gives each its own keys
 * @param ops     a sub-transaction's operations (amends or appends) per transaction and round trip
 *                ({@code --ops-per-transaction}); 1 for DebitCredit
 */
record Tp1Settings(Tp1Size size, StatementOrder order, Logic logic, ArrivalModel arrival, SubTransaction sub,
                   int streams, int ops) {
    Tp1Settings(Tp1Size size, StatementOrder order, Logic logic, ArrivalModel arrival) {
        this(size, order, logic, arrival, SubTransaction.NONE, io.tpkit.config.BenchmarkConfig.DEFAULT_CONNECTIONS, 1);
    }

    Tp1Settings(Tp1Size size, StatementOrder order, Logic logic, ArrivalModel arrival, SubTransaction sub,
                int streams) {
        this(size, order, logic, arrival, sub, streams, sub == SubTransaction.NONE ? 1
                : Tp1Options.DEFAULT_OPS_PER_TRANSACTION);
    }

    boolean tpcA() {
        return arrival == ArrivalModel.CLOSED;
    }
}
