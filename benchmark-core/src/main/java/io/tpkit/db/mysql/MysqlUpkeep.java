package io.tpkit.db.mysql;

import io.tpkit.spi.database.ServerUpkeep;

/** InnoDB checkpoints continuously, and MySQL and MariaDB have no vacuum. */
final class MysqlUpkeep implements ServerUpkeep {
    @Override
    public String noCheckpointCounter(String product) {
        return product + " counts no checkpoints: InnoDB checkpoints continuously, a little at a time (fuzzy "
                + "checkpointing), and its status says where the last checkpoint is in the redo log, not how many "
                + "there were; so there is no discrete checkpoint to look for (whether the checkpoint age reached "
                + "its steady level is not judged)";
    }
}
