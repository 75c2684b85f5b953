package io.tpkit.result;

import java.util.Locale;

/**
 * Quantities as people read them, one way everywhere tpkit writes for people (report.html,
 * comparison.txt and .html, the console): bytes in binary units, durations in hours, minutes and
 * seconds, figures with thousands separators. result.json keeps the exact values.
 */
public final class Units {
    private Units() {
    }

    /** "512 bytes", "1.2 KiB", "120.5 MiB", "1.2 GiB"; "-" for a negative count (not known). */
    public static String bytes(double bytes) {
        if (bytes < 0 || !Double.isFinite(bytes)) {
            return "-";
        }
        if (bytes < 1024) {
            return String.format(Locale.ROOT, "%.0f bytes", bytes);
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
        double v = bytes / 1024;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, v >= 100 ? "%.0f %s" : "%.1f %s", v, units[u]);
    }

    /**
     * "850 ms", "4.2 s", "59 s", "3 min 20 s", "2 h 5 min"; "-" when not known. Below a minute
     * a tenth of a second is kept (a 1.6 s stall is not 2 s); above, whole seconds, and above an
     * hour whole minutes.
     */
    public static String duration(double seconds) {
        if (seconds < 0 || !Double.isFinite(seconds)) {
            return "-";
        }
        if (seconds < 1) {
            return String.format(Locale.ROOT, "%.0f ms", seconds * 1000);
        }
        if (seconds < 10) {
            return String.format(Locale.ROOT, "%.1f s", seconds);
        }
        long s = Math.round(seconds);
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return s / 60 + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
        }
        long min = Math.round(seconds / 60);
        return min / 60 + " h" + (min % 60 == 0 ? "" : " " + min % 60 + " min");
    }

    /**
     * A measured figure: thousands separators and two decimals, also when whole ("1,918.00"),
     * so that a column reads one way.
     */
    public static String figure(double v) {
        return String.format(Locale.ROOT, "%,.2f", v);
    }

    /** A count: an integer with thousands separators ("598,569"). */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** "1 warehouse", "2 warehouses", "1 branch", "3 threads": a number of a plural unit. */
    public static String of(long n, String pluralUnit) {
        if (pluralUnit == null || pluralUnit.isEmpty()) {
            return count(n);
        }
        String unit = pluralUnit;
        if (n == 1) {
            unit = pluralUnit.endsWith("ches") || pluralUnit.endsWith("shes") || pluralUnit.endsWith("sses")
                    ? pluralUnit.substring(0, pluralUnit.length() - 2)
                    : pluralUnit.endsWith("s") ? pluralUnit.substring(0, pluralUnit.length() - 1) : pluralUnit;
        }
        return count(n) + " " + unit;
    }
}
