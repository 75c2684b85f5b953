package io.tpkit.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A table that several driver processes create at once, each with CREATE TABLE IF NOT EXISTS
 * (the parts of a split run meeting in the database). PostgreSQL does not make that statement
 * safe against a concurrent one: the second may fail on its catalog's unique index
 * ({@code pg_type_typname_nsp_index}) instead of skipping. What counts is that the table exists
 * afterwards, so a failed CREATE is tried again once, when the other one has committed.
 */
public final class SharedTable {
    private SharedTable() {
    }

    /**
     * @param c                 a connection in auto-commit mode (a failed statement must not
     *                          leave a transaction aborted)
     * @param createIfNotExists the CREATE TABLE IF NOT EXISTS statement
     */
    public static void create(Connection c, String createIfNotExists) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(createIfNotExists);
        } catch (SQLException first) {
            try (Statement s = c.createStatement()) {
                s.execute(createIfNotExists); // the other process's CREATE has committed by now
            } catch (SQLException again) {
                again.addSuppressed(first);
                throw again;
            }
        }
    }
}
