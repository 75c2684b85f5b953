package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.BenchmarkConfig;
import io.tpkit.api.RunListener;
import io.tpkit.api.Tpkit;
import io.tpkit.spi.CheckResult;
import io.tpkit.target.EmbeddedPostgresTarget;
import io.tpkit.target.Target;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** tpkit check tpcc passes on a fresh load and fails once the data is corrupted. */
class TpccCheckIT {
    @TempDir
    Path temp;

    @Test
    void theCheckFailsOnDeliberatelyCorruptedData() throws Exception {
        BenchmarkConfig config = BenchmarkConfig.builder("tpcc").scale(1).option("foreign-keys", "off")
                .dataDir(temp.resolve("pg")).build();
        Tpkit.load(config, RunListener.SILENT);
        assertThat(Tpkit.check(config, RunListener.SILENT)).isNotEmpty().allMatch(CheckResult::passed);

        try (Target t = new EmbeddedPostgresTarget().open(config, m -> { });
             Connection c = DriverManager.getConnection(t.jdbcUrl(), t.user(), null);
             Statement s = c.createStatement()) {
            // W_YTD = sum(D_YTD) (condition 1) and W_YTD = sum(H_AMOUNT) (condition 8) no longer hold
            s.executeUpdate("UPDATE warehouse SET w_ytd = w_ytd + 1 WHERE w_id = 1");
        }
        List<CheckResult> checks = Tpkit.check(config, RunListener.SILENT);
        assertThat(checks).filteredOn(r -> !r.passed()).extracting(CheckResult::name).containsExactly(
                "tpcc consistency 1: W_YTD = sum(D_YTD)", "tpcc consistency 8: W_YTD = sum(H_AMOUNT)");
    }
}
