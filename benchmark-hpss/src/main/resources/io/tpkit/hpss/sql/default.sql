-- The HPSS workload's SQL, by name (io.tpkit.sql.NamedSql). A database's own file
-- (DIALECT.sql, the plugin's dialect) holds the blocks it writes differently; every other
-- block comes from here. ${name} inserts a block (or a value the Java code passes).

-- name: schema
-- HPSS metadata, after the LLNL report's SFS benchmark: a name-server table (one row per
-- name-space object: files and directories) and a bitfile table (one row per file's data
-- descriptor). Primary keys are random BIGINTs drawn by the driver; every other column holds
-- a fixed value (the name and the bitfile link follow from the keys), as in the report.
-- The keys are declared up front: the tables start empty and grow through the run, and
-- maintaining the indexes while they grow is part of what the benchmark measures.
DROP TABLE IF EXISTS hpss_nsobject;
DROP TABLE IF EXISTS hpss_bitfile;
CREATE TABLE hpss_nsobject ${nsobject-columns} ${table-options};
CREATE TABLE hpss_bitfile ${bitfile-columns} ${table-options};

-- name: nsobject-columns
-- The name server's table: one row per name-space object.
(
    object_id    BIGINT       NOT NULL PRIMARY KEY,
    parent_id    BIGINT       NOT NULL,
    name         VARCHAR(255) NOT NULL,
    object_type  SMALLINT     NOT NULL, -- 1 file, 2 directory
    owner_uid    INT          NOT NULL,
    group_gid    INT          NOT NULL,
    permissions  INT          NOT NULL, -- POSIX mode bits
    link_count   INT          NOT NULL,
    account_id   INT          NOT NULL,
    fileset_id   BIGINT       NOT NULL,
    option_flags INT          NOT NULL,
    create_time  ${timestamp} NOT NULL,
    modify_time  ${timestamp} NOT NULL,
    access_time  ${timestamp} NOT NULL,
    bitfile_id   BIGINT,                -- the file's bitfile; NULL for a directory
    comment_text VARCHAR(128) NOT NULL
)

-- name: bitfile-columns
-- The bitfile server's table: one row per file's data descriptor.
(
    bitfile_id    BIGINT       NOT NULL PRIMARY KEY,
    cos_id        INT          NOT NULL, -- class of service
    storage_class INT          NOT NULL,
    file_size     BIGINT       NOT NULL,
    account_id    INT          NOT NULL,
    flags         INT          NOT NULL,
    read_count    INT          NOT NULL,
    write_count   INT          NOT NULL,
    create_time   ${timestamp} NOT NULL,
    modify_time   ${timestamp} NOT NULL,
    read_time     ${timestamp} NOT NULL,
    write_time    ${timestamp} NOT NULL
)

-- name: warm-up-tables
-- The driver's warm-up before the clock (HpssSession.warmUp): temporary tables of the same
-- names, which stand in for the benchmark's on this connection only, so that the create's own
-- statements run in them while the benchmark's tables stay as they are (empty).
CREATE TEMPORARY TABLE hpss_nsobject ${nsobject-columns} ${table-options};
CREATE TEMPORARY TABLE hpss_bitfile ${bitfile-columns} ${table-options};

-- name: drop-warm-up-tables
-- Drops the temporary tables only: should they be gone, this fails rather than drop the
-- benchmark's own.
DROP TABLE pg_temp.hpss_nsobject;
DROP TABLE pg_temp.hpss_bitfile

-- name: timestamp
-- A date and time to the microsecond.
TIMESTAMP

-- name: table-options
-- What follows a CREATE TABLE's column list: nothing by default.

-- name: insert-root
-- The load: the root directory every file is created in, by (object_id, parent_id,
-- object_type, permissions, account_id, fileset_id, create_time, modify_time, access_time).
INSERT INTO hpss_nsobject (object_id, parent_id, name, object_type, owner_uid, group_gid, permissions,
    link_count, account_id, fileset_id, option_flags, create_time, modify_time, access_time,
    bitfile_id, comment_text) VALUES (?, ?, '/', ?, 0, 0, ?, 2, ?, ?, 0, ?, ?, ?, NULL, 'root')

-- name: read-parent
-- A create's look-up of the parent directory, by object_id.
SELECT object_type, permissions, owner_uid FROM hpss_nsobject WHERE object_id = ?

-- name: insert-object
-- A create's name-server record: (object_id, parent_id, name, object_type, owner_uid,
-- group_gid, permissions, account_id, fileset_id, create_time, modify_time, access_time,
-- bitfile_id).
INSERT INTO hpss_nsobject (object_id, parent_id, name, object_type, owner_uid, group_gid, permissions,
    link_count, account_id, fileset_id, option_flags, create_time, modify_time, access_time, bitfile_id,
    comment_text) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, 0, ?, ?, ?, ?, '')

-- name: insert-bitfile
-- A create's bitfile record: (bitfile_id, cos_id, storage_class, account_id, and the four times).
INSERT INTO hpss_bitfile (bitfile_id, cos_id, storage_class, file_size, account_id, flags, read_count,
    write_count, create_time, modify_time, read_time, write_time) VALUES (?, ?, ?, 0, ?, 0, 0, 0, ?, ?, ?, ?)

-- name: count-root
-- 1 when the root directory is there: the data is "loaded".
SELECT COUNT(*) FROM hpss_nsobject WHERE object_id = 0 AND object_type = 2

-- name: count-files
-- The name-server records of files: one per committed create.
SELECT COUNT(*) FROM hpss_nsobject WHERE object_type = 1

-- name: count-bitfiles
SELECT COUNT(*) FROM hpss_bitfile

-- name: count-files-without-bitfile
SELECT COUNT(*) FROM hpss_nsobject o LEFT JOIN hpss_bitfile b ON b.bitfile_id = o.bitfile_id
WHERE o.object_type = 1 AND b.bitfile_id IS NULL

-- name: count-shared-bitfiles
SELECT COUNT(*) FROM (SELECT bitfile_id FROM hpss_nsobject WHERE object_type = 1
GROUP BY bitfile_id HAVING COUNT(*) > 1) s

-- name: count-strays
-- Records that are not files of the root directory (the root itself apart).
SELECT COUNT(*) FROM hpss_nsobject WHERE object_id <> 0
AND (object_type <> 1 OR parent_id <> 0 OR bitfile_id IS NULL)
