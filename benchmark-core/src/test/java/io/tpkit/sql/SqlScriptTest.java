package io.tpkit.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SqlScriptTest {
    @Test
    void splitsAtSemicolonsAndDropsComments() {
        List<String> s = SqlScript.split("""
                -- a comment; with a semicolon
                DROP TABLE a;
                /* block; comment */
                CREATE TABLE a (x INT);

                -- trailing comment
                """);
        assertThat(s).containsExactly("DROP TABLE a", "CREATE TABLE a (x INT)");
    }

    @Test
    void keepsQuotedSemicolons() {
        assertThat(SqlScript.split("INSERT INTO t VALUES ('a;b', 'it''s; ok'); SELECT \"x;y\" FROM t"))
                .containsExactly("INSERT INTO t VALUES ('a;b', 'it''s; ok')", "SELECT \"x;y\" FROM t");
    }

    @Test
    void keepsADollarQuotedBodyWhole() {
        List<String> s = SqlScript.split("""
                CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $body$
                BEGIN
                    PERFORM 1; -- inside
                    RETURN $$x;$$::text::int;
                END
                $body$;
                SELECT /* a; b */ f();
                """);
        assertThat(s).hasSize(2);
        assertThat(s.get(0)).startsWith("CREATE FUNCTION").endsWith("$body$").contains("PERFORM 1;");
        assertThat(s.get(1)).isEqualTo("SELECT   f()");
    }

    @Test
    void followsMysqlDelimiterLines() {
        List<String> s = SqlScript.split("""
                DROP PROCEDURE IF EXISTS p;
                DELIMITER //
                CREATE PROCEDURE p() BEGIN
                    UPDATE t SET x = 1;
                    UPDATE t SET y = 2;
                END //
                DELIMITER ;
                SELECT 1;
                """);
        assertThat(s).containsExactly("DROP PROCEDURE IF EXISTS p",
                "CREATE PROCEDURE p() BEGIN\n    UPDATE t SET x = 1;\n    UPDATE t SET y = 2;\nEND",
                "SELECT 1");
    }

    @Test
    void aLastStatementNeedsNoTerminator() {
        assertThat(SqlScript.split("SELECT 1;\nSELECT 2\n")).containsExactly("SELECT 1", "SELECT 2");
        assertThat(SqlScript.split("  \n-- nothing\n")).isEmpty();
    }
}
