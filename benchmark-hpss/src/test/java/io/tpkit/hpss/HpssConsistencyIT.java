package io.tpkit.hpss;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.api.Tpkit;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.LoadPolicy;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.spi.workload.BoundWorkload;
import io.tpkit.spi.workload.CheckResult;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each HPSS check fails alone on the create gone wrong that it guards against, on the files of
 * one small run. The checks commit their reads, so each test's damage is undone after it: the
 * run draws positive keys, and the records a test adds or relinks are marked by negative ones.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HpssConsistencyIT {
    /** The run's file record with the smallest key, the one the tests copy or damage. */
    private static final String FIRST_FILE =
            "(SELECT MIN(object_id) FROM hpss_nsobject WHERE object_type = 1 AND object_id > 0)";

    @TempDir
    static Path temp;

    private Target target;
    private Connection c;
    private BoundWorkload hpss;

    @BeforeAll
    void run() throws Exception {
        BenchmarkConfig config = BenchmarkConfig.builder("hpss").dataDir(temp.resolve("pg")).scale(2)
                .option("creates-per-thread", "20").option("iterations", "1").outDir(temp.resolve("results"))
                .loadPolicy(LoadPolicy.ALWAYS).build();
        io.tpkit.result.RunResult one = Tpkit.run(config);
        // one iteration is an iteration: it has its rate, and it is every iteration asked for
        assertThat(one.metrics().iterations()).singleElement()
                .satisfies(it -> assertThat(it.committed()).isEqualTo(40));
        assertThat(one.headline()).containsKeys("createsPerSecondMean", "createsPerSecondFirstIteration");
        assertThat(one.validity().rules()).filteredOn(r -> r.id().equals("all-iterations")).singleElement()
                .satisfies(r -> assertThat(r.detail()).isEqualTo("1 of 1"))
                .satisfies(r -> assertThat(r.failed()).isFalse());
        target = new EmbeddedPostgresTarget().open(config, m -> { });
        c = DriverManager.getConnection(target.jdbcUrl(), target.user(), null);
        hpss = new HpssWorkload().bind(config, target.plugin());
    }

    @AfterEach
    void backToTheRunsFiles() throws SQLException {
        assertThat(failingAfter("DELETE FROM hpss_nsobject WHERE object_id < 0",
                "DELETE FROM hpss_bitfile WHERE bitfile_id < 0",
                "UPDATE hpss_nsobject SET bitfile_id = -bitfile_id WHERE bitfile_id < 0"))
                .as("the run's files restored").isEmpty();
    }

    @AfterAll
    void stop() throws SQLException {
        if (c != null) {
            c.close();
        }
        if (target != null) {
            target.close();
        }
    }

    @Test
    void aCompleteCreatePassesEveryCheck() throws SQLException {
        assertThat(failingAfter(file(-1, 0, "-1"), bitfile(-1))).isEmpty();
    }

    @Test
    void filesEqualBitfiles() throws SQLException {
        // a bitfile that no file record claims
        assertThat(failingAfter(bitfile(-1))).containsExactly("files-equal-bitfiles");
    }

    @Test
    void everyFileHasItsBitfile() throws SQLException {
        // the link broken, not the bitfile lost: the counts still agree
        assertThat(failingAfter("UPDATE hpss_nsobject SET bitfile_id = -bitfile_id WHERE object_id = " + FIRST_FILE))
                .containsExactly("every-file-has-its-bitfile");
    }

    @Test
    void oneFilePerBitfile() throws SQLException {
        // a create that linked its file to another file's bitfile and left its own unclaimed
        assertThat(failingAfter(file(-1, 0, "(SELECT bitfile_id FROM hpss_nsobject WHERE object_id = " + FIRST_FILE + ")"),
                bitfile(-1))).containsExactly("one-file-per-bitfile");
    }

    @Test
    void filesInTheRootDirectory() throws SQLException {
        // a complete create, in a directory other than the root
        assertThat(failingAfter(file(-1, 12_345, "-1"), bitfile(-1))).containsExactly("files-in-the-root-directory");
    }

    /** A file record like the first file's, with its own key, directory and bitfile link. */
    private static String file(long objectId, long parentId, String bitfileId) {
        return "INSERT INTO hpss_nsobject (object_id, parent_id, name, object_type, owner_uid, group_gid, permissions, "
                + "link_count, account_id, fileset_id, option_flags, create_time, modify_time, access_time, bitfile_id, "
                + "comment_text) SELECT " + objectId + ", " + parentId + ", name, object_type, owner_uid, group_gid, "
                + "permissions, link_count, account_id, fileset_id, option_flags, create_time, modify_time, access_time, "
                + bitfileId + ", comment_text FROM hpss_nsobject WHERE object_id = " + FIRST_FILE;
    }

    /** A bitfile record like the first file's, with its own key. */
    private static String bitfile(long bitfileId) {
        return "INSERT INTO hpss_bitfile (bitfile_id, cos_id, storage_class, file_size, account_id, flags, read_count, "
                + "write_count, create_time, modify_time, read_time, write_time) SELECT " + bitfileId + ", cos_id, "
                + "storage_class, file_size, account_id, flags, read_count, write_count, create_time, modify_time, "
                + "read_time, write_time FROM hpss_bitfile WHERE bitfile_id = (SELECT bitfile_id FROM hpss_nsobject "
                + "WHERE object_id = " + FIRST_FILE + ")";
    }

    /** Runs the statements (committed), then the checks: the names of those that failed. */
    private List<String> failingAfter(String... statements) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.executeUpdate(sql);
            }
        }
        return hpss.checkConsistency(c).stream().filter(r -> !r.passed()).map(CheckResult::name).toList();
    }
}
