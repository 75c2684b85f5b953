package io.tpkit.metrics;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Builds a benchmark's headline figures, each under an id: a camelCase identifier like the other
 * keys of result.json ({@code nopm}, {@code createsPerSecondLastIteration}), so that a program
 * (or {@code jq .headline.nopm.value}) reads a figure by a name that does not change with its
 * wording; the wording is the figure's {@link HeadlineFigure#label() label}.
 */
public final class Headline {
    private static final Pattern ID = Pattern.compile("[a-z][A-Za-z0-9]*");
    private final Map<String, HeadlineFigure> figures = new LinkedHashMap<>();

    /** Adds a figure. */
    public Headline add(String id, String label, double value, String unit) {
        return put(id, new HeadlineFigure(label, value, unit, null));
    }

    /** Adds a figure that is not shown for this run, with the reason. */
    public Headline notShown(String id, String label, String unit, String why) {
        return put(id, new HeadlineFigure(label, null, unit, why));
    }

    private Headline put(String id, HeadlineFigure figure) {
        if (!isId(id)) {
            throw new IllegalArgumentException("a headline figure's id is a camelCase identifier, not '" + id + "'");
        }
        if (figures.putIfAbsent(id, figure) != null) {
            throw new IllegalArgumentException("two headline figures with the id " + id);
        }
        return this;
    }

    /** The figures by id, in the order added. */
    public Map<String, HeadlineFigure> figures() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(figures));
    }

    /** Whether {@code text} is an id: a lower-case letter, then letters and digits. */
    public static boolean isId(String text) {
        return text != null && ID.matcher(text).matches();
    }

    /**
     * The id of a figure's short name: the words before any parenthesis, "/s" read as "per
     * second", "/min" as "per minute" and "%" as "pct", in camelCase ("creates/s last iteration"
     * is {@code createsPerSecondLastIteration}, "t1-amend per second" {@code t1AmendPerSecond}).
     */
    public static String id(String words) {
        int paren = words.indexOf('(');
        String name = (paren >= 0 ? words.substring(0, paren) : words).replace("/s", " per second")
                .replace("/min", " per minute").replace("%", " pct");
        StringBuilder id = new StringBuilder();
        for (String word : name.split("[^A-Za-z0-9]+")) {
            if (word.isEmpty()) {
                continue;
            }
            String lower = word.toLowerCase(Locale.ROOT);
            id.append(id.isEmpty() ? lower : Character.toUpperCase(lower.charAt(0)) + lower.substring(1));
        }
        if (!isId(id.toString())) {
            throw new IllegalArgumentException("no identifier can be made of '" + words + "'");
        }
        return id.toString();
    }
}
