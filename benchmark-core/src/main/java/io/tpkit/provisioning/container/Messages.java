package io.tpkit.provisioning.container;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The engine's own words from a docker-java exception, on one line. */
final class Messages {
    /** docker-java writes the engine's answer as {@code Status 404: {"message":"No such image: x"}}. */
    private static final Pattern ENGINE_MESSAGE = Pattern.compile("\"message\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

    private Messages() {
    }

    static String firstLine(Throwable e) {
        Throwable t = e;
        // a wrapper that only repeats its cause says nothing of its own
        while (t.getCause() != null && t.getCause() != t
                && (t.getMessage() == null || t.getMessage().equals(t.getCause().toString()))) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        Matcher engine = ENGINE_MESSAGE.matcher(m);
        if (engine.find()) {
            m = engine.group(1).replace("\\\"", "\"").replace("\\n", " ");
        }
        return m.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse(m).strip();
    }
}
