package io.tpkit.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The files under io/tpkit/sql/named in the test resources. */
class NamedSqlTest {
    private static final String FOLDER = "/io/tpkit/sql/named";

    private static NamedSql dialect(String name) {
        return NamedSql.load(NamedSqlTest.class, FOLDER, name);
    }

    @Test
    void theDialectsFileOverridesTheDefaultAndTheRestFallsBack() {
        NamedSql pg = dialect("postgresql");
        assertThat(pg.sql("count")).isEqualTo("SELECT count(*) FROM t");
        assertThat(pg.fileOf("count")).isEqualTo("io/tpkit/sql/named/postgresql.sql");
        assertThat(pg.fileOf("schema")).isEqualTo("io/tpkit/sql/named/default.sql");
        assertThat(pg.has("only-here")).isTrue();
        assertThat(dialect("mysql").has("only-here")).isFalse();
    }

    @Test
    void aDialectWithoutAFileRunsTheDefault() {
        NamedSql other = dialect("oracle");
        assertThat(other.sql("count")).isEqualTo("SELECT count(*) FROM t");
        assertThat(other.statements("schema")).containsExactly("DROP TABLE IF EXISTS t",
                "CREATE TABLE t ( a INT NOT NULL, b TIMESTAMP NOT NULL, c VARCHAR(8) NOT NULL DEFAULT 'a  b' )");
        assertThat(other.procedures()).isEmpty();
    }

    @Test
    void aFragmentOfTheDialectReplacesTheDefaultsInsideADefaultStatement() {
        assertThat(dialect("mysql").statements("schema")).containsExactly("DROP TABLE IF EXISTS t",
                "CREATE TABLE t ( a INT NOT NULL, b DATETIME(6) NOT NULL, c VARCHAR(8) NOT NULL DEFAULT 'a  b' ) "
                        + "ENGINE = InnoDB");
    }

    @Test
    void listsAreRepeatedAsManyTimesAsTheCallerSays() {
        NamedSql sql = dialect("postgresql");
        assertThat(sql.sql("by-keys", Map.of("key", 3, "value", "'x'")))
                .isEqualTo("SELECT a FROM t WHERE (a, b) IN ((?, ?), (?, ?), (?, ?)) AND c = 'x'");
        assertThat(sql.sql("rows", Map.of("row", 3)))
                .isEqualTo("SELECT x FROM (SELECT ? AS x UNION ALL SELECT ? UNION ALL SELECT ?) u");
        assertThat(sql.sql("rows", Map.of("row", 1))).isEqualTo("SELECT x FROM (SELECT ? AS x) u");
        assertThatThrownBy(() -> sql.sql("by-keys", Map.of("value", "1")))
                .hasMessageContaining("${key*} needs a count for 'key'");
    }

    @Test
    void aBlockOfSeveralStatementsIsSentAsOneText() {
        NamedSql sql = dialect("postgresql");
        assertThat(sql.statements("pair")).hasSize(2);
        assertThat(sql.sql("pair")).isEqualTo("UPDATE t SET a = a + 1; SELECT a FROM t");
    }

    @Test
    void aMissingStatementNamesTheFilesAndTheStatement() {
        assertThatThrownBy(() -> dialect("postgresql").sql("payment"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("no statement 'payment' for the postgresql dialect: neither io/tpkit/sql/named/postgresql.sql "
                        + "nor io/tpkit/sql/named/default.sql has a block '-- name: payment'");
        assertThatThrownBy(() -> dialect("oracle").sql("payment"))
                .hasMessage("no statement 'payment' for the oracle dialect: io/tpkit/sql/named/default.sql has no block "
                        + "'-- name: payment' (and there is no io/tpkit/sql/named/oracle.sql)");
        assertThatThrownBy(() -> dialect("mysql").sql("uses-missing"))
                .hasMessageContaining("no statement 'nowhere' for the mysql dialect")
                .hasMessageEndingWith("(used in 'uses-missing' of io/tpkit/sql/named/default.sql)");
        assertThat(dialect("mysql").missing("count", "payment", "only-here")).containsExactly("payment", "only-here");
    }

    @Test
    void aBlockThatIncludesItselfIsAnError() {
        assertThatThrownBy(() -> dialect("postgresql").sql("loop")).hasMessageContaining("includes itself");
    }

    @Test
    void twoBlocksOfOneNameInAFileAreAnError() {
        assertThatThrownBy(() -> NamedSql.load(NamedSqlTest.class, "/io/tpkit/sql/broken", "postgresql"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("io/tpkit/sql/broken/default.sql line 3: a second block '-- name: a'");
    }

    @Test
    void aDialectNameCannotLeaveTheFolder() {
        assertThatThrownBy(() -> dialect("../tp1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> dialect("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void storedRoutinesArePerDialectWithoutDefault() {
        assertThat(dialect("postgresql").procedures()).get().asString().startsWith("CREATE FUNCTION f()");
        assertThat(dialect("mysql").procedures()).isEmpty();
        assertThat(dialect("mysql").proceduresFile()).isEqualTo("io/tpkit/sql/named/procedures/mysql.sql");
    }

    @Test
    void compactKeepsQuotedWhitespace() {
        assertThat(SqlScript.compact("  SELECT  a,\n\t'x   y' ,  \"b  c\"\nFROM t  "))
                .isEqualTo("SELECT a, 'x   y' , \"b  c\" FROM t");
    }
}
