package io.tpkit.result;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * The workload as the run had it ({@code workload} in result.json): the effective values where
 * the configuration left the workload its defaults.
 *
 * @param name              the workload's name
 * @param arrival           the arrival model ({@code streams}, {@code closed}, {@code open})
 * @param terminals         the terminals driven (a merged run's: all its parts')
 * @param connections       the connections opened (a merged run's: all its parts')
 * @param standardTerminals the terminals the benchmark's standard has at this scale, -1 when it names none
 * @param transactionTypes  the workload's transaction types, in its order
 * @param parameters        the workload's own effective parameters: open-ended, each workload's own
 * @param part              a part of a split run: what it records for the merge
 * @param parts             a merged run's: each part's record
 * @param rest              keys this version does not name (written by an older or a later version)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WorkloadSection(String name, String arrival, Integer terminals, Integer connections,
                             Integer standardTerminals, List<String> transactionTypes, Map<String, Object> parameters,
                             PartRecord part, List<PartRecord> parts,
                             @JsonAnySetter @JsonAnyGetter Map<String, Object> rest) {
    public WorkloadSection {
        rest = Sections.rest(rest);
    }

    /** The terminals, 0 when not recorded. */
    public int terminalsOrZero() {
        return terminals == null ? 0 : terminals;
    }

    /** The connections, 0 when not recorded. */
    public int connectionsOrZero() {
        return connections == null ? 0 : connections;
    }

    /** The same with a part's record: a part of a split run. */
    public WorkloadSection withPart(PartRecord record) {
        return new WorkloadSection(name, arrival, terminals, connections, standardTerminals, transactionTypes,
                parameters, record, parts, rest);
    }

    /** The workload of a run merged from {@code records}: their terminals and connections together. */
    public WorkloadSection merged(int allTerminals, int allConnections, List<PartRecord> records) {
        return new WorkloadSection(name, arrival, allTerminals, allConnections, standardTerminals, transactionTypes,
                parameters, null, records, rest);
    }

    /** The section as written, for a walk over every key. */
    public Map<String, Object> asMap() {
        return Sections.asMap(this);
    }
}
