package io.tpkit.tp1;

import io.tpkit.api.ArrivalModel;
import io.tpkit.api.Logic;

/**
 * The checked configuration of one TP1 run.
 *
 * @param arrival {@code STREAMS} is TPC-B (drivers back to back), {@code CLOSED} is TPC-A
 *                (terminals with think time)
 */
record Tp1Settings(Tp1Size size, StatementOrder order, Logic logic, ArrivalModel arrival) {
    boolean tpcA() {
        return arrival == ArrivalModel.CLOSED;
    }
}
