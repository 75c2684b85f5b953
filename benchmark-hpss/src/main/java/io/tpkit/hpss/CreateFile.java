package io.tpkit.hpss;

import io.tpkit.spi.workload.Request;

/**
 * One pseudo file create: a name-space object and its bitfile, under random keys. When the
 * database reports a key already taken, the scheduler asks for new keys and retries, and
 * counts the retry; a create is never dropped.
 */
record CreateFile(long objectId, long bitfileId, KeyDraw keys) implements Request {
    @Override
    public int type() {
        return 0;
    }

    @Override
    public Request withNewKeys() {
        return keys.next();
    }
}
