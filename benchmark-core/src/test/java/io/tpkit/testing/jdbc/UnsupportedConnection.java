package io.tpkit.testing.jdbc;

/** Every method of {@link java.sql.Connection} unsupported; stubs override what they answer. Generated from the interface, one line a method. */
@SuppressWarnings({"deprecation", "unchecked"})
public abstract class UnsupportedConnection implements java.sql.Connection {
    @Override public void abort(java.util.concurrent.Executor a0) throws java.sql.SQLException { throw new UnsupportedOperationException("abort"); }
    @Override public void clearWarnings() throws java.sql.SQLException { throw new UnsupportedOperationException("clearWarnings"); }
    @Override public void close() throws java.sql.SQLException { throw new UnsupportedOperationException("close"); }
    @Override public void commit() throws java.sql.SQLException { throw new UnsupportedOperationException("commit"); }
    @Override public java.sql.Array createArrayOf(java.lang.String a0, java.lang.Object[] a1) throws java.sql.SQLException { throw new UnsupportedOperationException("createArrayOf"); }
    @Override public java.sql.Blob createBlob() throws java.sql.SQLException { throw new UnsupportedOperationException("createBlob"); }
    @Override public java.sql.Clob createClob() throws java.sql.SQLException { throw new UnsupportedOperationException("createClob"); }
    @Override public java.sql.NClob createNClob() throws java.sql.SQLException { throw new UnsupportedOperationException("createNClob"); }
    @Override public java.sql.SQLXML createSQLXML() throws java.sql.SQLException { throw new UnsupportedOperationException("createSQLXML"); }
    @Override public java.sql.Statement createStatement() throws java.sql.SQLException { throw new UnsupportedOperationException("createStatement"); }
    @Override public java.sql.Statement createStatement(int a0, int a1, int a2) throws java.sql.SQLException { throw new UnsupportedOperationException("createStatement"); }
    @Override public java.sql.Statement createStatement(int a0, int a1) throws java.sql.SQLException { throw new UnsupportedOperationException("createStatement"); }
    @Override public java.sql.Struct createStruct(java.lang.String a0, java.lang.Object[] a1) throws java.sql.SQLException { throw new UnsupportedOperationException("createStruct"); }
    @Override public boolean getAutoCommit() throws java.sql.SQLException { throw new UnsupportedOperationException("getAutoCommit"); }
    @Override public java.lang.String getCatalog() throws java.sql.SQLException { throw new UnsupportedOperationException("getCatalog"); }
    @Override public java.util.Properties getClientInfo() throws java.sql.SQLException { throw new UnsupportedOperationException("getClientInfo"); }
    @Override public java.lang.String getClientInfo(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getClientInfo"); }
    @Override public int getHoldability() throws java.sql.SQLException { throw new UnsupportedOperationException("getHoldability"); }
    @Override public java.sql.DatabaseMetaData getMetaData() throws java.sql.SQLException { throw new UnsupportedOperationException("getMetaData"); }
    @Override public int getNetworkTimeout() throws java.sql.SQLException { throw new UnsupportedOperationException("getNetworkTimeout"); }
    @Override public java.lang.String getSchema() throws java.sql.SQLException { throw new UnsupportedOperationException("getSchema"); }
    @Override public int getTransactionIsolation() throws java.sql.SQLException { throw new UnsupportedOperationException("getTransactionIsolation"); }
    @Override public java.util.Map<java.lang.String, java.lang.Class<?>> getTypeMap() throws java.sql.SQLException { throw new UnsupportedOperationException("getTypeMap"); }
    @Override public java.sql.SQLWarning getWarnings() throws java.sql.SQLException { throw new UnsupportedOperationException("getWarnings"); }
    @Override public boolean isClosed() throws java.sql.SQLException { throw new UnsupportedOperationException("isClosed"); }
    @Override public boolean isReadOnly() throws java.sql.SQLException { throw new UnsupportedOperationException("isReadOnly"); }
    @Override public boolean isValid(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("isValid"); }
    @Override public boolean isWrapperFor(java.lang.Class<?> a0) throws java.sql.SQLException { throw new UnsupportedOperationException("isWrapperFor"); }
    @Override public java.lang.String nativeSQL(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("nativeSQL"); }
    @Override public java.sql.CallableStatement prepareCall(java.lang.String a0, int a1, int a2, int a3) throws java.sql.SQLException { throw new UnsupportedOperationException("prepareCall"); }
    @Override public java.sql.CallableStatement prepareCall(java.lang.String a0, int a1, int a2) throws java.sql.SQLException { throw new UnsupportedOperationException("prepareCall"); }
    @Override public java.sql.CallableStatement prepareCall(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("prepareCall"); }
    @Override public java.sql.PreparedStatement prepareStatement(java.lang.String a0, int[] a1) throws java.sql.SQLException { throw new UnsupportedOperationException("prepareStatement"); }
    @Override public java.sql.PreparedStatement prepareStatement(java.lang.String a0, java.lang.String[] a1) throws java.sql.SQLException { throw new UnsupportedOperationException("prepareStatement"); }
    @Override public java.sql.PreparedStatement prepareStatement(java.lang.String a0, int a1, int a2, int a3) throws java.sql.SQLException { throw new UnsupportedOperationException("prepareStatement"); }
    @Override public java.sql.PreparedStatement prepareStatement(java.lang.String a0, int a1, int a2) throws java.sql.SQLException { throw new UnsupportedOperationException("prepareStatement"); }
    @Override public java.sql.PreparedStatement prepareStatement(java.lang.String a0, int a1) throws java.sql.SQLException { throw new UnsupportedOperationException("prepareStatement"); }
    @Override public java.sql.PreparedStatement prepareStatement(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("prepareStatement"); }
    @Override public void releaseSavepoint(java.sql.Savepoint a0) throws java.sql.SQLException { throw new UnsupportedOperationException("releaseSavepoint"); }
    @Override public void rollback() throws java.sql.SQLException { throw new UnsupportedOperationException("rollback"); }
    @Override public void rollback(java.sql.Savepoint a0) throws java.sql.SQLException { throw new UnsupportedOperationException("rollback"); }
    @Override public void setAutoCommit(boolean a0) throws java.sql.SQLException { throw new UnsupportedOperationException("setAutoCommit"); }
    @Override public void setCatalog(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("setCatalog"); }
    @Override public void setClientInfo(java.lang.String a0, java.lang.String a1) throws java.sql.SQLClientInfoException { throw new UnsupportedOperationException("setClientInfo"); }
    @Override public void setClientInfo(java.util.Properties a0) throws java.sql.SQLClientInfoException { throw new UnsupportedOperationException("setClientInfo"); }
    @Override public void setHoldability(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("setHoldability"); }
    @Override public void setNetworkTimeout(java.util.concurrent.Executor a0, int a1) throws java.sql.SQLException { throw new UnsupportedOperationException("setNetworkTimeout"); }
    @Override public void setReadOnly(boolean a0) throws java.sql.SQLException { throw new UnsupportedOperationException("setReadOnly"); }
    @Override public java.sql.Savepoint setSavepoint() throws java.sql.SQLException { throw new UnsupportedOperationException("setSavepoint"); }
    @Override public java.sql.Savepoint setSavepoint(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("setSavepoint"); }
    @Override public void setSchema(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("setSchema"); }
    @Override public void setTransactionIsolation(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("setTransactionIsolation"); }
    @Override public void setTypeMap(java.util.Map<java.lang.String, java.lang.Class<?>> a0) throws java.sql.SQLException { throw new UnsupportedOperationException("setTypeMap"); }
    @Override public <T> T unwrap(java.lang.Class<T> a0) throws java.sql.SQLException { throw new UnsupportedOperationException("unwrap"); }
}
