package io.tpkit.report;

import io.tpkit.compare.Comparison;
import io.tpkit.compare.ComparisonTable;
import io.tpkit.result.ResultFolder;
import io.tpkit.result.ResultWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes comparison.json, comparison.txt and comparison.html into a folder of their own, all or nothing. */
public final class ComparisonFolder {
    private ComparisonFolder() {
    }

    /** @return the finished folder */
    public static Path write(Path outDir, Comparison c) {
        try (ResultFolder folder = ResultFolder.create(outDir, "compare-" + c.workload(), c.runs().size() + "-runs")) {
            ResultWriter.writeJson(folder.file("comparison.json"), c);
            Files.writeString(folder.file("comparison.txt"), ComparisonTable.render(c), StandardCharsets.UTF_8);
            ComparisonReport.write(folder.file("comparison.json").getParent());
            return folder.commit();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the comparison into " + outDir, e);
        }
    }

    /**
     * Writes comparison.json, comparison.txt and comparison.html into {@code dir}, a folder that
     * holds the compared runs already (tpkit compare WORKLOAD ... --repeat N): each file appears
     * complete, comparison.json after comparison.txt, comparison.html last.
     *
     * @return {@code dir}
     */
    public static Path writeInto(Path dir, Comparison c) {
        try (ResultFolder folder = ResultFolder.create(dir, "compare-" + c.workload(), "files")) {
            ResultWriter.writeJson(folder.file("comparison.json"), c);
            Files.writeString(folder.file("comparison.txt"), ComparisonTable.render(c), StandardCharsets.UTF_8);
            folder.commitFiles("comparison.json");
            ComparisonReport.write(dir);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the comparison into " + dir, e);
        }
    }
}
