package io.tpkit.sweep;

import io.tpkit.analysis.Spread;
import io.tpkit.result.ResultFolder;
import io.tpkit.result.ResultWriter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/** repeat.json, repetitions.csv, statistics.csv and repeat.html of a set of repetitions. */
public final class RepeatFiles {
    public static final String RUNS_CSV = "repetitions.csv";
    public static final String STATISTICS_CSV = "statistics.csv";

    private RepeatFiles() {
    }

    static void write(ResultFolder folder, RepeatResult r) throws IOException {
        ResultWriter.writeJson(folder.file(RepeatResult.FILE), r);
        try (BufferedWriter w = Files.newBufferedWriter(folder.file(RUNS_CSV))) {
            List<String> head = new ArrayList<>(List.of("repetition", "seed"));
            r.statistics().forEach(s -> head.add(SweepFiles.column(s.figure())));
            head.addAll(List.of("verdict", "consistent", "incomplete", "left_out", "result_dir"));
            w.write(String.join(",", head) + "\n");
            for (RepeatResult.Repetition rep : r.runs()) {
                List<String> row = new ArrayList<>(List.of(Integer.toString(rep.index()), Long.toString(rep.seed())));
                r.statistics().forEach(s -> {
                    Double v = rep.values().get(s.figure());
                    row.add(v == null ? "" : SweepFiles.num(v));
                });
                row.addAll(List.of(SweepFiles.quote(rep.verdict()), Boolean.toString(rep.consistent()),
                        Boolean.toString(rep.incomplete()), rep.leftOut() == null ? "" : SweepFiles.quote(rep.leftOut()),
                        SweepFiles.quote(rep.resultDir())));
                w.write(String.join(",", row) + "\n");
            }
        }
        try (BufferedWriter w = Files.newBufferedWriter(folder.file(STATISTICS_CSV))) {
            w.write("figure,n,mean,median,min,max,stddev,cv_pct,level,t,half_width,ci_low,ci_high\n");
            for (RepeatResult.Statistic s : r.statistics()) {
                Spread p = s.spread();
                w.write(String.join(",", List.of(SweepFiles.quote(s.figure()), Integer.toString(p.n()),
                        SweepFiles.num(p.mean()), SweepFiles.num(p.median()), SweepFiles.num(p.min()),
                        SweepFiles.num(p.max()), SweepFiles.num(p.stddev()), opt(p.cvPct()), SweepFiles.num(p.level()),
                        opt(p.t()), opt(p.halfWidth()), opt(p.low()), opt(p.high()))) + "\n");
            }
        }
        io.tpkit.report.RepeatReport.write(folder.file(RepeatResult.FILE).getParent());
    }

    /**
     * The same files, written into {@code dir}, which holds the repetitions' result folders
     * already (a variant's folder of an interleaved comparison): repeat.json appears last, so that
     * the folder is read as a repeat folder only once every file is complete.
     */
    static void writeInto(java.nio.file.Path dir, RepeatResult r) throws IOException {
        try (ResultFolder folder = ResultFolder.create(dir, "repeat-" + r.workload(), "files")) {
            write(folder, r);
            folder.commitFiles(RepeatResult.FILE);
        }
    }

    private static String opt(Double v) {
        return v == null ? "" : SweepFiles.num(v);
    }
}
