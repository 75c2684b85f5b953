-- HPSS metadata for MySQL and MariaDB (InnoDB; PostgreSQL's TIMESTAMP is DATETIME(6) here),
-- after the LLNL report's SFS benchmark: a name-server table (one row per name-space object:
-- files and directories) and a bitfile table (one row per file's data descriptor).
-- Primary keys are random BIGINTs drawn by the driver; every other column
-- holds a fixed value (the name and the bitfile link follow from the keys), as in the report.
-- The keys are declared up front: the tables start empty and grow through the run, and
-- maintaining the indexes while they grow is part of what the benchmark measures.
DROP TABLE IF EXISTS hpss_nsobject;
DROP TABLE IF EXISTS hpss_bitfile;

CREATE TABLE hpss_nsobject (
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
    create_time  DATETIME(6) NOT NULL,
    modify_time  DATETIME(6) NOT NULL,
    access_time  DATETIME(6) NOT NULL,
    bitfile_id   BIGINT,                -- the file's bitfile; NULL for a directory
    comment_text VARCHAR(128) NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE hpss_bitfile (
    bitfile_id    BIGINT    NOT NULL PRIMARY KEY,
    cos_id        INT       NOT NULL, -- class of service
    storage_class INT       NOT NULL,
    file_size     BIGINT    NOT NULL,
    account_id    INT       NOT NULL,
    flags         INT       NOT NULL,
    read_count    INT       NOT NULL,
    write_count   INT       NOT NULL,
    create_time   DATETIME(6) NOT NULL,
    modify_time   DATETIME(6) NOT NULL,
    read_time     DATETIME(6) NOT NULL,
    write_time    DATETIME(6) NOT NULL
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;
