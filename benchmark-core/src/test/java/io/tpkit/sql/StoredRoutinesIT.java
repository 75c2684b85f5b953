package io.tpkit.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tpkit.config.BenchmarkConfig;
import io.tpkit.provisioning.EmbeddedPostgresTarget;
import io.tpkit.spi.provisioning.Target;
import io.tpkit.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link StoredRoutines} on the embedded PostgreSQL and (when configured) the MariaDB/MySQL
 * server: a script runs once per version, again when it changes or a routine it creates is
 * gone, and the database's routine is then the new one.
 */
class StoredRoutinesIT {
    private static final String NAME = "stored-routines-it";
    private static Target postgres;

    @BeforeAll
    static void start() {
        postgres = new EmbeddedPostgresTarget().open(BenchmarkConfig.builder("tp1").build(), m -> { });
    }

    @AfterAll
    static void stop() {
        if (postgres != null) {
            postgres.close();
        }
    }

    private static String pgScript(int answer) {
        return "DROP FUNCTION IF EXISTS tpkit_it_answer();\n"
                + "CREATE FUNCTION tpkit_it_answer() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN " + answer
                + "; END $$;\n";
    }

    private static String mysqlScript(int answer) {
        return "DROP PROCEDURE IF EXISTS tpkit_it_answer;\nDELIMITER //\n"
                + "CREATE PROCEDURE tpkit_it_answer() BEGIN SELECT " + answer + "; END //\nDELIMITER ;\n";
    }

    @Test
    void postgresInstallsOncePerVersion() throws Exception {
        try (Connection c = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), null)) {
            installsOncePerVersion(c, StoredRoutinesIT::pgScript, "SELECT tpkit_it_answer()",
                    "DROP FUNCTION tpkit_it_answer()");
        }
    }

    @Test
    void mysqlInstallsOncePerVersion() throws Exception {
        String url = TestDatabases.externalMysqlUrl();
        try (Connection c = DriverManager.getConnection(url, TestDatabases.externalMysqlUser(), "")) {
            installsOncePerVersion(c, StoredRoutinesIT::mysqlScript, "CALL tpkit_it_answer()",
                    "DROP PROCEDURE tpkit_it_answer");
        }
    }

    private static void installsOncePerVersion(Connection c, java.util.function.IntFunction<String> script, String call,
                                               String drop) throws SQLException {
        try {
            assertThat(StoredRoutines.routines(SqlScript.split(script.apply(1)))).containsExactly("tpkit_it_answer");
            assertThat(StoredRoutines.install(c, NAME, script.apply(1))).as("first install").isTrue();
            assertThat(answer(c, call)).isEqualTo(1);
            assertThat(StoredRoutines.recorded(c, NAME)).isEqualTo(StoredRoutines.checksum(script.apply(1)));
            assertThat(StoredRoutines.install(c, NAME, script.apply(1))).as("same version again").isFalse();
            // another version of the script (an upgraded tpkit) replaces the routine
            assertThat(StoredRoutines.install(c, NAME, script.apply(2))).as("changed script").isTrue();
            assertThat(answer(c, call)).isEqualTo(2);
            assertThat(StoredRoutines.install(c, NAME, script.apply(2))).isFalse();
            // a routine dropped by hand is installed again, though the checksum matches
            try (Statement s = c.createStatement()) {
                s.execute(drop);
            }
            assertThat(StoredRoutines.install(c, NAME, script.apply(2))).as("routine missing").isTrue();
            assertThat(answer(c, call)).isEqualTo(2);
        } finally {
            try (Statement s = c.createStatement()) {
                s.execute(drop.replace(" tpkit_it_answer", " IF EXISTS tpkit_it_answer"));
                s.execute("DELETE FROM " + StoredRoutines.TABLE + " WHERE workload = '" + NAME + "'");
            }
        }
    }

    private static int answer(Connection c, String call) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(call)) {
            assertThat(rs.next()).isTrue();
            return rs.getInt(1);
        }
    }

    @Test
    void routinesAreTheCreatedOnes() {
        assertThat(StoredRoutines.routines(List.of("DROP FUNCTION IF EXISTS a(int)", "CREATE OR REPLACE FUNCTION b(x int)",
                "create procedure C_d(IN x INT) BEGIN END", "SELECT 1"))).containsExactly("b", "c_d");
    }
}
