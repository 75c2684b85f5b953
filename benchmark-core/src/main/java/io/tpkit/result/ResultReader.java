package io.tpkit.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tpkit.config.BadInputException;
import io.tpkit.metrics.Headline;
import io.tpkit.metrics.HeadlineFigure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Reads a run's result.json back into the {@link RunResult} it was written from, so that the
 * report, {@code tpkit compare}, sweeps and repetitions work from the typed result whether it
 * comes from a run just done or from a folder of an earlier one.
 */
public final class ResultReader {
    /** The file's name in a result folder. */
    public static final String FILE = "result.json";

    /** Figures a later version adds are skipped, so that an older tpkit still reads what it knows. */
    private static final ObjectReader READER = ResultWriter.json().readerFor(RunResult.class)
            .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ResultReader() {
    }

    /**
     * @param path a result folder or its result.json
     * @throws BadInputException when there is no such file, it is not a tpkit result.json, or it
     *                           was written by a tpkit whose format this one does not read
     */
    public static RunResult read(Path path) {
        Path file = Files.isDirectory(path) ? path.resolve(FILE) : path;
        if (!Files.isRegularFile(file)) {
            throw new BadInputException((Files.isDirectory(path) ? path + " holds no " + FILE : "no such file: " + file)
                    + ": give a tpkit result folder or its " + FILE);
        }
        JsonNode tree;
        try {
            tree = ResultWriter.json().readTree(file.toFile());
        } catch (IOException e) {
            throw new BadInputException("cannot read " + file + ": " + firstLine(e) + " (give a tpkit result folder or "
                    + "its " + FILE + ")", e);
        }
        return of(tree, file.toString());
    }

    /**
     * A result.json tree as the typed result.
     *
     * @param source where the tree comes from, for messages
     */
    public static RunResult of(JsonNode tree, String source) {
        if (tree == null || !tree.isObject() || !tree.has("metrics") || !tree.has("workload")) {
            throw new BadInputException(source + " is not a tpkit result.json: give the result.json of a run");
        }
        try {
            return READER.readValue(withHeadlineFigures(tree));
        } catch (IOException | IllegalArgumentException e) {
            throw new BadInputException(source + ": result.json from an older tpkit version: re-run the benchmark "
                    + "with this version to report or compare it (" + firstLine(e) + ")", e);
        }
    }

    /**
     * The tree with its headline in this version's form. Earlier versions keyed each headline
     * figure by its label, a sentence, with the bare value ({@code "NOPM (...)": 1234.5}, or a
     * text when the figure was not shown); such a figure becomes {@code id: {label, value, note}}
     * with the id its label's short name gives ({@link Headline#id}: the id this version uses),
     * and no unit, which those versions did not record.
     */
    private static JsonNode withHeadlineFigures(JsonNode tree) {
        JsonNode headline = tree.path("headline");
        if (!headline.isObject()) {
            return tree;
        }
        boolean sentences = false;
        for (JsonNode figure : headline) {
            sentences |= !figure.isObject();
        }
        if (!sentences) {
            return tree;
        }
        ObjectNode figures = ResultWriter.json().createObjectNode();
        for (Map.Entry<String, JsonNode> e : headline.properties()) {
            JsonNode v = e.getValue();
            String note = v.isNumber() ? null : v.asText().replaceFirst("^not shown: ", "");
            figures.set(Headline.id(e.getKey()), ResultWriter.json().valueToTree(new HeadlineFigure(e.getKey(),
                    v.isNumber() ? v.asDouble() : null, null, note)));
        }
        ObjectNode copy = tree.deepCopy();
        copy.set("headline", figures);
        return copy;
    }

    /** The parser's or binder's message without its location lines, and where in the file it arose. */
    private static String firstLine(Exception e) {
        String m = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
        m = m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException j && !j.getPath().isEmpty()) {
            StringBuilder at = new StringBuilder();
            for (com.fasterxml.jackson.databind.JsonMappingException.Reference r : j.getPath()) {
                if (r.getFieldName() != null) {
                    at.append(at.isEmpty() ? "" : ".").append(r.getFieldName());
                } else if (r.getIndex() >= 0) {
                    at.append('[').append(r.getIndex()).append(']');
                }
            }
            m = "at " + at + ": " + m;
        }
        return m;
    }
}
