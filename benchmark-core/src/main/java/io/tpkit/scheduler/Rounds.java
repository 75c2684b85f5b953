package io.tpkit.scheduler;

import java.time.Duration;

/**
 * A count-mode run in rounds (HPSS's iterations): every terminal does its share of each round,
 * and the round ends when the last one has.
 *
 * @param count   how many rounds
 * @param restart whether every round opens its own connections (and prepares its statements on
 *                them) inside its clock, and closes them after, as a program started afresh for
 *                each round would; otherwise the connections opened before the first round serve
 *                them all
 * @param pause   with {@code restart}: how long to wait between one round's connections closing
 *                and the next round's clock starting (outside every round's clock)
 * @param rehearsal transactions each stream runs before the first round's clock on its session's
 *                {@link io.tpkit.spi.workload.Session#rehearsal() rehearsal}, to warm the driver up
 */
public record Rounds(int count, boolean restart, Duration pause, int rehearsal) {
    public Rounds {
        if (count < 1) {
            throw new IllegalArgumentException("rounds: at least one");
        }
        if (pause == null || pause.isNegative()) {
            throw new IllegalArgumentException("rounds: the pause must be 0 or more");
        }
        if (!restart && !pause.isZero()) {
            throw new IllegalArgumentException("rounds: a pause needs restart");
        }
        if (rehearsal < 0) {
            throw new IllegalArgumentException("rounds: the rehearsal must be 0 or more");
        }
    }

    /** {@code count} rounds on the same connections, back to back, with no rehearsal. */
    public static Rounds continuing(int count) {
        return new Rounds(count, false, Duration.ZERO, 0);
    }
}
