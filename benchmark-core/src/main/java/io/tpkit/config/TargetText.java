package io.tpkit.config;

import java.util.regex.Pattern;

/** Makes target strings safe to print: a password inside a JDBC URL is never shown. */
public final class TargetText {
    private static final Pattern URL_PASSWORD =
            Pattern.compile("(?i)(password|passwd|pwd)=[^&;]*");
    private static final Pattern USERINFO = Pattern.compile("(//[^/:@]+):[^@/]*@");

    private TargetText() {
    }

    public static String redact(String target) {
        if (target == null) {
            return null;
        }
        String s = URL_PASSWORD.matcher(target).replaceAll("$1=***");
        return USERINFO.matcher(s).replaceAll("$1:***@");
    }
}
