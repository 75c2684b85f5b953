package io.tpkit.tp1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.config.BadInputException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The scripts as shipped: the row-size rule is checked against the DDL itself. */
class Tp1DialectTest {
    private static final Pattern CREATE = Pattern.compile("CREATE TABLE (\\w+) \\((.*)\\)", Pattern.DOTALL);
    private static final Pattern COLUMN = Pattern.compile("^\\s*(\\w+)\\s+(INT|BIGINT|TIMESTAMP|CHAR\\((\\d+)\\))(?=[\\s,])",
            Pattern.MULTILINE);

    private final Tp1Dialect postgres = Tp1Dialect.of("postgresql");

    @Test
    void everyDataRowHoldsAHundredBytesAndHistoryFifty() {
        Map<String, Integer> bytes = rowBytes(postgres.schema());
        assertThat(bytes).containsExactly(Map.entry("tp1_branch", 100), Map.entry("tp1_teller", 100),
                Map.entry("tp1_account", 100), Map.entry("tp1_history", 50));
    }

    @Test
    void theLoaderFillsTheWholeFiller() {
        String ddl = String.join("\n", postgres.schema());
        assertThat(ddl).contains("filler   CHAR(" + Tp1Tables.BRANCH_FILLER.length() + ") NOT NULL");
        assertThat(Tp1Tables.BRANCH_FILLER).hasSize(88).isNotBlank();
        assertThat(Tp1Tables.TELLER_FILLER).hasSize(84).isNotBlank();
        assertThat(Tp1Tables.ACCOUNT_FILLER).hasSize(84).isNotBlank();
        assertThat(Tp1Tables.HISTORY_FILLER).hasSize(26).isNotBlank();
        assertThat(String.join("\n", postgres.procedure())).contains("repeat('h', 26)");
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
        assertThat(postgres.procedure()).hasSize(1);
        assertThat(postgres.procedure().get(0)).startsWith("CREATE OR REPLACE FUNCTION tp1_debit_credit");
        assertThat(postgres.procedureCall()).isEqualTo("SELECT tp1_debit_credit(?, ?, ?, ?)");
    }

    @Test
    void anUnknownDialectIsABadInput() {
        assertThatThrownBy(() -> Tp1Dialect.of("oracle")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("tp1 has no SQL for the 'oracle' dialect");
        assertThatThrownBy(() -> Tp1Dialect.of("../tp1")).isInstanceOf(BadInputException.class);
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
                    case "BIGINT", "TIMESTAMP" -> 8;
                    default -> Integer.parseInt(column.group(3));
                };
            }
            result.put(table.group(1), total);
        }
        return result;
    }
}
