package io.tpkit.tp1;

import java.util.ArrayList;
import java.util.List;

/** An inclusive range of ids, {@code first..last}; used to split a load between threads. */
record IdRange(int first, int last) {
    long size() {
        return (long) last - first + 1;
    }

    /** Splits {@code 1..total} into at most {@code parts} contiguous ranges of near-equal size. */
    static List<IdRange> split(int total, int parts) {
        int n = Math.max(1, Math.min(parts, total));
        List<IdRange> ranges = new ArrayList<>(n);
        long first = 1;
        for (int i = 0; i < n; i++) {
            long size = total / n + (i < total % n ? 1 : 0);
            ranges.add(new IdRange((int) first, (int) (first + size - 1)));
            first += size;
        }
        return ranges;
    }
}
