package io.tpkit.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How a run of a series had its data prepared ({@code database.startingData} in result.json).
 *
 * @param method  {@value #RESTORE}, {@value #RELOAD} or {@value #AS_LEFT}
 * @param how     in words
 * @param seconds how long the restore or the reload took; null for {@code as-left}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StartingDataSection(String method, String how, Double seconds) {
    /** The method of a run whose data was restored from the series' copy. */
    public static final String RESTORE = "restore";
    /** The method of a run whose data was loaded again. */
    public static final String RELOAD = "reload";
    /** The method of a run on the data as the previous run left it. */
    public static final String AS_LEFT = "as-left";

    /** The data was restored from the series' copy, not reloaded or left as the previous run had it. */
    public boolean restored() {
        return RESTORE.equals(method);
    }
}
