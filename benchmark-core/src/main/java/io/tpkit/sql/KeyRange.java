package io.tpkit.sql;

import io.tpkit.config.Partition;

/**
 * The keys of one part's slice of the units ({@code --partition I/N}), for checking a slice:
 * 1-based ids from {@code low} to {@code high}, inclusive. The first part's range is open below
 * and the last part's open above, so that the parts' ranges together hold every key, even one
 * no unit owns (a stray row numbered 0): what a check of the whole database would see, the
 * checks of the slices see too.
 *
 * @param low  the smallest key, or null for none
 * @param high the largest key, or null for none
 */
public record KeyRange(Long low, Long high) {

    /**
     * The range of part's slice of {@code units} when each unit owns {@code idsPerUnit}
     * consecutive ids from 1 (TPC-C's warehouses one, TP1's branches ten tellers).
     */
    public static KeyRange ofSlice(Partition part, int units, long idsPerUnit) {
        Long low = part.index() == 1 ? null : part.firstUnit(units) * idsPerUnit + 1;
        Long high = part.index() == part.count() ? null : part.endUnit(units) * idsPerUnit;
        return new KeyRange(low, high);
    }

    public boolean contains(long key) {
        return (low == null || key >= low) && (high == null || key <= high);
    }

    /**
     * {@code query}'s rows whose {@code column} (one of the columns it returns) is in the range,
     * in SQL that PostgreSQL and MySQL both read.
     */
    public String restrict(String query, String column) {
        if (low == null && high == null) {
            return query;
        }
        return "SELECT * FROM (" + query + ") sliced WHERE " + condition("sliced." + column);
    }

    /** The condition on {@code column} (an expression) that it is in the range; "1 = 1" for all keys. */
    public String condition(String column) {
        if (low == null && high == null) {
            return "1 = 1";
        }
        return low == null ? column + " <= " + high
                : high == null ? column + " >= " + low
                : column + " BETWEEN " + low + " AND " + high;
    }

    /** "ids 3 to 4", "ids from 3", "ids up to 2", for details. */
    public String describe() {
        return low == null && high == null ? "all ids" : low == null ? "ids up to " + high
                : high == null ? "ids from " + low : "ids " + low + " to " + high;
    }
}
