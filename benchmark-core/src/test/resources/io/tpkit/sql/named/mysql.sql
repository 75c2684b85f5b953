-- name: timestamp
DATETIME(6)

-- name: table-options
ENGINE = InnoDB
