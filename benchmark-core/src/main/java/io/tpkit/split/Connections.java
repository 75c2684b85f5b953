package io.tpkit.split;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Where the parts of a split run or load get connections to the database under test, in which
 * they meet: the pool of the target they run on.
 */
@FunctionalInterface
public interface Connections {
    Connection open() throws SQLException;
}
