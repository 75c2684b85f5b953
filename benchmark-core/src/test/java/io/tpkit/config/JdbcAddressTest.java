package io.tpkit.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JdbcAddressTest {
    @Test
    void hostAndDatabaseOfTheUsualForms() {
        assertThat(JdbcAddress.of("jdbc:postgresql://localhost:41623/postgres?user=postgres"))
                .isEqualTo(new JdbcAddress("localhost:41623", "postgres"));
        assertThat(JdbcAddress.of("jdbc:mariadb://db.example.org/tpkit?user=me&password=***").describe())
                .isEqualTo("db.example.org, database tpkit");
        assertThat(JdbcAddress.of("jdbc:mysql://me:***@10.0.0.5:3306/test"))
                .isEqualTo(new JdbcAddress("10.0.0.5:3306", "test"));
        assertThat(JdbcAddress.of("jdbc:postgresql://h1:5432,h2:5432/app?targetServerType=primary"))
                .isEqualTo(new JdbcAddress("h1:5432,h2:5432", "app"));
        assertThat(JdbcAddress.of("jdbc:sqlserver://sql1:1433;databaseName=bench;encrypt=false"))
                .isEqualTo(new JdbcAddress("sql1:1433", "bench"));
        assertThat(JdbcAddress.of("jdbc:oracle:thin:@ora:1521/FREEPDB1"))
                .isEqualTo(new JdbcAddress("ora:1521", "FREEPDB1"));
        assertThat(JdbcAddress.of("jdbc:postgresql://localhost:5432/").database()).isEmpty();
        assertThat(JdbcAddress.of("embedded-postgres").describe()).isEmpty();
        assertThat(JdbcAddress.of(null).host()).isEmpty();
    }
}
