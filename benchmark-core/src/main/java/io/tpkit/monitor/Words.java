package io.tpkit.monitor;

import java.util.ArrayList;
import java.util.List;

/**
 * The whitespace-separated words of a line of a /proc file. The monitor reads several such
 * files every second on the driver's CPUs; {@code line.trim().split("\\s+")} compiled a regular
 * expression for every line (a few hundred a second, /proc/vmstat alone has about 180 lines),
 * which the profile of a TP1 run showed as most of the monitor thread's CPU.
 */
final class Words {
    private Words() {
    }

    /** The words of {@code line}, split at runs of spaces and tabs; none for a blank line. */
    static String[] of(String line) {
        List<String> words = new ArrayList<>(16);
        int n = line.length();
        int i = 0;
        while (i < n) {
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i > start) {
                words.add(line.substring(start, i));
            }
        }
        return words.toArray(new String[0]);
    }
}
