package io.tpkit.db.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import com.mysql.cj.jdbc.exceptions.CommunicationsException;
import io.tpkit.spi.database.ErrorClass;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MysqlErrorsTest {
    @Test
    void vendorCodesComeBeforeTheSqlState() {
        // InnoDB reports a deadlock as 1213 with SQLState 40001: it is a deadlock, not a serialization failure
        assertThat(MysqlErrors.classify(new SQLException("Deadlock found", "40001", 1213))).isEqualTo(ErrorClass.DEADLOCK);
        assertThat(MysqlErrors.classify(new SQLException("Lock wait timeout exceeded", "HY000", 1205)))
                .isEqualTo(ErrorClass.LOCK_TIMEOUT);
        assertThat(MysqlErrors.classify(new SQLException("Duplicate entry '1' for key 'PRIMARY'", "23000", 1062)))
                .isEqualTo(ErrorClass.DUPLICATE_KEY);
        assertThat(MysqlErrors.classify(new SQLException("Connection was killed", "70100", 1927)))
                .isEqualTo(ErrorClass.CONNECTION);
        assertThat(MysqlErrors.classify(new SQLException("MySQL server has gone away", "HY000", 2006)))
                .isEqualTo(ErrorClass.CONNECTION);
        assertThat(MysqlErrors.classify(new SQLException("Lost connection during query", "HY000", 2013)))
                .isEqualTo(ErrorClass.CONNECTION);
    }

    @Test
    void sqlStatesAndMessages() {
        assertThat(MysqlErrors.classify(new SQLException("serialization", "40001", 0))).isEqualTo(ErrorClass.SERIALIZATION);
        assertThat(MysqlErrors.classify(new SQLTransientConnectionException("gone", "08S01"))).isEqualTo(ErrorClass.CONNECTION);
        assertThat(MysqlErrors.classify(new SQLException("cannot connect", "08001", 0))).isEqualTo(ErrorClass.CONNECTION);
        assertThat(MysqlErrors.classify(new SQLException("Communications link failure\n\nThe last packet..."))).isEqualTo(ErrorClass.CONNECTION);
        assertThat(MysqlErrors.classify(new CommunicationsException("Communications link failure", null)))
                .isEqualTo(ErrorClass.CONNECTION);
        assertThat(MysqlErrors.classify(new SQLException("Table 'test.x' doesn't exist", "42S02", 1146))).isEqualTo(ErrorClass.OTHER);
        assertThat(MysqlErrors.classify(new SQLException("check constraint", "23000", 4025))).isEqualTo(ErrorClass.OTHER);
        assertThat(MysqlErrors.classify(new SQLException("no state"))).isEqualTo(ErrorClass.OTHER);
    }

    /**
     * What a MariaDB Galera node answers (seen on scripts/galera-cluster): a transaction that lost
     * certification against a conflicting one from another node, at its commit or at its next
     * statement, and a node that takes no queries (outside the primary component, or
     * wsrep_reject_queries).
     */
    @Test
    void galeraCertificationFailuresAreDeadlocksAndANodeThatTakesNoQueriesIsAConnectionError() {
        SQLException certification = new SQLException("Deadlock found when trying to get lock; try restarting transaction",
                "40001", 1213);
        assertThat(MysqlErrors.classify(certification)).isEqualTo(ErrorClass.DEADLOCK);
        assertThat(MysqlErrors.classify(certification).retryable()).isTrue();
        assertThat(MysqlErrors.classify(new SQLException("WSREP has not yet prepared node for application use", "08S01",
                1047))).isEqualTo(ErrorClass.CONNECTION);
    }

    @Test
    void durabilityFollowsTheSettings() {
        Map<String, String> s = new LinkedHashMap<>(Map.of("innodb_flush_log_at_trx_commit", "1", "sync_binlog", "0",
                "log_bin", "OFF", "innodb_doublewrite", "ON"));
        assertThat(MysqlPlugin.durabilityIssues(s)).isEmpty(); // sync_binlog matters only with a binary log
        s.put("log_bin", "ON");
        assertThat(MysqlPlugin.durabilityIssues(s)).singleElement().asString().startsWith("sync_binlog is 0");
        s.put("sync_binlog", "1");
        s.put("innodb_flush_log_at_trx_commit", "2");
        s.put("innodb_doublewrite", "OFF");
        assertThat(MysqlPlugin.durabilityIssues(s)).hasSize(2).anyMatch(i -> i.startsWith("innodb_flush_log_at_trx_commit is 2"))
                .anyMatch(i -> i.contains("torn pages"));
    }

    @Test
    void productFromTheVersionString() {
        assertThat(MysqlPlugin.product("10.11.19-MariaDB-0+deb12u1")).isEqualTo("MariaDB");
        assertThat(MysqlPlugin.product("8.4.3")).isEqualTo("MySQL");
    }
}
