package io.tpkit.merge;

import io.tpkit.config.BadInputException;
import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The measurement's histograms of several parts added together, tag by tag: the response, queue
 * and service times every part recorded, as one driver would have recorded them. Percentiles are
 * taken from the sums, never averaged.
 */
public final class MergedHistograms {
    private final Map<String, Histogram> byTag = new LinkedHashMap<>();

    private MergedHistograms() {
    }

    /** Adds up the measurement's intervals (tags without a phase prefix) of each part's histograms.hlog. */
    public static MergedHistograms of(List<Path> hlogs) {
        MergedHistograms m = new MergedHistograms();
        for (Path file : hlogs) {
            try {
                HistogramLogReader reader = new HistogramLogReader(file.toFile());
                EncodableHistogram e;
                while ((e = reader.nextIntervalHistogram()) != null) {
                    String tag = e.getTag() == null ? "" : e.getTag();
                    if (e instanceof Histogram h && !tag.startsWith("warmup:") && !tag.startsWith("drain:")) {
                        m.byTag.computeIfAbsent(tag, t -> new Histogram(h.getNumberOfSignificantValueDigits())).add(h);
                    }
                }
            } catch (FileNotFoundException ex) {
                throw new BadInputException("no histograms.hlog in " + file.getParent() + ": a part's result folder "
                        + "must be whole to be merged");
            }
        }
        return m;
    }

    /** The merged histogram of a tag ({@code TYPE}, {@code queue:TYPE}, {@code service:TYPE}), empty if none. */
    public Histogram get(String tag) {
        Histogram h = byTag.get(tag);
        return h != null ? h : new Histogram(3);
    }
}
