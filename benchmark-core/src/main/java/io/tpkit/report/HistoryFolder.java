package io.tpkit.report;

import io.tpkit.history.History;
import io.tpkit.history.HistoryText;
import io.tpkit.result.ResultFolder;
import io.tpkit.result.ResultWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes history.json, history.txt and history.html into a folder of their own, all or nothing. */
public final class HistoryFolder {
    private HistoryFolder() {
    }

    /** @return the history with the finished folder's path */
    public static History write(Path outDir, History h) {
        int groups = h.groups().size();
        try (ResultFolder folder = ResultFolder.create(outDir, "history", groups + (groups == 1 ? "-group" : "-groups"))) {
            History written = h.withFolder(folder.finalPath().toString());
            ResultWriter.writeJson(folder.file(History.FILE), written);
            Files.writeString(folder.file("history.txt"), HistoryText.render(written), StandardCharsets.UTF_8);
            HistoryReport.write(folder.file(History.FILE).getParent());
            Path dir = folder.commit();
            return h.withFolder(dir.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the history into " + outDir, e);
        }
    }
}
