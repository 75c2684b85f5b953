package io.tpkit.result;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * The machine and software the driver ran on ({@code environment} in result.json); a field that
 * a run did not record (or an older tpkit did not) is null and left out of the file.
 *
 * @param tpkitVersion            the project's version
 * @param java                    the JVM's vendor, name and version
 * @param os                      the operating system's name, version and architecture
 * @param cpus                    the processors the driver's JVM saw; a merged run's: those of its
 *                                drivers' machines, each machine counted once
 * @param memoryBytes             the machine's memory
 * @param maxHeapBytes            the driver's largest heap
 * @param jvmOptions              how the driver's JVM was started
 * @param garbageCollectors       the driver's garbage collectors
 * @param peakHeapUsedBytes       the heap's high-water mark when the run was written
 * @param host                    the driver's host name
 * @param machine                 the kernel's boot id (Linux), which parts of a split run on one
 *                                machine share
 * @param driverCpuSeconds        the driver's CPU over the whole run, start-up included
 * @param driverCpuMicrosPerCommit what results older than the {@code cost} section recorded
 * @param drivers                 a merged run's: the parts' hosts
 * @param machines                a merged run's: how many machines its parts ran on
 * @param rest                    keys this version does not name (written by a later version)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EnvironmentSection(String tpkitVersion, String java, String os, Integer cpus, Long memoryBytes,
                                 Long maxHeapBytes, String jvmOptions, String garbageCollectors,
                                 Long peakHeapUsedBytes, String host, String machine, Double driverCpuSeconds,
                                 Double driverCpuMicrosPerCommit, List<String> drivers, Integer machines,
                                 @JsonAnySetter @JsonAnyGetter Map<String, Object> rest) {
    public EnvironmentSection {
        rest = Sections.rest(rest);
    }

    /** The section as written, for a list of every key. */
    public Map<String, Object> asMap() {
        return Sections.asMap(this);
    }

    /** The same with the driver's CPU over the whole run. */
    public EnvironmentSection withDriverCpuSeconds(Double seconds) {
        return new EnvironmentSection(tpkitVersion, java, os, cpus, memoryBytes, maxHeapBytes, jvmOptions,
                garbageCollectors, peakHeapUsedBytes, host, machine, seconds, driverCpuMicrosPerCommit, drivers,
                machines, rest);
    }

    /** A merged run's: its parts' hosts, and the CPUs of the machines they ran on. */
    public EnvironmentSection merged(List<String> driverHosts, int machineCpus, int machineCount) {
        return new EnvironmentSection(tpkitVersion, java, os, machineCpus, memoryBytes, maxHeapBytes, jvmOptions,
                garbageCollectors, peakHeapUsedBytes, host, machine, driverCpuSeconds, driverCpuMicrosPerCommit,
                driverHosts, machineCount, rest);
    }
}
