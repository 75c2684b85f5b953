package io.tpkit.compare;

/**
 * Which way a figure is better, and the words a change in either way is called by: a throughput
 * (TPS, NOPM, creates/s) is better higher and goes "faster" or "slower"; a response time or a
 * cost is better lower and goes "higher" or "lower".
 */
public enum Better {
    HIGHER("faster", "slower"),
    LOWER("higher", "lower");

    private final String up;
    private final String down;

    Better(String up, String down) {
        this.up = up;
        this.down = down;
    }

    /** The word for a variant shown above the baseline. */
    public String up() {
        return up;
    }

    /** The word for a variant shown below the baseline. */
    public String down() {
        return down;
    }
}
