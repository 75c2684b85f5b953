package io.tpkit.tpcc;

/**
 * The C constants of NURand (§2.1.6), one per field, drawn once and shared by every terminal.
 * The C_LAST constant used to populate the database ({@code C_LOAD}) must be kept: the run's
 * C_LAST constant must differ from it by 65..119, but not by 96 or 112 (§2.1.6.1), so that a run
 * does not hit exactly the names the load made hot.
 */
public record NURandConstants(int cLast, int cId, int olIId) {
    public static final int A_C_LAST = 255;
    public static final int A_C_ID = 1023;
    public static final int A_OL_I_ID = 8191;

    public NURandConstants {
        check("C_LAST", cLast, A_C_LAST);
        check("C_ID", cId, A_C_ID);
        check("OL_I_ID", olIId, A_OL_I_ID);
    }

    /** Fresh constants for populating a database. */
    public static NURandConstants forLoad(TpccRandom random) {
        return new NURandConstants(random.uniform(0, A_C_LAST), random.uniform(0, A_C_ID),
                random.uniform(0, A_OL_I_ID));
    }

    /**
     * Fresh constants for a run against a database loaded with {@code cLastLoad}: C_LAST is
     * redrawn until the delta rule holds (a legal value exists for every load constant, since
     * either {@code cLoad + 65 <= 255} or {@code cLoad - 65 >= 0}).
     */
    public static NURandConstants forRun(TpccRandom random, int cLastLoad) {
        check("C_LOAD", cLastLoad, A_C_LAST);
        int cLast;
        do {
            cLast = random.uniform(0, A_C_LAST);
        } while (!validCLastDelta(cLastLoad, cLast));
        return new NURandConstants(cLast, random.uniform(0, A_C_ID), random.uniform(0, A_OL_I_ID));
    }

    /** §2.1.6.1: {@code |C_RUN - C_LOAD|} in [65..119] and neither 96 nor 112. */
    public static boolean validCLastDelta(int cLoad, int cRun) {
        int delta = Math.abs(cRun - cLoad);
        return delta >= 65 && delta <= 119 && delta != 96 && delta != 112;
    }

    private static void check(String field, int c, int a) {
        if (c < 0 || c > a) {
            throw new IllegalArgumentException("NURand constant for " + field + " must be in [0.." + a + "]: " + c);
        }
    }
}
