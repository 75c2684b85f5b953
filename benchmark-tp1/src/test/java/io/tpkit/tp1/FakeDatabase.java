package io.tpkit.tp1;

import io.tpkit.spi.database.BulkWriter;
import io.tpkit.spi.database.DatabasePlugin;
import io.tpkit.spi.workload.LoadContext;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * A database that only records: bulk rows per table, executed statements, analyzed tables and
 * connections opened and closed. Enough to test the loader without a server.
 */
final class FakeDatabase {
    final Map<String, List<List<Object>>> rows = new ConcurrentHashMap<>();
    final List<String> statements = Collections.synchronizedList(new ArrayList<>());
    final List<String> analyzed = Collections.synchronizedList(new ArrayList<>());
    final List<String> steps = Collections.synchronizedList(new ArrayList<>());
    final AtomicLong reported = new AtomicLong();
    final AtomicLong expected = new AtomicLong();
    final AtomicInteger opened = new AtomicInteger();
    final AtomicInteger closed = new AtomicInteger();
    /** Bulk rows for which this returns true fail, as a server error would. */
    volatile Predicate<List<Object>> failOn = row -> false;

    DatabasePlugin plugin(String dialect) {
        return proxy(DatabasePlugin.class, (p, m, a) -> switch (m.getName()) {
            case "name", "dialect" -> dialect;
            case "bulkWriter" -> writer((String) a[1]);
            case "analyze" -> {
                @SuppressWarnings("unchecked")
                List<String> tables = (List<String>) a[1];
                analyzed.addAll(tables);
                yield null;
            }
            case "toString" -> "fake " + dialect;
            default -> m.isDefault() ? InvocationHandler.invokeDefault(p, m, a) : unsupported(m.getName());
        });
    }

    LoadContext context(int parallelism) {
        DatabasePlugin plugin = plugin("postgresql");
        return new LoadContext() {
            @Override
            public DatabasePlugin database() {
                return plugin;
            }

            @Override
            public Connection connect() {
                return connection();
            }

            @Override
            public int parallelism() {
                return parallelism;
            }

            @Override
            public void expectRows(long total) {
                expected.set(total);
            }

            @Override
            public void rowsDone(long n) {
                reported.addAndGet(n);
            }

            @Override
            public void step(String name) {
                steps.add(name);
            }
        };
    }

    Connection connection() {
        opened.incrementAndGet();
        boolean[] isClosed = {false};
        return proxy(Connection.class, (p, m, a) -> switch (m.getName()) {
            case "close" -> {
                if (!isClosed[0]) {
                    isClosed[0] = true;
                    closed.incrementAndGet();
                }
                yield null;
            }
            case "isClosed" -> isClosed[0];
            case "getAutoCommit" -> true;
            case "setAutoCommit", "commit" -> null;
            case "createStatement" -> statement();
            default -> unsupported(m.getName());
        });
    }

    private Statement statement() {
        return proxy(Statement.class, (p, m, a) -> switch (m.getName()) {
            case "execute" -> {
                statements.add((String) a[0]);
                yield false;
            }
            case "close" -> null;
            default -> unsupported(m.getName());
        });
    }

    private BulkWriter writer(String table) {
        List<List<Object>> tableRows = rows.computeIfAbsent(table, t -> Collections.synchronizedList(new ArrayList<>()));
        List<Object> row = new ArrayList<>();
        return new BulkWriter() {
            @Override
            public BulkWriter add(long value) {
                row.add(value);
                return this;
            }

            @Override
            public BulkWriter add(String value) {
                row.add(value);
                return this;
            }

            @Override
            public BulkWriter addTimestamp(long epochMillis) {
                row.add(epochMillis);
                return this;
            }

            @Override
            public void endRow() throws SQLException {
                List<Object> done = List.copyOf(row);
                row.clear();
                if (failOn.test(done)) {
                    throw new SQLException("fake failure at " + done, "XX000");
                }
                tableRows.add(done);
            }

            @Override
            public void close() {
            }
        };
    }

    private static Object unsupported(String method) {
        throw new UnsupportedOperationException(method);
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<T> type, InvocationHandler handler) {
        return (T) Proxy.newProxyInstance(FakeDatabase.class.getClassLoader(), new Class<?>[] {type}, handler);
    }
}
