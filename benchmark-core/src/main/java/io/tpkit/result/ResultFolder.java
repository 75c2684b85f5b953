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
        String name = workload + "-" + LocalDateTime.now().format(STAMP) + "-" + targetKind;
        Path parent = outDir.toAbsolutePath().normalize();
        try {
            Files.createDirectories(parent);
            Path partial = Files.createDirectory(parent.resolve("." + name + ".partial-" + ProcessHandle.current().pid()));
            return new ResultFolder(parent, name, partial);
        } catch (FileAlreadyExistsException e) {
            throw new BadInputException("cannot write results to " + parent + ": " + e.getFile()
                    + " is in the way (choose another --out)");
        } catch (IOException e) {
            String reason = reason(e);
            throw new BadInputException("cannot write results to " + parent + " (" + reason
                    + "): choose a writable folder with --out");
        }
    }

    /** Why a folder could not be made, in words: the exception's own text is often just the path. */
    private static String reason(IOException e) {
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
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

    /** Deletes the partial folder unless it was committed. */
    @Override
    public void close() {
        if (committed != null || !Files.exists(partial)) {
            return;
        }
        Folders.deleteQuietly(partial);
    }
}
