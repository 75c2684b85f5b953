package io.tpkit.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a part of a run split across driver processes ({@code --partition}) records in its
 * result.json ({@code workload.part}) for {@code tpkit merge}: which part, which terminals, when
 * it started, and the counts the merge checks against the database's.
 *
 * @param runName             the name the parts met under
 * @param part                this part's number, from 1
 * @param parts               how many parts the run has
 * @param terminals           the whole run's terminal indices this part drove
 * @param wholeRunTerminals   the whole run's terminals
 * @param startEpochMs        the parts' common start, by the wall clock
 * @param lateMs              how late this part was for it
 * @param originEpochMs       the wall clock at this part's elapsed 0, with which the merge puts every
 *                            part's seconds on one clock; null in parts written before it was recorded
 * @param databaseCountBefore the database's count of the workload's transactions before the part
 *                            ran, for the merge's cross-check of every part's count against it
 * @param databaseCountAfter  the database's count when this part ended (the other parts may still
 *                            have been committing), -1 when not read, null in older parts: below
 *                            it, the database the merge finds is not as the parts left it
 * @param crossChecked        the committed transactions the merge cross-checks, over the whole part
 * @param crossUnknown        those of them lost during their commit (outcome unknown)
 */
public record PartRecord(String runName, int part, int parts, List<Integer> terminals, int wholeRunTerminals,
                         long startEpochMs, long lateMs, Long originEpochMs, long databaseCountBefore,
                         Long databaseCountAfter, long crossChecked, long crossUnknown) {
    /**
     * Read back from result.json, where numbers may come as any Number; a key that an older part
     * (or a hand-made record) lacks reads as unknown: null where the field may be, else -1 for the
     * database's count and 0 for the others.
     */
    @com.fasterxml.jackson.annotation.JsonCreator
    static PartRecord from(Map<String, Object> m) {
        return new PartRecord(String.valueOf(m.get("runName")), intOf(m.get("part"), 0), intOf(m.get("parts"), 0),
                m.get("terminals") instanceof List<?> l ? l.stream().map(t -> intOf(t, 0)).toList() : List.of(),
                intOf(m.get("wholeRunTerminals"), 0), longOf(m.get("startEpochMs"), 0), longOf(m.get("lateMs"), 0),
                m.get("originEpochMs") == null ? null : longOf(m.get("originEpochMs"), 0),
                longOf(m.get("databaseCountBefore"), -1),
                m.get("databaseCountAfter") == null ? null : longOf(m.get("databaseCountAfter"), -1),
                longOf(m.get("crossChecked"), 0), longOf(m.get("crossUnknown"), 0));
    }

    /** As written in result.json, the keys in this order; an unknown (null) field is left out, as older parts had it. */
    @com.fasterxml.jackson.annotation.JsonValue
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("runName", runName);
        m.put("part", part);
        m.put("parts", parts);
        m.put("terminals", terminals);
        m.put("wholeRunTerminals", wholeRunTerminals);
        m.put("startEpochMs", startEpochMs);
        m.put("lateMs", lateMs);
        if (originEpochMs != null) {
            m.put("originEpochMs", originEpochMs);
        }
        m.put("databaseCountBefore", databaseCountBefore);
        if (databaseCountAfter != null) {
            m.put("databaseCountAfter", databaseCountAfter);
        }
        m.put("crossChecked", crossChecked);
        m.put("crossUnknown", crossUnknown);
        return m;
    }

    /**
     * How long after the common start this part's elapsed 0 came: from the wall clock it recorded
     * there, or, for parts written before it was recorded, from its lateness for the start.
     */
    public double originAfterStartSeconds() {
        return originEpochMs == null ? lateMs / 1e3 : (originEpochMs - startEpochMs) / 1e3;
    }

    private static int intOf(Object o, int absent) {
        return o == null ? absent : o instanceof Number n ? n.intValue() : Integer.parseInt(String.valueOf(o));
    }

    private static long longOf(Object o, long absent) {
        return o == null ? absent : o instanceof Number n ? n.longValue() : Long.parseLong(String.valueOf(o));
    }
}
