package io.tpkit.testing.jdbc;

/** Every method of {@link java.sql.ResultSet} unsupported; stubs override what they answer. Generated from the interface, one line a method. */
@SuppressWarnings({"deprecation", "unchecked"})
public abstract class UnsupportedResultSet implements java.sql.ResultSet {
    @Override public boolean absolute(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("absolute"); }
    @Override public void afterLast() throws java.sql.SQLException { throw new UnsupportedOperationException("afterLast"); }
    @Override public void beforeFirst() throws java.sql.SQLException { throw new UnsupportedOperationException("beforeFirst"); }
    @Override public void cancelRowUpdates() throws java.sql.SQLException { throw new UnsupportedOperationException("cancelRowUpdates"); }
    @Override public void clearWarnings() throws java.sql.SQLException { throw new UnsupportedOperationException("clearWarnings"); }
    @Override public void close() throws java.sql.SQLException { throw new UnsupportedOperationException("close"); }
    @Override public void deleteRow() throws java.sql.SQLException { throw new UnsupportedOperationException("deleteRow"); }
    @Override public int findColumn(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("findColumn"); }
    @Override public boolean first() throws java.sql.SQLException { throw new UnsupportedOperationException("first"); }
    @Override public java.sql.Array getArray(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getArray"); }
    @Override public java.sql.Array getArray(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getArray"); }
    @Override public java.io.InputStream getAsciiStream(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getAsciiStream"); }
    @Override public java.io.InputStream getAsciiStream(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getAsciiStream"); }
    @Override public java.math.BigDecimal getBigDecimal(java.lang.String a0, int a1) throws java.sql.SQLException { throw new UnsupportedOperationException("getBigDecimal"); }
    @Override public java.math.BigDecimal getBigDecimal(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getBigDecimal"); }
    @Override public java.math.BigDecimal getBigDecimal(int a0, int a1) throws java.sql.SQLException { throw new UnsupportedOperationException("getBigDecimal"); }
    @Override public java.math.BigDecimal getBigDecimal(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getBigDecimal"); }
    @Override public java.io.InputStream getBinaryStream(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getBinaryStream"); }
    @Override public java.io.InputStream getBinaryStream(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getBinaryStream"); }
    @Override public java.sql.Blob getBlob(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getBlob"); }
    @Override public java.sql.Blob getBlob(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getBlob"); }
    @Override public boolean getBoolean(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getBoolean"); }
    @Override public boolean getBoolean(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getBoolean"); }
    @Override public byte getByte(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getByte"); }
    @Override public byte getByte(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getByte"); }
    @Override public byte[] getBytes(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getBytes"); }
    @Override public byte[] getBytes(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getBytes"); }
    @Override public java.io.Reader getCharacterStream(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getCharacterStream"); }
    @Override public java.io.Reader getCharacterStream(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getCharacterStream"); }
    @Override public java.sql.Clob getClob(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getClob"); }
    @Override public java.sql.Clob getClob(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getClob"); }
    @Override public int getConcurrency() throws java.sql.SQLException { throw new UnsupportedOperationException("getConcurrency"); }
    @Override public java.lang.String getCursorName() throws java.sql.SQLException { throw new UnsupportedOperationException("getCursorName"); }
    @Override public java.sql.Date getDate(java.lang.String a0, java.util.Calendar a1) throws java.sql.SQLException { throw new UnsupportedOperationException("getDate"); }
    @Override public java.sql.Date getDate(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getDate"); }
    @Override public java.sql.Date getDate(int a0, java.util.Calendar a1) throws java.sql.SQLException { throw new UnsupportedOperationException("getDate"); }
    @Override public java.sql.Date getDate(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getDate"); }
    @Override public double getDouble(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getDouble"); }
    @Override public double getDouble(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getDouble"); }
    @Override public int getFetchDirection() throws java.sql.SQLException { throw new UnsupportedOperationException("getFetchDirection"); }
    @Override public int getFetchSize() throws java.sql.SQLException { throw new UnsupportedOperationException("getFetchSize"); }
    @Override public float getFloat(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getFloat"); }
    @Override public float getFloat(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getFloat"); }
    @Override public int getHoldability() throws java.sql.SQLException { throw new UnsupportedOperationException("getHoldability"); }
    @Override public int getInt(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getInt"); }
    @Override public int getInt(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getInt"); }
    @Override public long getLong(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getLong"); }
    @Override public long getLong(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getLong"); }
    @Override public java.sql.ResultSetMetaData getMetaData() throws java.sql.SQLException { throw new UnsupportedOperationException("getMetaData"); }
    @Override public java.io.Reader getNCharacterStream(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getNCharacterStream"); }
    @Override public java.io.Reader getNCharacterStream(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getNCharacterStream"); }
    @Override public java.sql.NClob getNClob(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getNClob"); }
    @Override public java.sql.NClob getNClob(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getNClob"); }
    @Override public java.lang.String getNString(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getNString"); }
    @Override public java.lang.String getNString(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getNString"); }
    @Override public <T> T getObject(java.lang.String a0, java.lang.Class<T> a1) throws java.sql.SQLException { throw new UnsupportedOperationException("getObject"); }
    @Override public java.lang.Object getObject(java.lang.String a0, java.util.Map<java.lang.String, java.lang.Class<?>> a1) throws java.sql.SQLException { throw new UnsupportedOperationException("getObject"); }
    @Override public java.lang.Object getObject(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getObject"); }
    @Override public <T> T getObject(int a0, java.lang.Class<T> a1) throws java.sql.SQLException { throw new UnsupportedOperationException("getObject"); }
    @Override public java.lang.Object getObject(int a0, java.util.Map<java.lang.String, java.lang.Class<?>> a1) throws java.sql.SQLException { throw new UnsupportedOperationException("getObject"); }
    @Override public java.lang.Object getObject(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getObject"); }
    @Override public java.sql.Ref getRef(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getRef"); }
    @Override public java.sql.Ref getRef(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getRef"); }
    @Override public int getRow() throws java.sql.SQLException { throw new UnsupportedOperationException("getRow"); }
    @Override public java.sql.RowId getRowId(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getRowId"); }
    @Override public java.sql.RowId getRowId(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getRowId"); }
    @Override public java.sql.SQLXML getSQLXML(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getSQLXML"); }
    @Override public java.sql.SQLXML getSQLXML(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getSQLXML"); }
    @Override public short getShort(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getShort"); }
    @Override public short getShort(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getShort"); }
    @Override public java.sql.Statement getStatement() throws java.sql.SQLException { throw new UnsupportedOperationException("getStatement"); }
    @Override public java.lang.String getString(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getString"); }
    @Override public java.lang.String getString(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getString"); }
    @Override public java.sql.Time getTime(java.lang.String a0, java.util.Calendar a1) throws java.sql.SQLException { throw new UnsupportedOperationException("getTime"); }
    @Override public java.sql.Time getTime(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getTime"); }
    @Override public java.sql.Time getTime(int a0, java.util.Calendar a1) throws java.sql.SQLException { throw new UnsupportedOperationException("getTime"); }
    @Override public java.sql.Time getTime(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getTime"); }
    @Override public java.sql.Timestamp getTimestamp(java.lang.String a0, java.util.Calendar a1) throws java.sql.SQLException { throw new UnsupportedOperationException("getTimestamp"); }
    @Override public java.sql.Timestamp getTimestamp(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getTimestamp"); }
    @Override public java.sql.Timestamp getTimestamp(int a0, java.util.Calendar a1) throws java.sql.SQLException { throw new UnsupportedOperationException("getTimestamp"); }
    @Override public java.sql.Timestamp getTimestamp(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getTimestamp"); }
    @Override public int getType() throws java.sql.SQLException { throw new UnsupportedOperationException("getType"); }
    @Override public java.net.URL getURL(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getURL"); }
    @Override public java.net.URL getURL(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getURL"); }
    @Override public java.io.InputStream getUnicodeStream(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getUnicodeStream"); }
    @Override public java.io.InputStream getUnicodeStream(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("getUnicodeStream"); }
    @Override public java.sql.SQLWarning getWarnings() throws java.sql.SQLException { throw new UnsupportedOperationException("getWarnings"); }
    @Override public void insertRow() throws java.sql.SQLException { throw new UnsupportedOperationException("insertRow"); }
    @Override public boolean isAfterLast() throws java.sql.SQLException { throw new UnsupportedOperationException("isAfterLast"); }
    @Override public boolean isBeforeFirst() throws java.sql.SQLException { throw new UnsupportedOperationException("isBeforeFirst"); }
    @Override public boolean isClosed() throws java.sql.SQLException { throw new UnsupportedOperationException("isClosed"); }
    @Override public boolean isFirst() throws java.sql.SQLException { throw new UnsupportedOperationException("isFirst"); }
    @Override public boolean isLast() throws java.sql.SQLException { throw new UnsupportedOperationException("isLast"); }
    @Override public boolean isWrapperFor(java.lang.Class<?> a0) throws java.sql.SQLException { throw new UnsupportedOperationException("isWrapperFor"); }
    @Override public boolean last() throws java.sql.SQLException { throw new UnsupportedOperationException("last"); }
    @Override public void moveToCurrentRow() throws java.sql.SQLException { throw new UnsupportedOperationException("moveToCurrentRow"); }
    @Override public void moveToInsertRow() throws java.sql.SQLException { throw new UnsupportedOperationException("moveToInsertRow"); }
    @Override public boolean next() throws java.sql.SQLException { throw new UnsupportedOperationException("next"); }
    @Override public boolean previous() throws java.sql.SQLException { throw new UnsupportedOperationException("previous"); }
    @Override public void refreshRow() throws java.sql.SQLException { throw new UnsupportedOperationException("refreshRow"); }
    @Override public boolean relative(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("relative"); }
    @Override public boolean rowDeleted() throws java.sql.SQLException { throw new UnsupportedOperationException("rowDeleted"); }
    @Override public boolean rowInserted() throws java.sql.SQLException { throw new UnsupportedOperationException("rowInserted"); }
    @Override public boolean rowUpdated() throws java.sql.SQLException { throw new UnsupportedOperationException("rowUpdated"); }
    @Override public void setFetchDirection(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("setFetchDirection"); }
    @Override public void setFetchSize(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("setFetchSize"); }
    @Override public <T> T unwrap(java.lang.Class<T> a0) throws java.sql.SQLException { throw new UnsupportedOperationException("unwrap"); }
    @Override public void updateArray(java.lang.String a0, java.sql.Array a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateArray"); }
    @Override public void updateArray(int a0, java.sql.Array a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateArray"); }
    @Override public void updateAsciiStream(java.lang.String a0, java.io.InputStream a1, int a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateAsciiStream"); }
    @Override public void updateAsciiStream(java.lang.String a0, java.io.InputStream a1, long a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateAsciiStream"); }
    @Override public void updateAsciiStream(java.lang.String a0, java.io.InputStream a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateAsciiStream"); }
    @Override public void updateAsciiStream(int a0, java.io.InputStream a1, int a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateAsciiStream"); }
    @Override public void updateAsciiStream(int a0, java.io.InputStream a1, long a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateAsciiStream"); }
    @Override public void updateAsciiStream(int a0, java.io.InputStream a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateAsciiStream"); }
    @Override public void updateBigDecimal(java.lang.String a0, java.math.BigDecimal a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBigDecimal"); }
    @Override public void updateBigDecimal(int a0, java.math.BigDecimal a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBigDecimal"); }
    @Override public void updateBinaryStream(java.lang.String a0, java.io.InputStream a1, int a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBinaryStream"); }
    @Override public void updateBinaryStream(java.lang.String a0, java.io.InputStream a1, long a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBinaryStream"); }
    @Override public void updateBinaryStream(java.lang.String a0, java.io.InputStream a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBinaryStream"); }
    @Override public void updateBinaryStream(int a0, java.io.InputStream a1, int a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBinaryStream"); }
    @Override public void updateBinaryStream(int a0, java.io.InputStream a1, long a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBinaryStream"); }
    @Override public void updateBinaryStream(int a0, java.io.InputStream a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBinaryStream"); }
    @Override public void updateBlob(java.lang.String a0, java.io.InputStream a1, long a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBlob"); }
    @Override public void updateBlob(java.lang.String a0, java.io.InputStream a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBlob"); }
    @Override public void updateBlob(java.lang.String a0, java.sql.Blob a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBlob"); }
    @Override public void updateBlob(int a0, java.io.InputStream a1, long a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBlob"); }
    @Override public void updateBlob(int a0, java.io.InputStream a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBlob"); }
    @Override public void updateBlob(int a0, java.sql.Blob a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBlob"); }
    @Override public void updateBoolean(java.lang.String a0, boolean a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBoolean"); }
    @Override public void updateBoolean(int a0, boolean a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBoolean"); }
    @Override public void updateByte(java.lang.String a0, byte a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateByte"); }
    @Override public void updateByte(int a0, byte a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateByte"); }
    @Override public void updateBytes(java.lang.String a0, byte[] a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBytes"); }
    @Override public void updateBytes(int a0, byte[] a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateBytes"); }
    @Override public void updateCharacterStream(java.lang.String a0, java.io.Reader a1, int a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateCharacterStream"); }
    @Override public void updateCharacterStream(java.lang.String a0, java.io.Reader a1, long a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateCharacterStream"); }
    @Override public void updateCharacterStream(java.lang.String a0, java.io.Reader a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateCharacterStream"); }
    @Override public void updateCharacterStream(int a0, java.io.Reader a1, int a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateCharacterStream"); }
    @Override public void updateCharacterStream(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateCharacterStream"); }
    @Override public void updateCharacterStream(int a0, java.io.Reader a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateCharacterStream"); }
    @Override public void updateClob(java.lang.String a0, java.io.Reader a1, long a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateClob"); }
    @Override public void updateClob(java.lang.String a0, java.io.Reader a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateClob"); }
    @Override public void updateClob(java.lang.String a0, java.sql.Clob a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateClob"); }
    @Override public void updateClob(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateClob"); }
    @Override public void updateClob(int a0, java.io.Reader a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateClob"); }
    @Override public void updateClob(int a0, java.sql.Clob a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateClob"); }
    @Override public void updateDate(java.lang.String a0, java.sql.Date a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateDate"); }
    @Override public void updateDate(int a0, java.sql.Date a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateDate"); }
    @Override public void updateDouble(java.lang.String a0, double a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateDouble"); }
    @Override public void updateDouble(int a0, double a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateDouble"); }
    @Override public void updateFloat(java.lang.String a0, float a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateFloat"); }
    @Override public void updateFloat(int a0, float a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateFloat"); }
    @Override public void updateInt(java.lang.String a0, int a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateInt"); }
    @Override public void updateInt(int a0, int a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateInt"); }
    @Override public void updateLong(java.lang.String a0, long a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateLong"); }
    @Override public void updateLong(int a0, long a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateLong"); }
    @Override public void updateNCharacterStream(java.lang.String a0, java.io.Reader a1, long a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateNCharacterStream"); }
    @Override public void updateNCharacterStream(java.lang.String a0, java.io.Reader a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateNCharacterStream"); }
    @Override public void updateNCharacterStream(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateNCharacterStream"); }
    @Override public void updateNCharacterStream(int a0, java.io.Reader a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateNCharacterStream"); }
    @Override public void updateNClob(java.lang.String a0, java.io.Reader a1, long a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateNClob"); }
    @Override public void updateNClob(java.lang.String a0, java.io.Reader a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateNClob"); }
    @Override public void updateNClob(java.lang.String a0, java.sql.NClob a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateNClob"); }
    @Override public void updateNClob(int a0, java.io.Reader a1, long a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateNClob"); }
    @Override public void updateNClob(int a0, java.io.Reader a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateNClob"); }
    @Override public void updateNClob(int a0, java.sql.NClob a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateNClob"); }
    @Override public void updateNString(java.lang.String a0, java.lang.String a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateNString"); }
    @Override public void updateNString(int a0, java.lang.String a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateNString"); }
    @Override public void updateNull(java.lang.String a0) throws java.sql.SQLException { throw new UnsupportedOperationException("updateNull"); }
    @Override public void updateNull(int a0) throws java.sql.SQLException { throw new UnsupportedOperationException("updateNull"); }
    @Override public void updateObject(java.lang.String a0, java.lang.Object a1, int a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateObject"); }
    @Override public void updateObject(java.lang.String a0, java.lang.Object a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateObject"); }
    @Override public void updateObject(int a0, java.lang.Object a1, int a2) throws java.sql.SQLException { throw new UnsupportedOperationException("updateObject"); }
    @Override public void updateObject(int a0, java.lang.Object a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateObject"); }
    @Override public void updateRef(java.lang.String a0, java.sql.Ref a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateRef"); }
    @Override public void updateRef(int a0, java.sql.Ref a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateRef"); }
    @Override public void updateRow() throws java.sql.SQLException { throw new UnsupportedOperationException("updateRow"); }
    @Override public void updateRowId(java.lang.String a0, java.sql.RowId a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateRowId"); }
    @Override public void updateRowId(int a0, java.sql.RowId a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateRowId"); }
    @Override public void updateSQLXML(java.lang.String a0, java.sql.SQLXML a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateSQLXML"); }
    @Override public void updateSQLXML(int a0, java.sql.SQLXML a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateSQLXML"); }
    @Override public void updateShort(java.lang.String a0, short a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateShort"); }
    @Override public void updateShort(int a0, short a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateShort"); }
    @Override public void updateString(java.lang.String a0, java.lang.String a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateString"); }
    @Override public void updateString(int a0, java.lang.String a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateString"); }
    @Override public void updateTime(java.lang.String a0, java.sql.Time a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateTime"); }
    @Override public void updateTime(int a0, java.sql.Time a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateTime"); }
    @Override public void updateTimestamp(java.lang.String a0, java.sql.Timestamp a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateTimestamp"); }
    @Override public void updateTimestamp(int a0, java.sql.Timestamp a1) throws java.sql.SQLException { throw new UnsupportedOperationException("updateTimestamp"); }
    @Override public boolean wasNull() throws java.sql.SQLException { throw new UnsupportedOperationException("wasNull"); }
}
