package io.tpkit.sweep;

import java.nio.file.Path;

/**
 * What a workload's {@link io.tpkit.spi.workload.RunSequence} produced.
 *
 * @param folder     the sequence's folder (the runs' folders inside)
 * @param value      the workload's summary record, as written to its JSON file (the
 *                   workload's own type: TP1's bound is its {@code UpperBoundRuns.Result})
 * @param printed    what the command prints: the summary's table
 * @param consistent every run that finished passed its consistency checks
 */
public record SequenceResult(Path folder, Object value, String printed, boolean consistent) {
}
