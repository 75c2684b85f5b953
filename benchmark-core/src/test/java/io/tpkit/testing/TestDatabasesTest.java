package io.tpkit.testing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestDatabasesTest {
    @Test
    void anotherDatabaseOfTheSameServerKeepsHostsAndParameters() {
        assertThat(TestDatabases.withDatabase("jdbc:mysql://127.0.0.1:3306/test", "tpkit_x"))
                .isEqualTo("jdbc:mysql://127.0.0.1:3306/tpkit_x");
        assertThat(TestDatabases.withDatabase("jdbc:mysql://h1:3306,h2:3306/test?useSSL=false", "tpkit_x"))
                .isEqualTo("jdbc:mysql://h1:3306,h2:3306/tpkit_x?useSSL=false");
        assertThat(TestDatabases.withDatabase("jdbc:mysql://127.0.0.1:3306", "tpkit_x"))
                .isEqualTo("jdbc:mysql://127.0.0.1:3306/tpkit_x");
        assertThat(TestDatabases.withDatabase("jdbc:mysql://127.0.0.1:3306?useSSL=false", "tpkit_x"))
                .isEqualTo("jdbc:mysql://127.0.0.1:3306/tpkit_x?useSSL=false");
    }
}
