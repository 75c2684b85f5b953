package io.tpkit.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.spi.workload.SessionConnection;
import io.tpkit.spi.workload.SessionConnection.End;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where COMMIT goes with the statements and where it goes apart (a Galera node): what is
 * prepared, what each call sends, and what the connection counts.
 */
class PipelineTest {
    /** What the driver was asked: statements prepared and executed, commits and rollbacks. */
    private final List<String> sent = new ArrayList<>();

    private Connection connection() {
        return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, m, args) -> switch (m.getName()) {
                    case "getAutoCommit" -> false;
                    case "prepareStatement" -> statement((String) args[0]);
                    case "commit", "rollback" -> {
                        sent.add(m.getName());
                        yield null;
                    }
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    private PreparedStatement statement(String sql) {
        return (PreparedStatement) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {PreparedStatement.class}, (proxy, m, args) -> switch (m.getName()) {
                    case "execute" -> {
                        sent.add(sql);
                        yield false;
                    }
                    case "getMoreResults" -> false;
                    case "getUpdateCount" -> 1;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    private static final List<String> WRITES = List.of("UPDATE a SET x = x + 1", "INSERT INTO b VALUES (1)");

    @Test
    void elsewhereCommitGoesWithTheStatementsAndFinishSendsNothing() throws SQLException {
        SessionConnection c = new SessionConnection(connection());
        assertThat(c.commitApart()).isFalse();
        Pipeline p = Pipeline.prepare(c, WRITES, End.COMMIT);
        assertThat(p.commitHeldBack()).isFalse();
        p.run(c);
        p.finish(c);
        assertThat(sent).containsExactly("UPDATE a SET x = x + 1; INSERT INTO b VALUES (1); COMMIT");
        assertThat(c.roundTrips()).isEqualTo(1);
        assertThat(c.statements()).isEqualTo(2);
        assertThat(c.commits()).isEqualTo(1);
    }

    @Test
    void whereCommitGoesApartFinishSendsItOnItsOwnAfterTheResults() throws SQLException {
        SessionConnection c = new SessionConnection(connection(), true);
        Pipeline p = Pipeline.prepare(c, WRITES, End.COMMIT);
        assertThat(p.commitHeldBack()).isTrue();
        assertThat(p.end()).isEqualTo(End.COMMIT);
        SessionConnection.Results results = p.run(c);
        assertThat(c.commits()).as("nothing committed yet").isZero();
        assertThat(results.updateCount()).isEqualTo(1);
        assertThat(results.updateCount()).isEqualTo(1);
        p.finish(c);
        assertThat(sent).containsExactly("UPDATE a SET x = x + 1; INSERT INTO b VALUES (1)", "commit");
        // a round trip more; the same statements and commit
        assertThat(c.roundTrips()).isEqualTo(2);
        assertThat(c.statements()).isEqualTo(2);
        assertThat(c.commits()).isEqualTo(1);
    }

    @Test
    void aRollbackAndTheCommitOfOneStatementGoWithTheStatementsEvenWhereCommitGoesApart() throws SQLException {
        SessionConnection c = new SessionConnection(connection(), true);
        Pipeline rollback = Pipeline.prepare(c, WRITES, End.ROLLBACK);
        Pipeline one = Pipeline.prepare(c, WRITES.subList(0, 1), End.COMMIT);
        Pipeline open = Pipeline.prepare(c, WRITES, End.OPEN);
        for (Pipeline p : List.of(rollback, one, open)) {
            assertThat(p.commitHeldBack()).isFalse();
            p.run(c);
            p.finish(c);
        }
        assertThat(sent).containsExactly("UPDATE a SET x = x + 1; INSERT INTO b VALUES (1); ROLLBACK",
                "UPDATE a SET x = x + 1; COMMIT", "UPDATE a SET x = x + 1; INSERT INTO b VALUES (1)");
        assertThat(c.roundTrips()).isEqualTo(3);
        assertThat(c.commits()).isEqualTo(1);
        assertThat(c.rollbacks()).isEqualTo(1);
    }

    @Test
    void aCommitAfterSeveralStatementsIsRefusedWhereItGoesApart() throws SQLException {
        SessionConnection c = new SessionConnection(connection(), true);
        PreparedStatement ps = c.prepare("UPDATE a SET x = x + 1; INSERT INTO b VALUES (1); COMMIT");
        assertThatThrownBy(() -> c.pipeline(ps, 3, End.COMMIT)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Pipeline");
        assertThat(sent).isEmpty();
    }
}
