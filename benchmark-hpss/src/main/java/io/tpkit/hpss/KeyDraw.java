package io.tpkit.hpss;

import java.util.SplittableRandom;

/** One thread's source of random primary keys in 1..keySpace (0 is the root directory). */
final class KeyDraw {
    private final SplittableRandom random;
    private final long keySpace;

    KeyDraw(SplittableRandom random, long keySpace) {
        this.random = random;
        this.keySpace = keySpace;
    }

    /** A new pseudo file with freshly drawn keys. */
    CreateFile next() {
        return new CreateFile(key(), key(), this);
    }

    private long key() {
        return keySpace == Long.MAX_VALUE ? 1 + random.nextLong(Long.MAX_VALUE - 1) : 1 + random.nextLong(keySpace);
    }
}
