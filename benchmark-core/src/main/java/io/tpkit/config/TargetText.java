package io.tpkit.config;

import java.util.regex.Pattern;

/** Makes target strings safe to print: a password inside a JDBC URL is never shown. */
public final class TargetText {
    /** A password in a query string or after ';': up to the next parameter. */
    private static final Pattern URL_PASSWORD =
            Pattern.compile("(?i)(?<!\\()\\b(password|passwd|pwd)=[^&;]*");
    /**
     * MySQL's address form, {@code address=(host=h)(port=3306)(password=x)/db}: up to the
     * closing parenthesis, so that the rest of the URL stays.
     */
    private static final Pattern PARENTHESISED_PASSWORD =
            Pattern.compile("(?i)(\\(\\s*(?:password|passwd|pwd)\\s*=)[^)]*");
    private static final Pattern USERINFO = Pattern.compile("(//[^/:@]+):[^@/]*@");

    private TargetText() {
    }

    public static String redact(String target) {
        if (target == null) {
            return null;
        }
        String s = PARENTHESISED_PASSWORD.matcher(target).replaceAll("$1***");
        s = URL_PASSWORD.matcher(s).replaceAll("$1=***");
        return USERINFO.matcher(s).replaceAll("$1:***@");
    }
}
