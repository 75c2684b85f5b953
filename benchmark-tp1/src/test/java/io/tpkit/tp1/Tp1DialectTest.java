package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The SQL files as shipped: the row-size rule is checked against the DDL itself. */
class Tp1DialectTest {
    private static final Pattern CREATE = Pattern.compile("CREATE TABLE (\\w+) \\((.*)\\)", Pattern.DOTALL);
    private static final Pattern COLUMN = Pattern.compile("(?:^|,)\\s*(\\w+)\\s+(INT|BIGINT|TIMESTAMP|DATETIME\\(6\\)|CHAR\\((\\d+)\\))(?=[\\s,])");

    private final Tp1Dialect postgres = Tp1Dialect.of("postgresql");
    private final Tp1Dialect mysql = Tp1Dialect.of("mysql");

    @Test
    void everyDataRowHoldsAHundredBytesAndHistoryFifty() {
        for (Tp1Dialect d : List.of(postgres, mysql)) {
            Map<String, Integer> bytes = rowBytes(d.schema());
            assertThat(bytes).containsExactly(Map.entry("tp1_branch", 100), Map.entry("tp1_teller", 100),
                    Map.entry("tp1_account", 100), Map.entry("tp1_history", 50));
        }
    }

    @Test
    void theSchemaIsWrittenOnceWithTheDialectsTypesAndOptions() {
        assertThat(postgres.schema()).noneMatch(s -> s.contains("ENGINE") || s.contains("DATETIME"));
        assertThat(mysql.schema()).filteredOn(s -> s.startsWith("CREATE TABLE"))
                .hasSize(4).allMatch(s -> s.endsWith(") ENGINE = InnoDB DEFAULT CHARSET = utf8mb4"));
        assertThat(mysql.schema()).anyMatch(s -> s.contains("mtime DATETIME(6) NOT NULL"));
        assertThat(mysql.primaryKeys()).isEqualTo(postgres.primaryKeys());
        assertThat(mysql.sql().fileOf("schema")).isEqualTo("io/tpkit/tp1/sql/default.sql");
    }

    @Test
    void theLoaderFillsTheWholeFiller() {
        String ddl = String.join("\n", postgres.schema());
        assertThat(ddl).contains("filler CHAR(" + Tp1Tables.BRANCH_FILLER.length() + ") NOT NULL");
        assertThat(Tp1Tables.BRANCH_FILLER).hasSize(88).isNotBlank();
        assertThat(Tp1Tables.TELLER_FILLER).hasSize(84).isNotBlank();
        assertThat(Tp1Tables.ACCOUNT_FILLER).hasSize(84).isNotBlank();
        assertThat(Tp1Tables.HISTORY_FILLER).hasSize(26).isNotBlank();
        assertThat(postgres.procedureScript()).get().asString().contains("repeat('h', 26)");
        assertThat(mysql.procedureScript()).get().asString().contains("REPEAT('h', 26)");
        // the client's history insert writes the same filler
        assertThat(postgres.sql().sql("history-insert")).endsWith("'" + Tp1Tables.HISTORY_FILLER + "')");
    }

    @Test
    void theAccountStepReturnsTheBalanceInOneStatementOrTwo() {
        assertThat(postgres.accountStep()).containsExactly(
                "UPDATE tp1_account SET abalance = abalance + ? WHERE aid = ? RETURNING abalance");
        assertThat(mysql.accountStep()).containsExactly("UPDATE tp1_account SET abalance = abalance + ? WHERE aid = ?",
                "SELECT abalance FROM tp1_account WHERE aid = ?");
    }

    @Test
    void theSchemaDropsChildrenFirstAndHasNoKeys() {
        List<String> schema = postgres.schema();
        // T1's record of its amends goes with the data it describes (see Amends)
        assertThat(schema.subList(0, 5)).containsExactly("DROP TABLE IF EXISTS tp1_amended",
                "DROP TABLE IF EXISTS tp1_history",
                "DROP TABLE IF EXISTS tp1_account", "DROP TABLE IF EXISTS tp1_teller",
                "DROP TABLE IF EXISTS tp1_branch");
        assertThat(String.join("\n", schema).toUpperCase(Locale.ROOT)).doesNotContain("PRIMARY KEY", "REFERENCES");
        assertThat(postgres.primaryKeys()).hasSize(3);
        assertThat(postgres.foreignKeys()).hasSize(2).allMatch(s -> s.contains("REFERENCES tp1_branch (bid)"));
    }

    @Test
    void theProcedureIsOneStatementAndItsCallTakesFourParameters() {
        List<String> procedure = io.tpkit.sql.SqlScript.split(postgres.procedureScript().orElseThrow());
        assertThat(procedure).hasSize(1);
        assertThat(procedure.get(0)).startsWith("CREATE OR REPLACE FUNCTION tp1_debit_credit");
        assertThat(postgres.procedureCall()).isEqualTo("SELECT tp1_debit_credit(?, ?, ?, ?)");
        assertThat(mysql.procedureCall()).isEqualTo("CALL tp1_debit_credit(?, ?, ?, ?)");
    }

    @Test
    void aDialectWithoutFilesRunsTheDefaultButHasNoProcedure() {
        Tp1Dialect other = Tp1Dialect.of("oracle");
        assertThat(other.schema()).isEqualTo(postgres.schema());
        assertThat(other.accountStep()).isEqualTo(mysql.accountStep());
        assertThat(other.procedureScript()).isEmpty();
        assertThat(other.procedureFile()).isEqualTo("io/tpkit/tp1/sql/procedures/oracle.sql");
        assertThatThrownBy(() -> Tp1Dialect.of("../tp1")).isInstanceOf(IllegalArgumentException.class);
    }

    private static Map<String, Integer> rowBytes(List<String> statements) {
        Map<String, Integer> result = new LinkedHashMap<>();
        for (String sql : statements) {
            Matcher table = CREATE.matcher(sql);
            if (!table.find()) {
                continue;
            }
            int total = 0;
            Matcher column = COLUMN.matcher(table.group(2));
            while (column.find()) {
                total += switch (column.group(2)) {
                    case "INT" -> 4;
                    case "BIGINT", "TIMESTAMP", "DATETIME(6)" -> 8;
                    default -> Integer.parseInt(column.group(3));
                };
            }
            result.put(table.group(1), total);
        }
        return result;
    }
}
