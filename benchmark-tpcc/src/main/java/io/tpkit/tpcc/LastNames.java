package io.tpkit.tpcc;

/**
 * C_LAST from a number in [0..999] (§4.3.2.3): its three decimal digits, hundreds first, each
 * mapped to a syllable. 0 is BARBARBAR, 371 PRICALLYOUGHT, 999 EINGEINGEING.
 */
public final class LastNames {
    private static final String[] SYLLABLES =
            {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"};

    private LastNames() {
    }

    public static String of(int n) {
        if (n < 0 || n > 999) {
            throw new IllegalArgumentException("a last-name number is in [0..999]: " + n);
        }
        return SYLLABLES[n / 100] + SYLLABLES[n / 10 % 10] + SYLLABLES[n % 10];
    }
}
