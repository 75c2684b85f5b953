package io.tpkit.split;

import io.tpkit.config.Partition;

/** A command's {@link Share}, from the part it was given ({@code --partition}). */
public final class Shares {
    private Shares() {
    }

    /** @param part the part this process is, or null for the whole */
    public static Share of(Partition part) {
        return part == null ? Whole.SHARE : new OnePart(part);
    }
}
