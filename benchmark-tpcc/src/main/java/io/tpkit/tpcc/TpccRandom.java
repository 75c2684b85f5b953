package io.tpkit.tpcc;

import java.util.SplittableRandom;

/**
 * The random functions of TPC-C (§2.1, §4.3.2): inclusive uniform draws, NURand, a-strings,
 * n-strings, zip codes, last names and the {@code ORIGINAL} brand mark. Not thread-safe: each
 * loader thread or terminal owns one, obtained with {@link #split()} or its own seed, so that no
 * two threads contend on (or share) a generator.
 */
public final class TpccRandom {
    /** The a-string alphabet: the usual reading of "at least 128 representable characters". */
    private static final char[] ALPHANUMERIC =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".toCharArray();
    private static final char[] LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".toCharArray();
    static final String ORIGINAL = "ORIGINAL";
    /** Share of ITEM/STOCK data marked {@code ORIGINAL} and of customers with bad credit, in %. */
    static final int TEN_PERCENT = 10;

    private final SplittableRandom random;

    public TpccRandom(long seed) {
        this(new SplittableRandom(seed));
    }

    private TpccRandom(SplittableRandom random) {
        this.random = random;
    }

    /** An independent generator for another thread. */
    public TpccRandom split() {
        return new TpccRandom(random.split());
    }

    /** {@code random(x, y)}: uniform on {@code [x..y]}, both ends included (§2.1.4). */
    public int uniform(int x, int y) {
        return random.nextInt(x, y + 1); // nextInt's upper bound is exclusive: the +1 is the spec
    }

    /** True with the given probability in percent, e.g. 10 for the 10 % rules. */
    public boolean percent(int p) {
        return uniform(1, 100) <= p;
    }

    /** {@code NURand(A, x, y)} with the run's constant {@code c} for that field (§2.1.6). */
    public int nuRand(int a, int c, int x, int y) {
        return (((uniform(0, a) | uniform(x, y)) + c) % (y - x + 1)) + x;
    }

    /** The run-time C_LAST draw, {@code NURand(255, 0, 999)}, as a last-name number. */
    public int lastNameNumber(NURandConstants c) {
        return nuRand(NURandConstants.A_C_LAST, c.cLast(), 0, 999);
    }

    /** The run-time C_ID draw, {@code NURand(1023, 1, 3000)}. */
    public int customerId(NURandConstants c) {
        return nuRand(NURandConstants.A_C_ID, c.cId(), 1, TpccScale.CUSTOMERS_PER_DISTRICT);
    }

    /** The run-time OL_I_ID draw, {@code NURand(8191, 1, 100000)}. */
    public int itemId(NURandConstants c) {
        return nuRand(NURandConstants.A_OL_I_ID, c.olIId(), 1, TpccScale.ITEMS);
    }

    /** a-string {@code [min..max]}: random alphanumeric characters, length uniform in the range. */
    public String aString(int min, int max) {
        return new String(chars(ALPHANUMERIC, uniform(min, max)));
    }

    /** n-string {@code [min..max]}: random decimal digits, length uniform in the range. */
    public String nString(int min, int max) {
        char[] s = new char[uniform(min, max)];
        for (int i = 0; i < s.length; i++) {
            s[i] = (char) ('0' + random.nextInt(10));
        }
        return new String(s);
    }

    /** Two random letters (W_STATE, D_STATE, C_STATE). */
    public String state() {
        return new String(chars(LETTERS, 2));
    }

    /** A 4-digit n-string followed by {@code 11111} (§4.3.2.7): only 10,000 zips, by design. */
    public String zip() {
        return nString(4, 4) + "11111";
    }

    /**
     * I_DATA / S_DATA: an a-string [26..50] that, in 10 % of rows chosen at random, carries
     * {@code ORIGINAL} at a random position; New-Order reports those items as brand-generic.
     */
    public String data() {
        char[] s = chars(ALPHANUMERIC, uniform(26, 50));
        if (percent(TEN_PERCENT)) {
            int at = uniform(0, s.length - ORIGINAL.length());
            ORIGINAL.getChars(0, ORIGINAL.length(), s, at);
        }
        return new String(s);
    }

    /** A random permutation of {@code 1..n} (O_C_ID at load: every customer gets one order). */
    public int[] permutation(int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i + 1;
        }
        for (int i = n - 1; i > 0; i--) { // Fisher-Yates
            int j = random.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    private char[] chars(char[] alphabet, int length) {
        char[] s = new char[length];
        for (int i = 0; i < length; i++) {
            s[i] = alphabet[random.nextInt(alphabet.length)];
        }
        return s;
    }
}
