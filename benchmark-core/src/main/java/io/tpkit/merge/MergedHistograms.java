package io.tpkit.merge;

import io.tpkit.config.BadInputException;
import io.tpkit.measurement.HlogFile;
import io.tpkit.metrics.Phase;
import io.tpkit.metrics.TypeSummary;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The measurement's histograms of several parts added together, tag by tag: the response, queue
 * and service times every part recorded, as one driver would have recorded them. Percentiles are
 * taken from the sums, never averaged.
 */
public final class MergedHistograms {
    private final Map<String, Histogram> byTag = new LinkedHashMap<>();
    /** Per hlog, the values recorded under each measurement tag. */
    private final Map<Path, Map<String, Long>> countsByFile = new HashMap<>();

    private MergedHistograms() {
    }

    /**
     * Adds up the measurement's intervals (tags without a phase prefix) of each part's histograms.hlog.
     *
     * @throws BadInputException when a file is missing or a line of one is damaged (naming both)
     */
    public static MergedHistograms of(List<Path> hlogs) {
        MergedHistograms m = new MergedHistograms();
        for (Path file : hlogs) {
            Map<String, Long> counts = m.countsByFile.computeIfAbsent(file, f -> new HashMap<>());
            HistogramLog.read(file, interval -> {
                String tag = interval.tag();
                Histogram h = interval.histogram();
                if (!tag.startsWith("warmup:") && !tag.startsWith("drain:")) {
                    m.byTag.computeIfAbsent(tag, t -> new Histogram(h.getNumberOfSignificantValueDigits())).add(h);
                    counts.merge(tag, h.getTotalCount(), Long::sum);
                }
            });
        }
        return m;
    }

    /**
     * Refuses a part whose histograms.hlog is not its own: each type's response times in the
     * measurement must be as many as the transactions its result.json counts as completed
     * (committed or rolled back by the benchmark), which is what the part recorded them for.
     *
     * @param part  how the part is named in the message
     * @param hlog  its histograms.hlog, one of those this was made from
     * @param types its result.json's types
     */
    public void requireCountsOf(String part, Path hlog, List<TypeSummary> types) {
        Map<String, Long> counts = countsByFile.getOrDefault(hlog, Map.of());
        for (TypeSummary t : types) {
            long recorded = counts.getOrDefault(HlogFile.tag(Phase.MEASUREMENT, "", t.name()), 0L);
            long completed = t.committed() + t.businessRollbacks();
            if (recorded != completed) {
                throw new BadInputException(String.format(Locale.ROOT, "%s: its histograms.hlog holds %,d %s response "
                                + "times of the measurement, its result.json %,d %s transactions committed or rolled back "
                                + "(%,d committed): the hlog is another run's; put the part's own histograms.hlog back",
                        part, recorded, t.name(), completed, t.name(), t.committed()));
            }
        }
    }

    /** The merged histogram of a tag ({@code TYPE}, {@code queue:TYPE}, {@code service:TYPE}), empty if none. */
    public Histogram get(String tag) {
        Histogram h = byTag.get(tag);
        return h != null ? h : new Histogram(3);
    }
}
