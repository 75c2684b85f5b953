package io.tpkit.sweep;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.files.Folders;
import io.tpkit.result.ResultWriter;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.runner.Runner;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.workload.RunSequence;
import io.tpkit.spi.workload.Workload;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs a workload's {@link RunSequence} ({@code tpkit bound tp1}) and writes its folder: each
 * step an ordinary run with its own result folder inside the sequence's, one after the other on
 * the same data, then the files the workload renders from them beside the runs' folders.
 *
 * <p>The folder is created under its final name, since the runs inside it record their own
 * paths; a sequence that fails or is interrupted leaves the runs it finished and no summary files.
 */
public final class Sequences {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private Sequences() {
    }

    /** The sequence {@code base}'s workload offers as its upper bound ({@link Workload#bound()}). */
    public static RunSequence bound(BenchmarkConfig base) {
        Workload workload = Plugins.workload(base.workload());
        return workload.bound().orElseThrow(() -> new BadInputException("'tpkit bound' measures an upper bound a "
                + "workload defines; " + workload.name() + " defines none: choose one of " + String.join(", ",
                Plugins.workloads().stream().filter(w -> w.bound().isPresent()).map(Workload::name).toList())));
    }

    /**
     * Runs the sequence's steps one after the other, each through {@link Runner#run} on the data
     * the one before left: the embedded PostgreSQL gets one data directory for them all
     * (temporary unless {@code --data-dir}), a JDBC URL's database is the same for all, and a
     * target that keeps no data between runs loads again for every run. {@code --reload} loads
     * once, before the first. Stops after an incomplete run or when {@code control} aborts.
     *
     * @param base        a configuration of the sequence's workload: target, scale, warm-up,
     *                    duration, seed, load policy (for the first run), output folder; its
     *                    connections are ignored in favour of {@code connections}
     * @param connections the degrees of concurrency to measure at
     * @throws BadInputException for a configuration or counts the sequence cannot run with
     */
    public static SequenceResult run(RunSequence sequence, BenchmarkConfig base, List<Integer> connections,
                                     RunListener listener, RunControl control) throws Exception {
        checkCounts(connections);
        sequence.check(base, connections);
        Path folder = createFolder(sequence.name(), base);
        Path temporary = null;
        BenchmarkConfig shared = base;
        String sameData;
        String target = base.target();
        if (target.equals(BenchmarkConfig.DEFAULT_TARGET) && base.dataDir() == null) {
            temporary = Files.createTempDirectory("tpkit-" + sequence.name() + "-pgdata-");
            shared = base.toBuilder().dataDir(temporary).build();
            sameData = "one embedded PostgreSQL data directory for all runs (temporary, deleted afterwards), "
                    + "loaded once; the server is started for each run";
        } else if (target.equals(BenchmarkConfig.DEFAULT_TARGET)) {
            sameData = "one embedded PostgreSQL data directory for all runs (" + base.dataDir() + ")";
        } else if (target.startsWith("jdbc:")) {
            sameData = "the server's database, the same for all runs";
        } else {
            sameData = target + " keeps no data between runs: every run started a new server and loaded the same "
                    + "data again";
        }
        List<RunSequence.Step> steps = sequence.steps(shared, connections);
        List<RunSequence.Finished> runs = new ArrayList<>();
        String database = null;
        try {
            for (RunSequence.Step step : steps) {
                if (control.aborted()) {
                    break;
                }
                int c = step.connections();
                listener.message(sequence.name() + " " + (runs.size() + 1) + " of " + steps.size() + ": "
                        + step.label() + " (" + step.description() + ") with " + c + " connection" + (c == 1 ? "" : "s"));
                BenchmarkConfig.Builder config = step.config().toBuilder().outDir(folder);
                if (!runs.isEmpty() && shared.loadPolicy() == LoadPolicy.ALWAYS) {
                    config.loadPolicy(LoadPolicy.IF_EMPTY); // --reload loads once, before the first run
                }
                RunResult r = Runner.run(config.build(), listener, control);
                database = r.database().productVersion();
                runs.add(finished(step, r));
                if (r.metrics().incomplete()) {
                    break;
                }
            }
        } finally {
            if (temporary != null) {
                Folders.deleteQuietly(temporary);
            }
        }
        RunSequence.Summary summary = sequence.summarize(new RunSequence.Context(folder, database, base, connections,
                sameData, runs.size() == steps.size()), runs);
        write(folder, summary);
        return new SequenceResult(folder, summary.value(), summary.printed(),
                runs.stream().allMatch(RunSequence.Finished::consistent));
    }

    private static void checkCounts(List<Integer> connections) {
        if (connections.isEmpty() || connections.stream().anyMatch(c -> c == null || c < 1)) {
            throw new BadInputException("--connections must list one or more counts of at least 1, e.g. 1,2,4,8");
        }
        if (connections.stream().distinct().count() < connections.size()) {
            throw new BadInputException("--connections " + connections + " names a count twice");
        }
    }

    private static RunSequence.Finished finished(RunSequence.Step step, RunResult r) {
        Map<String, Object> parameters = r.workload().parameters() == null ? Map.of() : r.workload().parameters();
        return new RunSequence.Finished(step, r.metrics(), parameters, r.load() != null,
                Boolean.TRUE.equals(r.database().durable()), r.consistent(), r.validity().verdict(),
                r.resultDir());
    }

    private static Path createFolder(String name, BenchmarkConfig base) {
        Path parent = base.outDir().toAbsolutePath().normalize();
        String folderName = name + "-" + base.workload() + "-" + LocalDateTime.now().format(STAMP) + "-"
                + Sweeps.kind(base);
        try {
            Files.createDirectories(parent);
            Path folder = parent.resolve(folderName);
            for (int i = 2; ; i++) {
                try {
                    return Files.createDirectory(folder);
                } catch (java.nio.file.FileAlreadyExistsException e) {
                    folder = parent.resolve(folderName + "-" + i);
                }
            }
        } catch (IOException e) {
            throw new BadInputException("cannot write results to " + parent + " (" + e.getMessage()
                    + "): choose a writable folder with --out");
        }
    }

    private static void write(Path folder, RunSequence.Summary summary) throws IOException {
        ResultWriter.writeJson(folder.resolve(summary.jsonFile()), summary.value());
        for (Map.Entry<String, String> text : summary.texts().entrySet()) {
            Files.writeString(folder.resolve(text.getKey()), text.getValue(), StandardCharsets.UTF_8);
        }
    }
}
