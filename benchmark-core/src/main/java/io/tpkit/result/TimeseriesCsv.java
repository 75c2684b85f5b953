package io.tpkit.result;

import io.tpkit.config.BadInputException;
import io.tpkit.metrics.IntervalSample;
import io.tpkit.metrics.Phase;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** timeseries.csv: a run's one-second samples, written after the run and read back by a merge of split runs. */
public final class TimeseriesCsv {
    public static final String FILE = "timeseries.csv";

    private TimeseriesCsv() {
    }

    /** One row per sample and type ("all" last), the requests in flight on the "all" row. */
    public static void write(Path file, List<IntervalSample> samples) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            w.write("elapsed_s,interval_s,phase,type,committed,business_rollbacks,failed,retries,committed_per_s,"
                    + "p50_ms,p90_ms,p99_ms,max_ms,outcome_unknown,in_flight\n");
            for (IntervalSample s : samples) {
                for (IntervalSample.Row r : s.rows()) {
                    w.write(String.format(Locale.ROOT, "%.3f,%.3f,%s,%s,%d,%d,%d,%d,%.2f,%.3f,%.3f,%.3f,%.3f,%d,%s%n",
                            s.elapsedSeconds(), s.seconds(), s.phase().label(), r.type(), r.committed(),
                            r.businessRollbacks(), r.failed(), r.retries(),
                            s.seconds() > 0 ? r.committed() / s.seconds() : 0.0,
                            r.p50Ms(), r.p90Ms(), r.p99Ms(), r.maxMs(), r.outcomeUnknown(),
                            // requests in flight at the second's end: the run's, on its "all" row only
                            r == s.total() && s.inFlight() >= 0 ? Long.toString(s.inFlight()) : ""));
                }
            }
        }
    }

    /** timeseries.csv back into its seconds: the rows of one elapsed second and phase make one sample. */
    public static List<IntervalSample> read(Path csv) throws IOException {
        if (!Files.exists(csv)) {
            throw new BadInputException("no timeseries.csv in " + csv.getParent() + ": a part's result folder must be "
                    + "whole to be merged");
        }
        List<String> lines = Files.readAllLines(csv);
        List<String> header = List.of(lines.getFirst().split(",", -1));
        int elapsed = header.indexOf("elapsed_s");
        int interval = header.indexOf("interval_s");
        int phase = header.indexOf("phase");
        int type = header.indexOf("type");
        int inFlight = header.indexOf("in_flight");
        List<IntervalSample> samples = new ArrayList<>();
        List<IntervalSample.Row> rows = new ArrayList<>();
        String[] first = null;
        long flight = -1;
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            if (first != null && !(f[elapsed].equals(first[elapsed]) && f[phase].equals(first[phase]))) {
                samples.add(sample(first, elapsed, interval, phase, rows, flight));
                rows = new ArrayList<>();
                flight = -1;
            }
            if (rows.isEmpty()) {
                first = f;
            }
            rows.add(new IntervalSample.Row(f[type], number(f, header, "committed"),
                    number(f, header, "business_rollbacks"), number(f, header, "failed"), number(f, header, "retries"),
                    decimal(f, header, "p50_ms"), decimal(f, header, "p90_ms"), decimal(f, header, "p99_ms"),
                    decimal(f, header, "max_ms"), number(f, header, "outcome_unknown")));
            if ("all".equals(f[type]) && inFlight >= 0 && inFlight < f.length && !f[inFlight].isEmpty()) {
                flight = Long.parseLong(f[inFlight]);
            }
        }
        if (first != null) {
            samples.add(sample(first, elapsed, interval, phase, rows, flight));
        }
        return samples;
    }

    private static IntervalSample sample(String[] f, int elapsed, int interval, int phase, List<IntervalSample.Row> rows,
                                         long inFlight) {
        Phase p = Phase.valueOf(f[phase].toUpperCase(java.util.Locale.ROOT));
        return new IntervalSample(Double.parseDouble(f[elapsed]), Double.parseDouble(f[interval]), p, List.copyOf(rows),
                inFlight);
    }

    private static long number(String[] f, List<String> header, String column) {
        int i = header.indexOf(column);
        return i < 0 || f[i].isEmpty() ? 0 : Long.parseLong(f[i]);
    }

    private static double decimal(String[] f, List<String> header, String column) {
        int i = header.indexOf(column);
        return i < 0 || f[i].isEmpty() ? 0 : Double.parseDouble(f[i]);
    }
}
