package io.tpkit.result;

import io.tpkit.config.BadInputException;
import io.tpkit.files.Folders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * A run's result folder. Files are written into a hidden {@code .NAME.partial} folder that is
 * renamed to {@code NAME} only when everything is written, and deleted on failure, so a
 * half-written result folder never appears.
 */
public final class ResultFolder implements AutoCloseable {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private final Path parent;
    private final String name;
    private final Path partial;
    private Path committed;

    private ResultFolder(Path parent, String name, Path partial) {
        this.parent = parent;
        this.name = name;
        this.partial = partial;
    }

    /**
     * Creates the partial folder at once, so an unwritable {@code --out} is reported before any
     * work is done.
     */
    public static ResultFolder create(Path outDir, String workload, String targetKind) {
        return create(outDir, workload, targetKind, 0, line -> { });
    }

    /**
     * As {@link #create(Path, String, String)}, after cleaning what tpkit processes that have
     * ended left in {@code outDir} ({@link #cleanLeftovers}, said to {@code say}), and refusing a
     * file system without {@code bytesNeeded} free.
     */
    public static ResultFolder create(Path outDir, String workload, String targetKind, long bytesNeeded,
                                      java.util.function.Consumer<String> say) {
        String name = workload + "-" + LocalDateTime.now().format(STAMP) + "-" + targetKind;
        Path parent = outDir.toAbsolutePath().normalize();
        Path partial = null;
        try {
            Files.createDirectories(parent);
            cleanLeftovers(parent, say);
            partial = Files.createDirectory(parent.resolve("." + name + PARTIAL + ProcessHandle.current().pid() + "@"
                    + HOST));
            requireRoom(partial, bytesNeeded);
            return new ResultFolder(parent, name, partial);
        } catch (FileAlreadyExistsException e) {
            throw new BadInputException("cannot write results to " + parent + ": " + e.getFile()
                    + " is in the way (choose another --out)");
        } catch (IOException e) {
            if (partial != null) {
                Folders.deleteQuietly(partial);
            }
            String reason = reason(e);
            throw new BadInputException("cannot write results to " + parent + " (" + reason
                    + "): choose a writable folder with --out");
        } catch (RuntimeException e) {
            if (partial != null) {
                Folders.deleteQuietly(partial);
            }
            throw e;
        }
    }

    /** How a partial folder's name goes on after {@code .NAME}: the id of the process writing it. */
    private static final String PARTIAL = ".partial-";

    /**
     * The folder is writable (a file goes in and out) and its file system has {@code bytes} free:
     * found before the run rather than after the measurement.
     */
    private static void requireRoom(Path partial, long bytes) throws IOException {
        Path probe = partial.resolve(".probe");
        Files.writeString(probe, "tpkit");
        Files.delete(probe);
        long free = Files.getFileStore(partial).getUsableSpace();
        if (free < bytes) {
            throw new BadInputException("not enough room for the results in " + partial.getParent() + ": "
                    + Units.bytes(free) + " free, and a run of this length writes up to about " + Units.bytes(bytes)
                    + " (free space there or choose another --out)");
        }
    }

    /**
     * Partial folders of tpkit processes that have ended (killed before renaming them): one that
     * holds a result.json (a run killed during its checks writes its measurement first) is moved to
     * its name and kept; the others, which hold no result, are removed. Each is said.
     */
    static void cleanLeftovers(Path parent, java.util.function.Consumer<String> say) throws IOException {
        List<Path> leftovers;
        try (java.util.stream.Stream<Path> s = Files.list(parent)) {
            leftovers = s.filter(ResultFolder::ofEndedProcess).sorted().toList();
        }
        for (Path p : leftovers) {
            String dot = p.getFileName().toString();
            if (Files.isRegularFile(p.resolve("result.json"))) {
                Path target = parent.resolve(dot.substring(1, dot.lastIndexOf(PARTIAL)));
                for (int i = 2; Files.exists(target); i++) {
                    target = parent.resolve(dot.substring(1, dot.lastIndexOf(PARTIAL)) + "-" + i);
                }
                try {
                    Files.move(p, target);
                    say.accept("kept the result a tpkit process that has ended left unfinished (its checks had not "
                            + "ended): " + target);
                } catch (IOException e) {
                    say.accept("could not move the unfinished result " + p + " into place: " + reason(e));
                }
            } else {
                Folders.deleteQuietly(p);
                say.accept("removed " + p + ", left unfinished by a tpkit process that has ended (it held no result)");
            }
        }
    }

    /** This machine's name, in partial folders' names: a process id says nothing of another machine's. */
    private static final String HOST = hostName();

