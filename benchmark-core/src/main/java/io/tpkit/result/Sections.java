package io.tpkit.result;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the typed sections of result.json ({@link ConfigurationSection}, {@link EnvironmentSection},
 * {@link DatabaseSection}, {@link WorkloadSection}) share: their JSON form as a map, for the few
 * readers that walk every key (a history's grouping key, the report's list of the driver's
 * machine) rather than read one by name.
 */
public final class Sections {
    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() {
    };

    private Sections() {
    }

    /** A section as it is written in result.json, its keys in that order; a key left out there is left out here. */
    static Map<String, Object> asMap(Object section) {
        return ResultWriter.json().convertValue(section, MAP);
    }

    /** A map as the section it is written as: the keys a section names to its fields, the others to its rest. */
    static <T> T of(Map<String, ?> map, Class<T> section) {
        return ResultWriter.json().convertValue(map, section);
    }

    /** A section with nothing recorded: every field null, for a reader of a result without the section. */
    public static <T> T empty(Class<T> section) {
        return of(Map.of(), section);
    }

    /** The rest of a section, never null, in the order its keys came. */
    static Map<String, Object> rest(Map<String, Object> rest) {
        return rest == null ? new LinkedHashMap<>() : rest;
    }
}
