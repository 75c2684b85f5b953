package io.tpkit.merge;

import io.tpkit.config.BadInputException;
import io.tpkit.measurement.HlogFile;
import io.tpkit.measurement.IntervalLog;
import io.tpkit.measurement.MetricsCollector;
import io.tpkit.metrics.IntervalSample;
import io.tpkit.metrics.Phase;
import io.tpkit.result.TimeseriesCsv;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The one-second time series of a split run from its parts' timeseries.csv and
 * histograms.hlog, as one driver would have written it: each second's counts summed, and its
 * percentiles taken from the parts' histograms of that second added together, never averaged.
 *
 * <p>The parts started together and ran phases of the same length, each sampling once a second
 * from its own start, so a part's n-th second of a phase is every other part's n-th (apart by
 * the milliseconds one started later than another). A second's histograms are found in the
 * part's hlog without any clock: the collector logs a second's histogram of a type exactly when
 * it recorded a response time in it, in the order of the seconds, so the k-th second of a phase
 * and type with a response time is the k-th interval logged under its tag.
 */
public final class MergedTimeseries {
    private MergedTimeseries() {
    }

    /**
     * @param folders     the parts' result folders, in part order
     * @param originSeconds how long after the common start each part's elapsed 0 came (its seconds are shifted by it)
     */
    public static List<IntervalSample> of(List<Path> folders, List<Double> originSeconds) throws IOException {
        List<Map<Phase, List<Second>>> parts = new ArrayList<>();
        for (int i = 0; i < folders.size(); i++) {
            Path folder = folders.get(i);
            List<Second> seconds = withHistograms(TimeseriesCsv.read(folder.resolve(TimeseriesCsv.FILE)), folder,
                    originSeconds.get(i));
            Map<Phase, List<Second>> byPhase = new EnumMap<>(Phase.class);
            seconds.forEach(s -> byPhase.computeIfAbsent(s.sample().phase(), p -> new ArrayList<>()).add(s));
            parts.add(byPhase);
        }
        List<IntervalSample> merged = new ArrayList<>();
        for (Phase phase : Phase.values()) {
            int seconds = parts.stream().mapToInt(p -> p.getOrDefault(phase, List.of()).size()).max().orElse(0);
            for (int k = 0; k < seconds; k++) {
                List<Second> same = new ArrayList<>();
                for (Map<Phase, List<Second>> p : parts) {
                    List<Second> ofPhase = p.getOrDefault(phase, List.of());
                    if (k < ofPhase.size()) {
                        same.add(ofPhase.get(k));
                    }
                }
                merged.add(add(same));
            }
        }
        return merged;
    }

    /** One part's second with each row's histogram, on the common clock. */
    private record Second(IntervalSample sample, Map<String, Histogram> histograms) {
    }

    /** The part's seconds shifted onto the common clock, each with its rows' histograms (by type; absent: none recorded). */
    private static List<Second> withHistograms(List<IntervalSample> samples, Path folder, double late)
            throws IOException {
        Map<String, Deque<Histogram>> logged = logged(folder.resolve("histograms.hlog"));
        List<Second> out = new ArrayList<>(samples.size());
        for (IntervalSample s : samples) {
            Map<String, Histogram> histograms = new HashMap<>();
            for (IntervalSample.Row r : s.rows()) {
                if (!r.type().equals("all") && r.maxMs() > 0) {
                    Deque<Histogram> queue = logged.get(HlogFile.tag(s.phase(), "", r.type()));
                    Histogram h = queue == null ? null : queue.pollFirst();
                    if (h == null) {
                        throw new BadInputException(folder + ": its histograms.hlog holds fewer seconds of "
                                + r.type() + " than its timeseries.csv: a part's result folder must be whole to be merged");
                    }
                    histograms.put(r.type(), h);
                }
            }
            out.add(new Second(new IntervalSample(s.elapsedSeconds() + late, s.seconds(), s.phase(), s.rows(),
                    s.inFlight()), histograms));
        }
        return out;
    }

    /** The response-time intervals of the hlog by tag, in the order logged (queue and service times left out). */
    private static Map<String, Deque<Histogram>> logged(Path hlog) {
        Map<String, Deque<Histogram>> byTag = new HashMap<>();
        HistogramLog.read(hlog, interval -> {
            String kind = interval.tag().replaceFirst("^(warmup|drain):", "");
            if (!kind.startsWith(IntervalLog.QUEUE) && !kind.startsWith(IntervalLog.SERVICE)) {
                byTag.computeIfAbsent(interval.tag(), t -> new ArrayDeque<>()).add(interval.histogram());
            }
        });
        return byTag;
    }

    /** The parts' n-th seconds of a phase as one: counts summed, percentiles of the histograms added. */
    private static IntervalSample add(List<Second> same) {
        Map<String, long[]> counts = new LinkedHashMap<>();
        Map<String, Histogram> histograms = new LinkedHashMap<>();
        Histogram all = new Histogram(3);
        long inFlight = 0;
        double end = 0;
        double seconds = 0;
        for (Second second : same) {
            IntervalSample s = second.sample();
            Map<String, Histogram> own = second.histograms();
            end = Math.max(end, s.elapsedSeconds());
            seconds = Math.max(seconds, s.seconds());
            inFlight = inFlight < 0 || s.inFlight() < 0 ? -1 : inFlight + s.inFlight();
            for (IntervalSample.Row r : s.rows()) {
                long[] c = counts.computeIfAbsent(r.type(), t -> new long[5]);
                c[0] += r.committed();
                c[1] += r.businessRollbacks();
                c[2] += r.failed();
                c[3] += r.retries();
                c[4] += r.outcomeUnknown();
                Histogram h = own.get(r.type());
                if (h != null) {
                    histograms.computeIfAbsent(r.type(), t -> new Histogram(h.getNumberOfSignificantValueDigits())).add(h);
                    if (!r.type().endsWith(MetricsCollector.DEFERRED_SUFFIX)) { // as the collector's "all" row
                        all.add(h);
                    }
                }
            }
        }
        List<IntervalSample.Row> rows = new ArrayList<>();
        counts.forEach((type, c) -> {
            Histogram h = type.equals("all") ? all : histograms.get(type);
            rows.add(new IntervalSample.Row(type, c[0], c[1], c[2], c[3], ms(h, 50), ms(h, 90), ms(h, 99),
                    h == null || h.getTotalCount() == 0 ? 0 : h.getMaxValue() / 1000.0, c[4]));
        });
        return new IntervalSample(end, seconds, same.getFirst().sample().phase(), rows, inFlight);
    }

    private static double ms(Histogram h, double percentile) {
        return h == null || h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1000.0;
    }
}
