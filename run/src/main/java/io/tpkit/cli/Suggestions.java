package io.tpkit.cli;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The options a mistyped one was probably meant as: the nearest by edit distance, close enough to
 * be a typing error (a letter or two per six), nearest first.
 */
final class Suggestions {
    private Suggestions() {
    }

    static List<String> nearest(String typed, Collection<String> known) {
        String t = typed.toLowerCase(java.util.Locale.ROOT);
        int allowed = Math.max(2, t.length() / 4);
        List<String> close = known.stream().filter(k -> k.startsWith("--"))
                .filter(k -> distance(t, k) <= allowed).toList();
        if (close.isEmpty()) {
            return close;
        }
        int best = close.stream().mapToInt(k -> distance(t, k)).min().orElseThrow();
        return close.stream().filter(k -> distance(t, k) == best).sorted(Comparator.naturalOrder()).limit(3).toList();
    }

    /** Levenshtein distance: insertions, deletions and substitutions. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
