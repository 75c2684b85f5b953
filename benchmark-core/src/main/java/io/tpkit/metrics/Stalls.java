package io.tpkit.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * Stretches of the run in which requests were outstanding and nothing completed: no commit, no
 * rollback, no failure, not even a retried attempt. The database (or the way to it) stood still
 * while the driver waited, e.g. behind a lock, a checkpoint's fsync or a stalled disk. Found in
 * the one-second samples, so they are whole sampled seconds: a stall shorter than a second, and
 * the parts of a longer one before its first and after its last whole second, are not counted
 * (a 1.6 s stall counts as at least one second). Seconds since the start of the run, as in
 * timeseries.csv.
 *
 * @param count          how many stalls
 * @param totalSeconds   their seconds added up
 * @param longestSeconds the longest one's seconds (0 when there was none)
 * @param longestFrom    when the longest began, or null when there was none
 * @param stretches      each stall, in time order
 */
public record Stalls(int count, double totalSeconds, double longestSeconds, Double longestFrom,
                     List<Stall> stretches) {
    /** A sampled second shorter than this (a second split at a phase change) is no stall by itself. */
    static final double MIN_SECONDS = 0.9;

    /**
     * @param from     start, seconds since the start of the run
     * @param to       end
     * @param inFlight the requests outstanding when it began (at least)
     * @param phase    the phase it began in, as timeseries.csv names it ("measurement")
     */
    public record Stall(double from, double to, long inFlight, String phase) {
        public double seconds() {
            return to - from;
        }
    }

    public static final Stalls NONE = new Stalls(0, 0, 0, null, List.of());

    /**
     * The stalls in the samples: each maximal run of consecutive samples in which nothing ended
     * while requests were in flight from its start (at the end of the sample before: with nothing
     * ending, those requests stay in flight throughout) to the end of each of its samples. A run
     * of samples shorter than {@link #MIN_SECONDS} in all is not counted.
     *
     * @return the stalls, or null when the samples do not say how many requests were in flight
     */
    public static Stalls find(List<IntervalSample> samples) {
        if (samples.isEmpty() || samples.stream().anyMatch(s -> s.inFlight() < 0)) {
            return samples.isEmpty() ? NONE : null;
        }
        List<Stall> found = new ArrayList<>();
        long inFlightBefore = 0; // nothing is in flight when the run starts
        int i = 0;
        while (i < samples.size()) {
            IntervalSample s = samples.get(i);
            if (s.anythingEnded() || inFlightBefore <= 0) {
                inFlightBefore = s.inFlight();
                i++;
                continue;
            }
            int j = i;
            while (j < samples.size() && !samples.get(j).anythingEnded() && samples.get(j).inFlight() > 0) {
                j++;
            }
            if (j == i) {
                inFlightBefore = s.inFlight();
                i++;
                continue;
            }
            IntervalSample last = samples.get(j - 1);
            double from = s.elapsedSeconds() - s.seconds();
            if (last.elapsedSeconds() - from >= MIN_SECONDS) {
                found.add(new Stall(from, last.elapsedSeconds(), inFlightBefore, s.phase().label()));
            }
            inFlightBefore = last.inFlight();
            i = j;
        }
        return of(found);
    }

    static Stalls of(List<Stall> found) {
        if (found.isEmpty()) {
            return NONE;
        }
        Stall longest = found.getFirst();
        double total = 0;
        for (Stall s : found) {
            total += s.seconds();
            if (s.seconds() > longest.seconds()) {
                longest = s;
            }
        }
        return new Stalls(found.size(), total, longest.seconds(), longest.from(), List.copyOf(found));
    }
}
