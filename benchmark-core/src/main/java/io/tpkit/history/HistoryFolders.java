package io.tpkit.history;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.config.BadInputException;
import io.tpkit.result.ResultReader;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Finds every run's result.json and every set of repetitions' repeat.json under some folders
 * and reads them. A set of repetitions is one point; its repetitions' own folders (beside it, as
 * {@code --repeat} writes them) are not read again as single runs. Files that are not tpkit
 * results are counted by kind, not read.
 */
final class HistoryFolders {
    private static final String REPEAT_TOOL = "tpkit repeat";
    private static final String REPEAT_FILE = "repeat.json";

    private HistoryFolders() {
    }

    /**
     * A run or a set of repetitions, read.
     *
     * @param kind  {@link HistoryPoint#RUN} or {@link HistoryPoint#REPETITIONS}
     * @param facts the run's, or each repetition's
     */
    record Found(String kind, Path folder, String startedAt, Instant at, String workload, String product,
                 String target, Map<String, String> key, List<RunFacts> facts) {
    }

    /** What the folders held. */
    record Reading(List<Found> found, Map<String, List<Path>> skipped, int runs, int repetitionSets,
                   int repetitions) {
    }

    static Reading read(List<Path> folders) {
        if (folders.isEmpty()) {
            throw new BadInputException("history needs at least one folder: give the folders that hold result folders, "
                    + "e.g. tpkit history results");
        }
        List<Path> results = new ArrayList<>();
        List<Path> repeats = new ArrayList<>();
        Map<String, List<Path>> skipped = new LinkedHashMap<>();
        Set<Path> seen = new LinkedHashSet<>();
        for (Path folder : folders) {
            if (!Files.exists(folder)) {
                throw new BadInputException("no such folder: " + folder + " (give folders that hold tpkit result folders)");
            }
            walk(folder, results, repeats, skipped, seen);
        }
        Set<Path> repetitionDirs = new LinkedHashSet<>();
        List<Found> found = new ArrayList<>();
        int repetitions = 0;
        for (Path file : repeats) {
            JsonNode tree = tree(file, skipped);
            if (tree == null) {
                continue;
            }
            if (!REPEAT_TOOL.equals(tree.path("tool").asText())) {
                skip(skipped, "repeat.json not written by tpkit --repeat", file);
                continue;
            }
            Found f = repeat(file.getParent(), tree, repetitionDirs);
            repetitions += f.facts().size();
            found.add(f);
        }
        int runs = 0;
        for (Path file : results) {
            if (repetitionDirs.contains(real(file.getParent()))) {
                continue; // counted in its set of repetitions
            }
            JsonNode tree = tree(file, skipped);
            if (tree == null) {
                continue;
            }
            if (!tree.isObject() || !tree.has("metrics") || !tree.has("workload")) {
                skip(skipped, "result.json that is not a tpkit result", file);
                continue;
            }
            RunResult r;
            try {
                r = ResultReader.of(tree, file.toString());
            } catch (BadInputException e) {
                skip(skipped, "result.json of a tpkit version this one does not read", file);
                continue;
            }
            found.add(run(file.getParent(), r));
            runs++;
        }
        return new Reading(found, skipped, runs, found.size() - runs, repetitions);
    }

    private static void walk(Path root, List<Path> results, List<Path> repeats, Map<String, List<Path>> skipped,
                             Set<Path> seen) {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    if (!dir.equals(root) && name.startsWith(".")) {
                        if (name.contains(".partial")) {
                            skip(skipped, "unfinished result folder (being written, or left by a run that was killed)",
                                    dir);
                        }
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return seen.add(real(dir)) ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    String name = file.getFileName().toString();
                    if (name.equals(ResultReader.FILE) && (!file.equals(root) || seen.add(real(file)))) {
                        results.add(file);
                    } else if (name.equals(REPEAT_FILE) && (!file.equals(root) || seen.add(real(file)))) {
                        repeats.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    skip(skipped, "file or folder that cannot be read (" + e.getClass().getSimpleName()
                            .replace("Exception", "") + ")", file);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot search " + root, e);
        }
    }

    private static JsonNode tree(Path file, Map<String, List<Path>> skipped) {
        try {
            return ResultWriter.json().readTree(file.toFile());
        } catch (IOException e) {
            skip(skipped, file.getFileName() + " that is not JSON", file);
            return null;
        }
    }

    private static void skip(Map<String, List<Path>> skipped, String kind, Path file) {
        skipped.computeIfAbsent(kind, k -> new ArrayList<>()).add(file);
    }

    static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    private static Found run(Path folder, RunResult r) {
        String workload = String.valueOf(r.workload().name());
        String product = r.database() == null ? null : r.database().product();
        Map<String, String> key = GroupingKey.of(r.configuration() == null ? null : r.configuration().asMap(),
                r.workload(), product);
        return new Found(HistoryPoint.RUN, folder, r.startedAt(), instant(r.startedAt()), workload, product,
                key.get("target"), key, List.of(RunFacts.of(r)));
    }

    /**
     * A set of repetitions: each repetition from its own result.json where its folder is still
     * there (by its recorded path, or by its name beside the set's folder when the folders were
     * moved together), otherwise from its line in repeat.json.
     */
    private static Found repeat(Path folder, JsonNode tree, Set<Path> repetitionDirs) {
        List<RunFacts> facts = new ArrayList<>();
        RunResult first = null;
        for (JsonNode rep : tree.path("runs")) {
            Path dir = repetitionFolder(folder, rep.path("resultDir").asText(""));
            RunResult r = null;
            if (dir != null) {
                repetitionDirs.add(real(dir));
                try {
                    r = ResultReader.read(dir);
                } catch (BadInputException e) {
                    r = null; // its line in repeat.json says what it measured
                }
            }
            if (r != null) {
                first = first == null ? r : first;
                facts.add(RunFacts.of(r));
            } else {
                facts.add(RunFacts.ofRepetition(rep, tree.path("version").isTextual() ? tree.path("version").asText()
                        : null));
            }
        }
        Map<String, Object> configuration = new TreeMap<>();
        tree.path("configuration").properties().forEach(e -> configuration.put(e.getKey(),
                ResultWriter.json().convertValue(e.getValue(), Object.class)));
        String product = tree.path("product").isTextual() ? tree.path("product").asText() : null;
        Map<String, String> key = GroupingKey.of(configuration, first == null ? null : first.workload(), product);
        String startedAt = tree.path("startedAt").asText(null);
        return new Found(HistoryPoint.REPETITIONS, folder, startedAt, instant(startedAt),
                tree.path("workload").asText("?"), product, key.get("target"), key, facts);
    }

    private static Path repetitionFolder(Path setFolder, String recorded) {
        if (recorded.isEmpty()) {
            return null;
        }
        Path path = Path.of(recorded);
        if (Files.isDirectory(path)) {
            return path;
        }
        Path beside = setFolder.toAbsolutePath().getParent() == null || path.getFileName() == null ? null
                : setFolder.toAbsolutePath().getParent().resolve(path.getFileName());
        return beside != null && Files.isDirectory(beside) ? beside : null;
    }

    /** The moment a run started; the end of time when it cannot be read, so that it sorts last. */
    static Instant instant(String startedAt) {
        if (startedAt == null) {
            return Instant.MAX;
        }
        try {
            return OffsetDateTime.parse(startedAt).toInstant();
        } catch (DateTimeParseException e) {
            return Instant.MAX;
        }
    }
}
