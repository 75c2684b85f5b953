package io.tpkit.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.config.BadInputException;
import io.tpkit.config.BenchmarkConfig;
import io.tpkit.config.Logic;
import io.tpkit.spi.Plugins;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.database.SqlFeature;
import io.tpkit.sql.SqlScript;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TpccDialectTest {
    private final TpccDialect pg = TpccDialect.of(Plugins.database("postgresql"));
    private final TpccDialect my = TpccDialect.of(Plugins.database("mysql"));

    /** A plugin of another database: only its name, dialect and features. */
    private static DatabasePlugin plugin(String name, Set<SqlFeature> features) {
        return (DatabasePlugin) Proxy.newProxyInstance(DatabasePlugin.class.getClassLoader(),
                new Class<?>[] {DatabasePlugin.class}, (p, m, a) -> switch (m.getName()) {
                    case "name", "dialect" -> name;
                    case "sqlFeatures" -> features;
                    case "toString" -> name;
                    default -> m.isDefault() ? InvocationHandler.invokeDefault(p, m, a)
                            : new UnsupportedOperationException(m.getName());
                });
    }

    @Test
    void postgresScriptsHoldTheNineTablesAndTheirKeys() {
        for (String table : TpccTables.ALL) {
            assertThat(pg.schema()).anySatisfy(s -> assertThat(s).startsWith("CREATE TABLE " + table + " ("));
        }
        assertThat(pg.primaryKeys()).hasSize(8); // all but history
        assertThat(pg.foreignKeys()).hasSize(10);
        assertThat(pg.indexes()).hasSize(2);
        assertThat(pg.schema()).noneMatch(s -> s.contains("--") || s.contains(";") || s.contains("${"));
    }

    @Test
    void postgresProceduresAreSixDropsAndSixFunctionsWithWholeBodies() {
        assertThat(pg.hasProcedures()).isTrue();
        assertThat(pg.procedures()).filteredOn(s -> s.startsWith("DROP FUNCTION IF EXISTS ")).hasSize(6);
        assertThat(pg.procedures()).filteredOn(s -> s.startsWith("CREATE FUNCTION ")).hasSize(6)
                .allSatisfy(s -> assertThat(s).contains("LANGUAGE plpgsql").endsWith("$$"));
        assertThat(pg.procedures()).hasSize(12);
    }

    @Test
    void mysqlProceduresAreFiveDropsAndFiveProcedures() {
        assertThat(my.hasProcedures()).isTrue();
        assertThat(my.procedures()).filteredOn(s -> s.startsWith("DROP PROCEDURE IF EXISTS ")).hasSize(5);
        assertThat(my.procedures()).filteredOn(s -> s.startsWith("CREATE PROCEDURE tpcc_")).hasSize(5)
                .allSatisfy(s -> assertThat(s).endsWith("END"));
        assertThat(my.procedures()).hasSize(10);
    }

    /** The schema is written once: MySQL's file gives only its timestamp type and table options. */
    @Test
    void mysqlHasTheSameStatementsWithItsTypesAndOptions() {
        assertThat(my.schema()).hasSameSizeAs(pg.schema())
                .allMatch(s -> s.startsWith("DROP") || s.endsWith(") ENGINE = InnoDB DEFAULT CHARSET = utf8mb4"));
        assertThat(my.schema()).anyMatch(s -> s.contains("o_entry_d DATETIME(6) NOT NULL"));
        assertThat(pg.schema()).anyMatch(s -> s.contains("o_entry_d TIMESTAMP NOT NULL")).noneMatch(s -> s.contains("ENGINE"));
        assertThat(my.primaryKeys()).isEqualTo(pg.primaryKeys());
        assertThat(my.foreignKeys()).isEqualTo(pg.foreignKeys());
        assertThat(my.indexes()).isEqualTo(pg.indexes());
        assertThat(my.sql().fileOf("schema")).isEqualTo("io/tpkit/tpcc/sql/default.sql");
    }

    /** What both shapes read with, and the conditions, are written once. */
    @Test
    void sharedStatementsComeFromTheDefault() {
        for (String name : new String[] {"order-status", "stock-level", "items", "insert-lines", "consistency-10"}) {
            assertThat(pg.sql().fileOf(name)).isEqualTo("io/tpkit/tpcc/sql/default.sql");
            assertThat(my.sql().sql(name, Map.of("customer", "?", "item", 2, "order-line", 2)))
                    .isEqualTo(pg.sql().sql(name, Map.of("customer", "?", "item", 2, "order-line", 2)));
        }
        assertThat(pg.sql().sql("stock-write", Map.of("stock-row", 2))).startsWith("UPDATE stock SET")
                .contains("FROM (VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)) AS u(w, i, q, ytd, remote)");
        assertThat(my.sql().sql("stock-write", Map.of("stock-row", 2))).startsWith("UPDATE stock s JOIN (SELECT ? AS w, ")
                .contains("? AS remote UNION ALL SELECT ?, ?, ?, ?, ?) u ON");
    }

    /** The shape of the client transactions follows the plugin's features, not its name. */
    @Test
    void theClientShapeFollowsWhatTheDatabaseDeclares() {
        assertThat(TpccClientSession.statements(pg)).isEqualTo(TpccReturningSession.STATEMENTS);
        assertThat(TpccClientSession.statements(my)).isEqualTo(TpccMultiStatementSession.STATEMENTS);
        assertThat(pg.sql().missing(TpccReturningSession.STATEMENTS.toArray(String[]::new))).isEmpty();
        assertThat(my.sql().missing(TpccMultiStatementSession.STATEMENTS.toArray(String[]::new))).isEmpty();
        assertThat(pg.sql().missing(TpccProcedureSession.STATEMENTS.toArray(String[]::new))).isEmpty();
        assertThat(pg.sql().sql("call-new-order")).isEqualTo("SELECT * FROM tpcc_new_order(?, ?, ?, ?, ?, ?)");
        assertThat(my.sql().sql("call-new-order")).isEqualTo("CALL tpcc_new_order(?, ?, ?, ?)");
    }

    /**
     * A database without files of its own runs the default: its tables and checks; its client
     * transactions need the statements its SQL writes in its own syntax, and bind says which.
     */
    @Test
    void aDialectWithoutFilesRunsTheDefaultAndBindNamesWhatIsMissing() {
        DatabasePlugin other = plugin("otherdb", Set.of());
        TpccDialect d = TpccDialect.of(other);
        assertThat(d.schema()).isEqualTo(pg.schema());
        assertThat(d.hasProcedures()).isFalse();
        BenchmarkConfig config = BenchmarkConfig.builder("tpcc").build();
        assertThatThrownBy(() -> new TpccWorkload().bind(config, other)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("tpcc cannot run on otherdb yet: the otherdb dialect has no new-order-stock, "
                        + "stock-write, pay-date, pay-customer")
                .hasMessageContaining("write them in io/tpkit/tpcc/sql/otherdb.sql; see io/tpkit/tpcc/sql/default.sql");
        assertThatThrownBy(() -> new TpccWorkload().bind(BenchmarkConfig.builder("tpcc").logic(Logic.PROCEDURE).build(),
                other)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("no stored procedures for the otherdb dialect (io/tpkit/tpcc/sql/procedures/otherdb.sql)");
        // a database that writes returning rows in PostgreSQL's syntax: a file of its own, or PostgreSQL's dialect
        assertThatThrownBy(() -> new TpccWorkload().bind(config, plugin("pglike", Set.of(SqlFeature.WRITES_RETURNING_ROWS))))
                .hasMessageContaining("has no new-order-read, stock-write, new-order-write, payment, delivery");
    }

    @Test
    void splitKeepsSemicolonsInQuotesAndDropsComments() {
        assertThat(SqlScript.split("-- a; comment\nSELECT 'a;b';\n\nSELECT 2 -- trailing\n;"))
                .containsExactly("SELECT 'a;b'", "SELECT 2");
    }
}
