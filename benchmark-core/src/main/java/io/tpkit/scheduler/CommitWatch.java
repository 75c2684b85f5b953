package io.tpkit.scheduler;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Watches a session's connection for the one moment whose failure leaves the outcome unknown:
 * the commit. A commit that fails is rethrown as {@link CommitFailed}; with auto-commit on,
 * every statement is its own commit, so the watch also remembers the auto-commit mode (a broken
 * connection can no longer be asked). {@link TransactionRunner} decides from both whether a
 * lost connection means "rolled back" or "outcome unknown".
 */
public final class CommitWatch implements InvocationHandler {
    private final Connection target;
    private volatile boolean autoCommit;

    private CommitWatch(Connection target) throws SQLException {
        this.target = target;
        this.autoCommit = target.getAutoCommit();
    }

    /** The connection as sessions should see it. */
    public static Connection wrap(Connection c) throws SQLException {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                new CommitWatch(c));
    }

    /** Whether statements on {@code c} commit by themselves (false when it is not watched). */
    static boolean inAutoCommit(Connection c) {
        return c != null && Proxy.isProxyClass(c.getClass()) && Proxy.getInvocationHandler(c) instanceof CommitWatch w
                && w.autoCommit;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        try {
            Object result = method.invoke(target, args);
            if (method.getName().equals("setAutoCommit")) {
                autoCommit = (Boolean) args[0];
            }
            return result;
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (method.getName().equals("commit") && cause instanceof SQLException s) {
                throw new CommitFailed(s);
            }
            throw cause;
        }
    }

    /** A commit that raised an error; {@link #getCause()} is the driver's own exception. */
    static final class CommitFailed extends SQLException {
        CommitFailed(SQLException cause) {
            super("commit failed: " + cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), cause);
        }

        SQLException original() {
            return (SQLException) getCause();
        }
    }
}
