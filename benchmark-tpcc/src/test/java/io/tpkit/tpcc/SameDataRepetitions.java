package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.result.ResultReader;
import io.tpkit.result.RunResult;
import io.tpkit.runner.RunControl;
import io.tpkit.runner.RunListener;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.sweep.RepeatResult;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Two TPC-C repetitions from the same data, as the database counts it: the second finds the
 * New-Order counter (the sum of D_NEXT_O_ID) where the first found it, both commit New-Orders and
 * pass the consistency conditions and the cross-check of the driver's count against the
 * database's. (That a copy outlives its restores, over three repetitions, is TP1's test: a W=1
 * restore costs tens of seconds on MariaDB.)
 */
final class SameDataRepetitions {
    private SameDataRepetitions() {
    }

    static RepeatResult runAndCheck(BenchmarkConfig config) throws Exception {
        RepeatResult set = Tpkit.repeat(config, 2, 0.95, RunListener.SILENT, new RunControl());

        assertThat(set.startingData().method()).isEqualTo("restore");
        List<RunResult> runs = results(set);
        assertThat(runs).hasSize(2);
        long first = newOrdersBefore(runs.getFirst());
        for (RunResult r : runs) {
            assertThat(newOrdersBefore(r)).isEqualTo(first);
            assertThat(recorded(r)).isPositive();
            assertThat(r.consistency()).allMatch(CheckResult::passed);
        }
        return set;
    }

    static List<RunResult> results(RepeatResult set) {
        return set.runs().stream().map(rep -> ResultReader.read(Path.of(rep.resultDir()))).toList();
    }

    /** The sum of D_NEXT_O_ID the run read before it started. */
    static long newOrdersBefore(RunResult r) {
        return r.database().transactionsBefore();
    }

    /** The New-Orders the database recorded during the run, from the run's cross-check. */
    static long recorded(RunResult r) {
        CheckResult check = r.consistency().stream().filter(c -> c.name().equals("driver-count-matches-database"))
                .findFirst().orElseThrow();
        Matcher m = Pattern.compile("the database recorded (\\d+) committed new-order").matcher(check.detail());
        assertThat(m.find()).as(check.detail()).isTrue();
        return Long.parseLong(m.group(1));
    }
}
