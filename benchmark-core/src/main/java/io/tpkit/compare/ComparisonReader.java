package io.tpkit.compare;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import io.tpkit.config.BadInputException;
import io.tpkit.result.ResultWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a comparison.json back into the {@link Comparison} it was written from. Files written
 * before intervals (no level, ids, samples or changes) read with those left null; figures a later
 * version adds are skipped.
 */
public final class ComparisonReader {
    /** The file's name in a comparison folder. */
    public static final String FILE = "comparison.json";

    private static final ObjectReader READER = ResultWriter.json().readerFor(Comparison.class)
            .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ComparisonReader() {
    }

    /**
     * @param path a comparison folder or its comparison.json
     * @throws BadInputException when there is no such file or it is not a comparison
     */
    public static Comparison read(Path path) {
        Path file = Files.isDirectory(path) ? path.resolve(FILE) : path;
        if (!Files.isRegularFile(file)) {
            throw new BadInputException("no such file: " + file + ": give a comparison folder (tpkit compare) or its "
                    + FILE);
        }
        try {
            Comparison c = READER.readValue(file.toFile());
            if (c == null || c.runs() == null || c.rows() == null) {
                throw new BadInputException(file + " is not a tpkit comparison.json");
            }
            return c;
        } catch (IOException e) {
            throw new BadInputException("cannot read " + file + ": " + e.getMessage().lines().findFirst().orElse("")
                    + " (give a tpkit comparison folder)", e);
        }
    }
}
