package io.tpkit.compare;

import io.tpkit.result.RunResult;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code tpkit compare} produced.
 *
 * @param runs   the runs done for this comparison, or empty when it was built from files
 * @param folder the folder holding comparison.json and comparison.txt
 */
public record ComparedRuns(Comparison comparison, List<RunResult> runs, Path folder) {
}
