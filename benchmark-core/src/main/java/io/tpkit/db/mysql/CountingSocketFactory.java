package io.tpkit.db.mysql;

import com.mysql.cj.conf.PropertySet;
import com.mysql.cj.protocol.StandardSocketFactory;
import io.tpkit.db.CountingSocket;
import java.net.Socket;

/** Connector/J's {@code socketFactory}: its standard factory, with {@link CountingSocket}s. */
public final class CountingSocketFactory extends StandardSocketFactory {
    @Override
    protected Socket createSocket(PropertySet props) {
        return new CountingSocket();
    }
}