    private static String hostName() {
        String h = null;
        try {
            h = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException | RuntimeException e) {
            h = System.getenv().getOrDefault("COMPUTERNAME", System.getenv("HOSTNAME"));
        }
        h = h == null ? "" : h.replaceAll("[^A-Za-z0-9.-]", "-");
        return h.isEmpty() ? "host" : h;
    }

    /** A partial folder named without its machine (an older tpkit's) is left alone this long. */
    private static final java.time.Duration UNNAMED_MACHINE_AGE = java.time.Duration.ofMinutes(15);

    /**
     * A {@code .NAME.partial-PID@HOST} folder of this machine whose process is no longer running
     * (or, named without its machine, untouched for {@link #UNNAMED_MACHINE_AGE}); never one of
     * another machine's (a results folder shared by the parts of a split run).
     */
    private static boolean ofEndedProcess(Path p) {
        String n = p.getFileName().toString();
        int at = n.lastIndexOf(PARTIAL);
        if (!n.startsWith(".") || at < 1 || !Files.isDirectory(p)) {
            return false;
        }
        String owner = n.substring(at + PARTIAL.length());
        int host = owner.indexOf('@');
        if (host >= 0 && !owner.substring(host + 1).equals(HOST)) {
            return false;
        }
        long pid;
        try {
            pid = Long.parseLong(host < 0 ? owner : owner.substring(0, host));
        } catch (NumberFormatException e) {
            return false;
        }
        boolean ended = pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
        return ended && (host >= 0 || untouchedFor(p, UNNAMED_MACHINE_AGE));
    }

    private static boolean untouchedFor(Path dir, java.time.Duration age) {
        long before = System.currentTimeMillis() - age.toMillis();
        try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
            return s.allMatch(f -> {
                try {
                    return Files.getLastModifiedTime(f).toMillis() < before;
                } catch (IOException e) {
                    return false;
                }
            });
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    /** Why a folder could not be made, in words: the exception's own text is often just the path. */
    public static String reason(IOException e) {
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        if (e.getMessage() != null && e.getMessage().contains("No space left on device")) {
            return "No space left on device";
        }
        return switch (e) {
            case java.nio.file.AccessDeniedException a -> "permission denied";
            case java.nio.file.NoSuchFileException n -> "a folder on the way does not exist";
            case java.nio.file.NotDirectoryException n -> "a file is in the way";
            case java.nio.file.FileSystemException f -> "the file system refused it (" + f.getClass().getSimpleName()
                    .replace("Exception", "") + ")";
            default -> e.getMessage();
        };
    }

    /** Where files go while the run is in progress. */
    public Path file(String fileName) {
        return partial.resolve(fileName);
    }

    /** Moves the finished folder into place and returns its path. */
    public Path commit() {
        Path target = parent.resolve(name);
        for (int i = 2; Files.exists(target); i++) {
            target = parent.resolve(name + "-" + i);
        }
        try {
            try {
                Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, target);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move the results into " + target, e);
        }
        committed = target;
        return target;
    }

    /**
     * Moves the finished files into the folder the partial one was made in, which holds other
     * things already (the runs of a comparison), each by a rename, {@code last} the last of them:
     * a reader that finds {@code last} finds the others complete. The partial folder is removed.
     */
    public void commitFiles(String last) {
        try {
            List<Path> files;
            try (java.util.stream.Stream<Path> s = Files.list(partial)) {
                files = new java.util.ArrayList<>(s.sorted().toList());
            }
            files.sort(java.util.Comparator.comparing(f -> f.getFileName().toString().equals(last)));
            for (Path f : files) {
                Path to = parent.resolve(f.getFileName());
                try {
                    Files.move(f, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(f, to, StandardCopyOption.REPLACE_EXISTING);
                }
            }
            Files.delete(partial);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move the files into " + parent, e);
        }
        committed = parent;
    }

    /** The name the folder will have (or has) once committed. */
    public Path finalPath() {
        return committed != null ? committed : parent.resolve(name);
    }

    /**
     * After writing failed: the folder, with what was written, moved to its name all the same
     * (a rename needs no room); the partial folder when even that fails; null when nothing is left.
     */
    public Path keep() {
        if (committed != null) {
            return committed;
        }
        if (!Files.isDirectory(partial)) {
            return null;
        }
        try {
            return commit();
        } catch (UncheckedIOException e) {
            committed = partial; // kept where it is rather than removed
            return partial;
        }
    }

    /** The files in a folder, by name, for a message. */
    public static String listing(Path dir) {
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            List<String> names = s.map(p -> p.getFileName().toString()).sorted().toList();
            return names.isEmpty() ? "no file" : String.join(", ", names);
        } catch (IOException e) {
            return "unreadable: " + reason(e);
        }
    }

    /** Deletes the partial folder unless it was committed. */
    @Override
    public void close() {
        if (committed != null || !Files.exists(partial)) {
            return;
        }
        Folders.deleteQuietly(partial);
    }
}
