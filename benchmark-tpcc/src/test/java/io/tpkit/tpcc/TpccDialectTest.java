package io.tpkit.tpcc;

import io.tpkit.sql.SqlScript;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TpccDialectTest {
    @Test
    void postgresScriptsHoldTheNineTablesAndTheirKeys() {
        TpccDialect d = TpccDialect.of("postgresql");
        for (String table : TpccTables.ALL) {
            assertThat(d.schema()).anySatisfy(s -> assertThat(s).startsWith("CREATE TABLE " + table + " ("));
        }
        assertThat(d.primaryKeys()).hasSize(8); // all but history
        assertThat(d.foreignKeys()).hasSize(10);
        assertThat(d.indexes()).hasSize(2);
        assertThat(d.schema()).noneMatch(s -> s.contains("--") || s.contains(";"));
    }

    @Test
    void postgresProceduresAreSixDropsAndSixFunctionsWithWholeBodies() {
        TpccDialect d = TpccDialect.of("postgresql");
        assertThat(d.hasProcedures()).isTrue();
        assertThat(d.procedures()).filteredOn(s -> s.startsWith("DROP FUNCTION IF EXISTS ")).hasSize(6);
        assertThat(d.procedures()).filteredOn(s -> s.startsWith("CREATE FUNCTION ")).hasSize(6)
                .allSatisfy(s -> assertThat(s).contains("LANGUAGE plpgsql").endsWith("$$"));
        assertThat(d.procedures()).hasSize(12);
    }

    @Test
    void mysqlProceduresAreFiveDropsAndFiveProcedures() {
        TpccDialect d = TpccDialect.of("mysql");
        assertThat(d.hasProcedures()).isTrue();
        assertThat(d.procedures()).filteredOn(s -> s.startsWith("DROP PROCEDURE IF EXISTS ")).hasSize(5);
        assertThat(d.procedures()).filteredOn(s -> s.startsWith("CREATE PROCEDURE tpcc_")).hasSize(5)
                .allSatisfy(s -> assertThat(s).endsWith("END"));
        assertThat(d.procedures()).hasSize(10);
    }

    @Test
    void mysqlHasTheSameStatements() {
        TpccDialect pg = TpccDialect.of("postgresql");
        TpccDialect my = TpccDialect.of("mysql");
        assertThat(my.schema()).hasSameSizeAs(pg.schema()).allMatch(s -> s.startsWith("DROP") || s.contains("ENGINE = InnoDB"));
        assertThat(my.primaryKeys()).isEqualTo(pg.primaryKeys());
        assertThat(my.foreignKeys()).isEqualTo(pg.foreignKeys());
        assertThat(my.indexes()).isEqualTo(pg.indexes());
    }

    @Test
    void unknownDialect() {
        assertThatThrownBy(() -> TpccDialect.of("oracle")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TpccDialect.of("../tp1")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void splitKeepsSemicolonsInQuotesAndDropsComments() {
        assertThat(SqlScript.split("-- a; comment\nSELECT 'a;b';\n\nSELECT 2 -- trailing\n;"))
                .containsExactly("SELECT 'a;b'", "SELECT 2");
    }
}
