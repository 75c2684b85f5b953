package io.tpkit.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Folder chores shared by result folders, embedded servers and workloads. */
public final class Folders {
    private Folders() {
    }

    /** Deletes a folder and everything in it, as far as it can (best effort, never throws). */
    public static void deleteQuietly(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // what is left says what it was (a ".partial" name, a temporary folder)
                }
            });
        } catch (IOException | java.io.UncheckedIOException ignored) {
            // best effort
        }
    }
}
