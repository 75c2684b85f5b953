package io.tpkit.scheduler;

import io.tpkit.spi.workload.Request;
import io.tpkit.spi.workload.Terminal;

/**
 * A terminal's life as an explicit state machine, written once for every arrival model (as
 * pgbench's client is: its CSTATE_CHOOSE_SCRIPT, START_TX, THROTTLE, END_TX...). The arrival
 * model ({@link Model}, which every {@code Arrivals} is) says only what differs: which terminal
 * asks, where a request's intended start comes from (back to back, a keying time, a slot of the rate schedule), and whether the
 * life waits on its own thread or in the {@link DueQueue} while a server serves others.
 *
 * <p>Only one thread at a time moves a life on: its stream's, or the server that took it from
 * the due queue.
 */
class TerminalLife {
    /** Where a life is; {@link #advance} moves it on one state at a time. */
    enum State {
        /** Draws the next request ({@link Model#choose}); a stopping run ends here. */
        CHOOSE,
        /** Waits out the request's keying time ({@link Model#keyed}): the closed model queues it. */
        WAIT,
        /** Takes the request's slot of the rate schedule and waits for it ({@link Model#throttle}). */
        THROTTLE,
        /** Skips a request already too late for its slot, or counts it as started. */
        START,
        /** Runs the request, or queues a deferred one. */
        RUN,
        /** Counts a committed request against the terminal's share (and the rounds' barrier). */
        RECORD,
        /** Thinks before the next request ({@link Model#think}). */
        THINK,
        /** Done with its share, or the run is stopping. */
        DONE
    }

    /**
     * What an arrival model's states do that the others' do not: the hooks {@link #advance}
     * calls. Here, beside the life, so that the machine and its hooks are one file.
     */
    interface Model {
        /** {@link State#CHOOSE}: sets the life's next request, drawn from its terminal. */
        void choose(TerminalLife life, ConnectionWorker server);

        /**
         * {@link State#WAIT}: waits out the request's keying time.
         *
         * @return false when the life waits elsewhere (the due queue), to resume at its slot
         */
        default boolean keyed(TerminalLife life) {
            return true; // no keying time: the request is due at once
        }

        /**
         * {@link State#THROTTLE}: sets the request's intended start (and slot, with a
         * rate limit), waiting for it if it is not due yet.
         *
         * @return {@code START} to go on, {@code THROTTLE} when the life waits elsewhere for its
         *         slot, or {@code DONE} when the run stopped while it waited
         */
        State throttle(TerminalLife life);

        /** {@link State#THINK}: the think time after a request (run or skipped). */
        default void think(TerminalLife life) {
            // none: the next request comes back to back
        }
    }

    /** A life that draws from the terminals in turn (the open model's): it has no share to count. */
    static final int NO_TERMINAL = -1;

    /** Its terminal, or null when the model draws from several ({@link #NO_TERMINAL}). */
    final Terminal terminal;
    /** Its terminal's index, or {@link #NO_TERMINAL}. */
    final int index;
    /** Its terminal's share of a run by count, per round. */
    final long quota;
    /** Committed in the measurement so far. */
    long count;
    State state;
    Request request;
    /** The request's intended start: response time counts from here. */
    long intended;
    /** The request's slot of the {@code --rate} schedule, once it has one. */
    long slot;
    /** Whether the request already has its slot. */
    boolean slotted;
    /** When the request's service starts, or 0 for the clock at {@link State#START}. */
    long serviceStart;
    /** The request was skipped as too late rather than run (until the next is chosen). */
    boolean skipped;
    /** The request committed, or was queued, in the measurement: it counts against the share. */
    boolean committed;
    /** Restart mode: the round whose connection this life has opened. */
    long opened = -1;

    TerminalLife(Terminal terminal, int index, long quota) {
        this.terminal = terminal;
        this.index = index;
        this.quota = quota;
        this.state = quota > 0 ? State.CHOOSE : State.DONE;
    }

    /**
     * Moves the life on, on {@code server}, until it ends or its model parks it in a queue
     * (the state is then where the life resumes, when a server takes it).
     *
     * @return the state it stopped in: {@link State#DONE}, or where it waits
     */
    final State advance(Model model, Dispatch d, ConnectionWorker server) {
        while (true) {
            switch (state) {
                case CHOOSE -> {
                    if (d.stopping()) {
                        state = State.DONE;
                    } else {
                        model.choose(this, server);
                        skipped = false;
                        state = State.WAIT;
                    }
                }
                case WAIT -> {
                    state = State.THROTTLE;
                    if (!model.keyed(this)) {
                        return State.WAIT;
                    }
                }
                case THROTTLE -> {
                    State next = model.throttle(this);
                    if (next == State.THROTTLE) {
                        return next;
                    }
                    state = next;
                }
                case START -> start(d);
                case RUN -> {
                    committed = d.runOrQueue(server, request, intended, serviceStart);
                    state = State.RECORD;
                }
                case RECORD -> {
                    boolean counts = committed && index != NO_TERMINAL;
                    state = counts && !d.counted(index, ++count, quota, server) ? State.DONE : State.THINK;
                }
                case THINK -> {
                    model.think(this);
                    state = State.CHOOSE;
                }
                case DONE -> {
                    if (index != NO_TERMINAL && count >= quota * d.settings.iterations()) {
                        d.finished[index] = System.nanoTime();
                    }
                    return State.DONE;
                }
            }
        }
    }

    /**
     * With a rate limit, a request already later than the latency limit is skipped (pgbench's
     * --latency-limit, which needs a schedule: without one no request is late); one that goes on
     * is counted as started at its slot.
     */
    private void start(Dispatch d) {
        if (d.pacer == null) {
            state = State.RUN;
            return;
        }
        if (d.tooLate(request, slot)) {
            skipped = true;
            state = State.THINK;
            return;
        }
        d.metrics.recordStarted(slot);
        if (serviceStart == 0) {
            serviceStart = System.nanoTime();
        }
        state = State.RUN;
    }
}
