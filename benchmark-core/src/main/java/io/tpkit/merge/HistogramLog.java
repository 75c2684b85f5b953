package io.tpkit.merge;

import io.tpkit.config.BadInputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Base64;
import java.util.function.Consumer;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * Reads a part's histograms.hlog line by line, as {@code HistogramLogWriter} wrote it, so that a
 * damaged line is named: HdrHistogram's own reader answers a line cut short with "No line found"
 * and garbled base64 with the decoder's message, naming neither the file nor the line.
 */
final class HistogramLog {
    /** One interval's histogram: its tag (empty when untagged) and the line it was on. */
    record Interval(String tag, Histogram histogram, int line) {
    }

    private HistogramLog() {
    }

    /**
     * Gives each interval of {@code file} to {@code each}, in the file's order.
     *
     * @throws BadInputException when the file is missing, or a line is cut short or garbled (one
     *                           line naming the file and the line)
     */
    static void read(Path file, Consumer<Interval> each) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.US_ASCII)) {
            int number = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                number++;
                if (line.isBlank() || line.startsWith("#") || line.startsWith("\"StartTimestamp\"")) {
                    continue;
                }
                each.accept(parse(file, line, number));
            }
        } catch (NoSuchFileException e) {
            throw new BadInputException("no histograms.hlog in " + file.getParent() + ": a part's result folder "
                    + "must be whole to be merged");
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot be read (" + e.getMessage() + "): a part's result folder "
                    + "must be whole to be merged");
        }
    }

    /** {@code [Tag=NAME,]start,length,max,BASE64} */
    private static Interval parse(Path file, String line, int number) {
        String tag = "";
        String rest = line;
        if (line.startsWith("Tag=")) {
            int comma = line.indexOf(',');
            if (comma < 0) {
                throw damaged(file, number, "cut short after its tag");
            }
            tag = line.substring(4, comma);
            rest = line.substring(comma + 1);
        }
        String[] fields = rest.split(",", -1);
        if (fields.length != 4) {
            throw damaged(file, number, fields.length < 4 ? "cut short (" + fields.length + " of 4 fields after the tag)"
                    : "has " + fields.length + " fields where 4 belong");
        }
        try {
            for (int i = 0; i < 3; i++) {
                Double.parseDouble(fields[i]);
            }
        } catch (NumberFormatException e) {
            throw damaged(file, number, "holds a number that is not one (" + e.getMessage() + ")");
        }
        Histogram h;
        try {
            h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(fields[3])), 0);
        } catch (RuntimeException | DataFormatException e) { // base64, inflater or histogram header
            throw damaged(file, number, "its histogram is garbled or cut short ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        }
        h.setTag(tag.isEmpty() ? null : tag);
        return new Interval(tag, h, number);
    }

    private static BadInputException damaged(Path file, int line, String what) {
        return new BadInputException(file + ", line " + line + ": " + what + ": the part's recorded response times "
                + "are damaged; restore its result folder from a copy to merge it");
    }
}
