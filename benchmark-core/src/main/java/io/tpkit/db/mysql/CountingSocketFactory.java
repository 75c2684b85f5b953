package io.tpkit.db.mysql;

import com.mysql.cj.conf.PropertyKey;
import com.mysql.cj.conf.PropertySet;
import com.mysql.cj.protocol.StandardSocketFactory;
import io.tpkit.db.CountingSocket;
import java.net.Socket;
import java.time.Duration;

/**
 * Connector/J's {@code socketFactory}: its standard factory, with {@link CountingSocket}s. Their
 * one-way delay ({@code --network-delay}) comes in {@code connectionAttributes}, as
 * {@link CountingSocket#DELAY_ATTRIBUTE}{@code :NANOS}: Connector/J hands a factory only the
 * properties it knows (and the server then shows the delay among the connection's attributes).
 */
public final class CountingSocketFactory extends StandardSocketFactory {
    @Override
    protected Socket createSocket(PropertySet props) {
        return new CountingSocket(delay(props.getStringProperty(PropertyKey.connectionAttributes).getValue()));
    }

    /** The delay in {@code key:value,...} attributes, zero without one. */
    public static Duration delay(String attributes) {
        if (attributes != null) {
            for (String pair : attributes.split(",")) {
                int colon = pair.indexOf(':');
                if (colon > 0 && pair.substring(0, colon).trim().equals(CountingSocket.DELAY_ATTRIBUTE)) {
                    return CountingSocket.delay(pair.substring(colon + 1));
                }
            }
        }
        return Duration.ZERO;
    }
}
