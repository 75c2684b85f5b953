package io.tpkit.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * A stretch of the run in which no transaction completed and failures (or transactions lost
 * during their commit) were reported: the database was down or unreachable. Seconds since the
 * start of the run, as in timeseries.csv.
 */
public record Outage(double from, double to) {
    public double seconds() {
        return to - from;
    }

    /**
     * Finds outages in the one-second samples: consecutive seconds without a completed
     * transaction, begun by or containing failures (a quiet second alone is not an outage:
     * terminals may all be thinking).
     */
    public static List<Outage> find(List<IntervalSample> samples) {
        List<Outage> outages = new ArrayList<>();
        int i = 0;
        while (i < samples.size()) {
            IntervalSample s = samples.get(i);
            if (completed(s) > 0 || s.phase() == Phase.DRAIN) {
                i++;
                continue;
            }
            int j = i;
            boolean failures = i > 0 && lost(samples.get(i - 1)) > 0;
            while (j < samples.size() && completed(samples.get(j)) == 0 && samples.get(j).phase() != Phase.DRAIN) {
                failures |= lost(samples.get(j)) > 0;
                j++;
            }
            if (failures) {
                outages.add(new Outage(s.elapsedSeconds() - s.seconds(), samples.get(j - 1).elapsedSeconds()));
            }
            i = j;
        }
        return outages;
    }

    private static long lost(IntervalSample s) {
        return s.total().failed() + s.total().outcomeUnknown();
    }

    private static long completed(IntervalSample s) {
        return s.total().committed() + s.total().businessRollbacks();
    }
}
