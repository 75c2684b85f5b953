package io.tpkit.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the monitor spends every second parsing /proc/stat and /proc/vmstat (this machine's
 * contents, read once): the parsers as they are ({@code *Now}) beside the way they split lines
 * before, a regular expression per line ({@code *RegexSplit}), in the same run.
 * {@code scripts/jmh ProcParsingBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Benchmark)
public class ProcParsingBenchmark {
    String stat;
    String vmstat;

    @Setup
    public void read() throws IOException {
        stat = Files.readString(Path.of("/proc/stat"));
        vmstat = Files.readString(Path.of("/proc/vmstat"));
    }

    @Benchmark
    public Object statNow() {
        return CpuTimes.parse(stat);
    }

    @Benchmark
    public Object vmstatNow() {
        return Paging.parse(vmstat);
    }

    /** The split CpuTimes.parse did before: every line, and a regular expression for cpuN. */
    @Benchmark
    public int statRegexSplit() {
        int cpus = 0;
        for (String line : stat.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f[0].matches("cpu\\d+")) {
                cpus++;
            }
        }
        return cpus;
    }

    /** The split Paging.parse did before, every line. */
    @Benchmark
    public long vmstatRegexSplit() {
        long found = 0;
        for (String line : vmstat.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 2 && (f[0].equals("pgmajfault") || f[0].startsWith("pswp"))) {
                found += Long.parseLong(f[1]);
            }
        }
        return found;
    }
}
